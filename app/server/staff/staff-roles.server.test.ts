// Staff roles (decision 019): the role is read on every request, disabling ends sessions and sign-in, the set-password
// link of a new account, and the last enabled Administrator always stays.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminRoutePattern, homeOrAllowed, roleMayUse } from "#app/lib/roles.ts";
import { adminUsers, outbox } from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import {
  changeStaffRole,
  createAdminUser,
  deleteAdminUser,
  findAdminByEmail,
  setStaffDisabled,
} from "#app/server/staff/staff-accounts.server.ts";
import { getSessionUser } from "#app/server/staff/staff-sessions.server.ts";
import {
  INVITE_LINK_HOURS,
  isResetTokenValid,
  login,
  requestPasswordReset,
  resetPasswordWithToken,
  sendSetPasswordLink,
} from "#app/server/staff/staff-sign-in.server.ts";
import { openStaffSession, signInStaff } from "#tests/setup/staff-session.ts";
import { createTestServices } from "#tests/setup/test-db.ts";

const PASSWORD = "a sturdy staff passphrase";
let services: Services;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

const make = async (email: string, role: "administrator" | "operations" | "editor" = "administrator") =>
  (await createAdminUser({ db: services.db, email, password: PASSWORD, role }))!.id;

describe("the role table", () => {
  it("keeps every shipment address from an Editor, including ones added later below /admin/shipments", () => {
    for (const path of [
      "/admin/shipments",
      "/admin/shipments/1/label.pdf",
      "/admin/shipments/1/waybill.pdf",
      "/admin/shipments/labels.pdf",
      "/admin/shipments/export",
      "/admin/shipments/import",
      "/admin/shipments/1/deliver/photos",
      "/admin/delivery-photos/1",
      "/admin/deliveries/1/signature",
      "/admin/quote-requests/1/quote.pdf",
    ]) {
      expect(roleMayUse("editor", path), path).toBe(false);
      expect(roleMayUse("operations", path), path).toBe(true);
    }
    expect(adminRoutePattern("/admin/shipments/export")).toBe("/admin/shipments/:id");
    expect(roleMayUse("editor", "/admin/cms/blog/1")).toBe(true);
    expect(roleMayUse("operations", "/admin/media")).toBe(false);
    expect(roleMayUse("operations", "/admin/staff")).toBe(false);
    expect(roleMayUse("administrator", "/admin/staff")).toBe(true);
    // Unknown admin pages answer 404 to everyone; an unknown settings page stays the Administrators'.
    expect(roleMayUse("editor", "/admin/no-such-page")).toBe(true);
    expect(roleMayUse("editor", "/admin/settings/anything")).toBe(false);
  });

  it("sends a remembered location outside the role to the role's first page", () => {
    expect(homeOrAllowed("editor", "/admin/shipments/1")).toBe("/admin/blog");
    expect(homeOrAllowed("editor", "/admin/cms/blog/new")).toBe("/admin/cms/blog/new");
    expect(homeOrAllowed("operations", "/admin/shipments?q=1")).toBe("/admin/shipments?q=1");
    expect(homeOrAllowed("operations", "/admin/settings")).toBe("/admin/dashboard");
    expect(homeOrAllowed("administrator", null)).toBe("/admin/dashboard");
  });
});

describe("staff accounts with roles", () => {
  it("existing and new accounts are Administrators unless told otherwise; the role is read on every request", async () => {
    const { db, config } = services;
    const session = await signInStaff({ db, config, email: "reader@example.com" });
    const { id } = session.user;
    expect((await getSessionUser({ db, config, token: session.token }))?.role).toBe("administrator");
    await make("keeper@example.com");
    expect(await changeStaffRole({ db, userId: id, role: "editor" })).toBe("changed");
    expect((await getSessionUser({ db, config, token: session.token }))?.role).toBe("editor");
  });

  it("a disabled account loses its sessions, cannot sign in (same answer as a wrong password) nor reset", async () => {
    const { db, config } = services;
    const admin = await make("disabler@example.com");
    const session = await signInStaff({ db, config, email: "leaver@example.com", role: "operations" });
    const { id } = session.user;
    await requestPasswordReset({ ...services, email: "leaver@example.com" });
    const mail = (await db.select().from(outbox).where(eq(outbox.to, "leaver@example.com"))).at(-1)!;
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;

    expect(await setStaffDisabled({ db, userId: admin, actorId: admin, disabled: true })).toBe("self");
    expect(await setStaffDisabled({ db, userId: id, actorId: admin, disabled: true })).toBe("done");
    expect(await getSessionUser({ db, config, token: session.token })).toBeNull();
    // A session made by any other way meanwhile does not work either.
    const late = await openStaffSession({ db, config, userId: id });
    expect(await getSessionUser({ db, config, token: late.token })).toBeNull();
    const attempt = await login({
      db,
      config,
      email: "leaver@example.com",
      password: PASSWORD,
      ip: "192.0.2.90",
    });
    expect(attempt).toEqual({ ok: false, reason: "invalid" });
    expect(await isResetTokenValid({ db, token })).toBe(false);
    expect(await resetPasswordWithToken({ db, token, password: "a different passphrase" })).toBe(false);
    const before = (await db.select().from(outbox)).length;
    await requestPasswordReset({ ...services, email: "leaver@example.com" });
    expect((await db.select().from(outbox)).length).toBe(before);

    expect(await setStaffDisabled({ db, userId: id, actorId: admin, disabled: false })).toBe("done");
    const back = await login({
      db,
      config,
      email: "leaver@example.com",
      password: PASSWORD,
      ip: "192.0.2.90",
    });
    expect(back.ok && back.user.role).toBe("operations");
  });

  it("a new person gets a single-use set-password link valid for 72 hours", async () => {
    const { db, config } = services;
    const created = await createAdminUser({
      db,
      email: "newcomer@example.com",
      name: "New Comer",
      role: "editor",
    });
    const now = new Date();
    expect(await sendSetPasswordLink({ ...services, userId: created!.id, invitedBy: "The Boss", now })).toBe(
      true,
    );
    const mail = (await db.select().from(outbox).where(eq(outbox.to, "newcomer@example.com"))).at(-1)!;
    // Said to the person as their role, never 'admin account' to an Editor or an Operations clerk.
    expect(mail.subject).toBe("Your staff account: choose a password");
    expect(mail.text).toContain("as Editor. What you can use: Blog posts and media.");
    expect(mail.text).not.toMatch(/admin account/i);
    expect(mail.text).toContain(`within ${INVITE_LINK_HOURS} hours`);
    expect(mail.expiresAt!.getTime() - now.getTime()).toBe(INVITE_LINK_HOURS * 3600 * 1000);
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    // No password works before the link is used.
    expect(await isResetTokenValid({ db, token, now: new Date(now.getTime() + 71 * 3600 * 1000) })).toBe(
      true,
    );
    expect(await resetPasswordWithToken({ db, token, password: "a newcomer passphrase" })).toBe(true);
    const signedIn = await login({
      db,
      config,
      email: "newcomer@example.com",
      password: "a newcomer passphrase",
      ip: "192.0.2.91",
    });
    expect(signedIn.ok && signedIn.user.role).toBe("editor");
  });
});

describe("the last enabled Administrator", () => {
  it("cannot be demoted, disabled or removed, even by two administrators demoting each other at once", async () => {
    const { db } = services;
    // Only two Administrators left enabled: demote every other one first.
    const others = await db.select().from(adminUsers);
    const a = await make("first-admin@example.com");
    const b = await make("second-admin@example.com");
    for (const row of others) {
      if (row.role === "administrator" && !row.disabledAt) {
        await changeStaffRole({ db, userId: row.id, role: "operations" });
      }
    }
    const results = await Promise.all([
      changeStaffRole({ db, userId: a, role: "operations" }),
      changeStaffRole({ db, userId: b, role: "editor" }),
    ]);
    expect(results.sort()).toEqual(["changed", "last"]);
    const remaining = (await db.select().from(adminUsers)).filter(
      (row) => row.role === "administrator" && !row.disabledAt,
    );
    expect(remaining).toHaveLength(1);
    const last = remaining[0]!.id;
    const other = last === a ? b : a;
    expect(await changeStaffRole({ db, userId: last, role: "editor" })).toBe("last");
    expect(await setStaffDisabled({ db, userId: last, actorId: other, disabled: true })).toBe("last");
    expect(await deleteAdminUser({ db, userId: last, actorId: other })).toBe("last");
    expect(
      (
        await findAdminByEmail({
          db,
          email: last === a ? "first-admin@example.com" : "second-admin@example.com",
        })
      )?.role,
    ).toBe("administrator");
  });
});
