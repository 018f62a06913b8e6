// The audit log (docs/decisions/021-audit-log.md) of what staff do to accounts and to the log itself, on a real
// database: sign-ins, failed sign-ins, new accounts and password resets are recorded with the account and the
// address, never a password, a hash, a token or a reset link; the retention is set in Settings → Activity log
// (itself recorded) and the prune drops only the entries older than it. The reset ends every session, so the
// retention's cases run on the session it opens again.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as settingsAction } from "#app/routes/admin/settings.tsx";
import { getAuditSettings, pruneAuditLog, updateAuditSettings } from "#app/server/audit/audit.server.ts";
import { ADDRESS, auditHelpers, openAuditedAdmin, PASSWORD } from "#app/server/audit/audit.test-support.ts";
import { withActor } from "#app/server/audit/audit-connection.server.ts";
import { createToken, hashToken } from "#app/server/auth/sessions.server.ts";
import { auditLog, passwordResetTokens, shipments } from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import { createAdminUser, setAdminPassword } from "#app/server/staff/staff-accounts.server.ts";
import type { SessionUser } from "#app/server/staff/staff-sessions.server.ts";
import { login, resetPasswordWithToken } from "#app/server/staff/staff-sign-in.server.ts";
import { openStaffSession } from "#tests/setup/staff-session.ts";

let services: Services;
let cookie: string;
let actor: SessionUser;
beforeAll(async () => {
  ({ services, actor, cookie } = await openAuditedAdmin());
});
afterAll(() => services.close());
const { entriesFor, newShipment, throughAdminLayout } = auditHelpers(() => ({ services, cookie }));

describe("staff accounts and sign-ins", () => {
  it("records sign-ins and failed sign-ins, and never a password, a hash or a token", async () => {
    const config = services.config;
    const failed = await login({
      db: services.db,
      config,
      email: "OPS@example.com",
      password: "wrong password here",
      ip: ADDRESS,
    });
    expect(failed.ok).toBe(false);
    const ok = await login({
      db: services.db,
      config,
      email: "ops@example.com",
      password: PASSWORD,
      ip: ADDRESS,
    });
    expect(ok.ok).toBe(true);
    // Staff writes on accounts: a new account and a password reset, by a signed-in administrator.
    await withActor({ pool: services.database.pool, actor, clientAddress: ADDRESS }, async (db) => {
      const made = await createAdminUser({
        db,
        email: "new@example.com",
        name: "New Clerk",
        password: "another long passphrase",
      });
      await setAdminPassword({
        db,
        userId: made!.id,
        password: "a fresh long passphrase",
        mustChangePassword: true,
      });
    });
    const rows = await services.db.select().from(auditLog);
    const signIns = rows.filter((r) => r.action.startsWith("sign_in"));
    expect(signIns.find((r) => r.action === "sign_in_failed")).toMatchObject({
      actorId: null,
      actorEmail: "OPS@example.com",
      clientAddress: ADDRESS,
      entityId: actor.id,
    });
    expect(signIns.find((r) => r.action === "sign_in")).toMatchObject({
      actorId: actor.id,
      clientAddress: ADDRESS,
    });
    const accountRows = rows.filter(
      (r) => r.entity === "admin_users" && (r.action === "insert" || r.action === "update"),
    );
    expect(accountRows.length).toBeGreaterThanOrEqual(2);
    expect(accountRows.find((r) => r.action === "update")!.changes).toEqual({
      must_change_password: [false, true],
    });
    const everything = JSON.stringify(rows);
    for (const secret of [
      PASSWORD,
      "wrong password here",
      "another long passphrase",
      "a fresh long passphrase",
    ]) {
      expect(everything).not.toContain(secret);
    }
    expect(everything).not.toMatch(/password_hash|\$argon2|token/);
  });
});

describe("a password reset by e-mailed link", () => {
  it("is recorded with the account and address, in the reset's transaction, without the password or the link", async () => {
    const token = createToken();
    await services.db.insert(passwordResetTokens).values({
      tokenHash: hashToken(token),
      userId: actor.id,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const newPassword = "a reset long passphrase";
    expect(
      await resetPasswordWithToken({ db: services.db, token, password: newPassword, clientAddress: ADDRESS }),
    ).toBe(true);
    const rows = await services.db.select().from(auditLog).where(eq(auditLog.action, "password_reset"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: actor.id,
      clientAddress: ADDRESS,
      entityId: actor.id,
      changes: null,
    });
    const everything = JSON.stringify(await services.db.select().from(auditLog));
    expect(everything).not.toContain(newPassword);
    expect(everything).not.toContain(token);
    expect(everything).not.toContain(hashToken(token));
    // The reset ended every session: sign in again for the tests below.
    await setAdminPassword({ db: services.db, userId: actor.id, password: PASSWORD });
    ({ cookie } = await openStaffSession({ ...services, userId: actor.id }));
  });
});

describe("the retention", () => {
  it("is set in Settings → Activity log (30 to 3650 days), and the change is itself recorded", async () => {
    const refused = (await throughAdminLayout(
      "/admin/settings",
      { intent: "activity-log", retentionDays: "7" },
      ({ request, context }) => settingsAction({ request, context, params: {} } as never) as Promise<unknown>,
    )) as Response;
    expect(refused.status).toBe(200);
    expect((await getAuditSettings({ db: services.db })).retentionDays).toBe(730);
    const saved = (await throughAdminLayout(
      "/admin/settings",
      { intent: "activity-log", retentionDays: "365" },
      ({ request, context }) => settingsAction({ request, context, params: {} } as never) as Promise<unknown>,
    )) as Response;
    expect(saved.status).toBe(302);
    expect((await getAuditSettings({ db: services.db })).retentionDays).toBe(365);
    const [entry] = await entriesFor("audit");
    expect(entry).toMatchObject({ action: "insert", entity: "site_settings", actorId: actor.id });
    expect(entry!.changes).toEqual({ retentionDays: [null, 365] });
  });

  it("prunes only the entries older than the retention", async () => {
    await updateAuditSettings({ db: services.db, settings: { retentionDays: 30 } });
    const old = await newShipment("AUD-OLD");
    await withActor({ pool: services.database.pool, actor, clientAddress: ADDRESS }, (db) =>
      db.update(shipments).set({ notes: "old" }).where(eq(shipments.id, old.id)),
    );
    await withActor({ pool: services.database.pool, actor, clientAddress: ADDRESS }, (db) =>
      db.update(shipments).set({ notes: "new" }).where(eq(shipments.id, old.id)),
    );
    const total = (await services.db.select().from(auditLog)).length;
    const inFortyDays = new Date(Date.now() + 40 * 24 * 60 * 60 * 1000);
    const inTwentyDays = new Date(Date.now() + 20 * 24 * 60 * 60 * 1000);
    expect(await pruneAuditLog({ db: services.db, now: inTwentyDays })).toBe(0);
    expect((await services.db.select().from(auditLog)).length).toBe(total);
    expect(await pruneAuditLog({ db: services.db, now: inFortyDays })).toBe(total);
    await updateAuditSettings({ db: services.db, settings: { retentionDays: 730 } });
  });
});
