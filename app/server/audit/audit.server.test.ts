// Longer than 450 lines: the audit log's triggers, connection, sign-ins, prune and list share one database
// and its actors.
// The audit log (decision 021) on a real database: the triggers, the admin middleware's connection, sign-ins,
// the prune and the activity list.
import { eq, sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as activityLoader } from "#app/routes/admin/activity.tsx";
import { action as settingsAction } from "#app/routes/admin/settings.tsx";
import { action as editAction } from "#app/routes/admin/shipments.$id.edit.tsx";
import { loadShipmentActivity } from "#app/server/audit/activity-page.server.ts";
import {
  ACTIVITY_PAGE_SIZE,
  findAuditEntries,
  findShipmentActivity,
  getAuditSettings,
  pruneAuditLog,
  updateAuditSettings,
} from "#app/server/audit/audit.server.ts";
import { withActor } from "#app/server/audit/audit-connection.server.ts";
import { createToken, hashToken } from "#app/server/auth/sessions.server.ts";
import {
  auditLog,
  passwordResetTokens,
  quoteRequests,
  shipmentDeliveries,
  shipmentStatusHistory,
  shipments,
  shippers,
} from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import { addStatusUpdates } from "#app/server/shipments/bulk-status.server.ts";
import { createAdminUser, setAdminPassword } from "#app/server/staff/staff-accounts.server.ts";
import { adminContext, requireAdminMiddleware } from "#app/server/staff/staff-guards.server.ts";
import type { SessionUser } from "#app/server/staff/staff-sessions.server.ts";
import { login, resetPasswordWithToken } from "#app/server/staff/staff-sign-in.server.ts";
import { openStaffSession, signInStaff } from "#tests/setup/staff-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
let cookie: string;
let actor: SessionUser;
const ADDRESS = "198.51.100.7";
const PASSWORD = "a sturdy staff passphrase";

beforeAll(async () => {
  services = await createTestServices();
  ({ user: actor, cookie } = await signInStaff({
    ...services,
    email: "ops@example.com",
    name: "Olu Ops",
    password: PASSWORD,
    role: "administrator",
  }));
});
afterAll(() => services.close());

const entriesFor = (entityId: string) =>
  services.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(auditLog.createdAt);

async function newShipment(trackingNumber: string, estimatedDelivery = new Date("2026-12-01T00:00:00Z")) {
  const [row] = await services.db
    .insert(shipments)
    .values({
      trackingNumber,
      status: "In Transit",
      originLocation: "Monrovia",
      destinationLocation: "Accra",
      dimensions: "1 x 1 x 1",
      estimatedDelivery,
    })
    .returning();
  return row!;
}

/** Runs an admin route's action the way a request does: through the admin layout's middleware. */
async function throughAdminLayout(
  path: string,
  fields: Record<string, string>,
  run: (args: { request: Request; context: RouterContextProvider }) => Promise<unknown>,
) {
  const context = createTestContext(services, ADDRESS);
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { cookie },
    body: new URLSearchParams(fields),
  });
  return requireAdminMiddleware(
    { request, context, params: {}, url: new URL(request.url), pattern: path } as never,
    async () => {
      const result = await run({ request, context });
      return result instanceof Response ? result : new Response(null, { status: 200 });
    },
  );
}

describe("a shipment edit through the admin", () => {
  it("records who changed the estimated delivery, when, from where, and from what to what", async () => {
    const shipment = await newShipment("AUD-0001");
    const before = Date.now();
    const response = (await throughAdminLayout(
      `/admin/shipments/${shipment.id}/edit`,
      {
        intent: "save-shipment",
        trackingNumber: "AUD-0001",
        status: "In Transit",
        originLocation: "Monrovia",
        destinationLocation: "Accra",
        currentLocation: "",
        estimatedDelivery: "2026-12-04",
        weight: "",
        dimensions: "1 x 1 x 1",
        notes: "",
        shipperId: "none",
        consigneeId: "none",
      },
      ({ request, context }) =>
        editAction({ request, context, params: { id: shipment.id } } as never) as Promise<unknown>,
    )) as Response;
    expect(response.status).toBe(302);
    const entries = (await entriesFor(shipment.id)).filter((e) => e.action === "update");
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({
      actorId: actor.id,
      actorName: "Olu Ops",
      actorEmail: "ops@example.com",
      clientAddress: ADDRESS,
      entity: "shipments",
      shipmentId: shipment.id,
    });
    expect(entry!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const changes = entry!.changes as Record<string, [string, string]>;
    expect(changes.estimated_delivery![0]).toMatch(/^2026-12-01T00:00:00/);
    expect(changes.estimated_delivery![1]).toMatch(/^2026-12-04T00:00:00/);
    // Only what changed (no updated_at, no unchanged fields).
    expect(Object.keys(changes)).toEqual(["estimated_delivery"]);
    // And the shipment's Activity card reads it.
    const activity = await findShipmentActivity({ db: services.db, shipmentId: shipment.id });
    expect(activity[0]!.changes).toEqual(changes);
    // /admin/activity answers 'who changed this ETA, and when?' in words.
    const ctx = createTestContext(services);
    ctx.set(adminContext, actor);
    const page = await activityLoader({
      request: new Request(`http://localhost/admin/activity?entity=shipments&person=${actor.id}`),
      context: ctx,
      params: {},
    } as never);
    const shown = page.entries.find(
      (e) => e.href === `/admin/shipments/${shipment.id}` && e.action === "Changed",
    );
    expect(shown).toMatchObject({
      person: "Olu Ops",
      personEmail: "ops@example.com",
      address: ADDRESS,
      entity: "Shipment",
      changes: [
        {
          field: "estimated_delivery",
          label: "Estimated delivery",
          before: "2026-12-01",
          after: "2026-12-04",
        },
      ],
    });
    // A party chosen on a shipment reads as its name.
    const [zed] = await services.db
      .insert(shippers)
      .values({ name: "Zed Shipping", company: "Zed Ltd" })
      .returning();
    await withActor({ pool: services.database.pool, actor, clientAddress: ADDRESS }, (db) =>
      db.update(shipments).set({ shipperId: zed!.id }).where(eq(shipments.id, shipment.id)),
    );
    const [latest] = await loadShipmentActivity({
      db: services.db,
      shipmentId: shipment.id,
      timeZone: "UTC",
    });
    expect(latest!.changes).toEqual([
      { field: "shipper_id", label: "Shipper", before: "(empty)", after: "Zed Shipping (Zed Ltd)" },
    ]);
    // The connection went back to the pool without the name on it.
    const [settings] = (await services.db.execute(sql`select current_setting('app.actor_id', true) as actor`))
      .rows as { actor: string | null }[];
    expect(settings!.actor ?? "").toBe("");
  });

  it("records nothing for a write without a staff member (a public form, the scheduler)", async () => {
    const [request] = await services.db
      .insert(quoteRequests)
      .values({
        firstName: "Ama",
        lastName: "Mensah",
        email: "ama@example.com",
        cityDeparture: "Accra",
        deliveryCity: "Monrovia",
        parcelType: "Box",
        weight: "5 kg",
        freightTypes: ["air"],
      })
      .returning();
    const shipment = await newShipment("AUD-0002");
    await services.db.update(shipments).set({ status: "Delayed" }).where(eq(shipments.id, shipment.id));
    expect(await entriesFor(request!.id)).toEqual([]);
    expect(await entriesFor(shipment.id)).toEqual([]);
  });

  it("records nothing when the write is rolled back", async () => {
    const shipment = await newShipment("AUD-0003");
    await expect(
      withActor({ pool: services.database.pool, actor, clientAddress: ADDRESS }, (db) =>
        db.transaction(async (tx) => {
          await tx.update(shipments).set({ status: "Delayed" }).where(eq(shipments.id, shipment.id));
          throw new Error("refused");
        }),
      ),
    ).rejects.toThrow("refused");
    expect(await entriesFor(shipment.id)).toEqual([]);
  });

  it("records one entry per shipment for a bulk status update, in its one transaction", async () => {
    const rows = await Promise.all(["AUD-B1", "AUD-B2", "AUD-B3"].map((n) => newShipment(n)));
    const result = await withActor({ pool: services.database.pool, actor, clientAddress: ADDRESS }, (db) =>
      addStatusUpdates({
        db,
        target: { ids: rows.map((r) => r.id) },
        input: {
          status: "Arrived",
          location: "Accra",
          notes: null,
          timestamp: new Date(),
          alsoSetCurrent: true,
        },
        notify: false,
        key: "bulk-audit-1",
      }),
    );
    expect(result).toMatchObject({ ok: true, count: 3 });
    for (const row of rows) {
      const entries = await findShipmentActivity({ db: services.db, shipmentId: row.id });
      const history = entries.filter((e) => e.entity === "shipment_status_history");
      const updates = entries.filter((e) => e.entity === "shipments" && e.action === "update");
      expect(history).toHaveLength(1);
      expect(history[0]!.changes).toMatchObject({ status: [null, "Arrived"], location: [null, "Accra"] });
      expect(updates).toHaveLength(1);
      expect(updates[0]!.changes).toMatchObject({ status: ["In Transit", "Arrived"] });
    }
  });

  it("refuses to change or delete an entry from a staff connection", async () => {
    const [entry] = await services.db.select().from(auditLog).limit(1);
    await expect(
      services.db.update(auditLog).set({ clientAddress: "0.0.0.0" }).where(eq(auditLog.id, entry!.id)),
    ).rejects.toThrow();
    await expect(
      withActor({ pool: services.database.pool, actor, clientAddress: ADDRESS }, (db) =>
        db.delete(auditLog).where(eq(auditLog.id, entry!.id)),
      ),
    ).rejects.toThrow();
    expect(await services.db.select().from(auditLog).where(eq(auditLog.id, entry!.id))).toHaveLength(1);
  });
});

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

describe("the activity list", () => {
  it("filters by person, entity and date, and pages 50 at a time", async () => {
    const other = await createAdminUser({
      db: services.db,
      email: "editor@example.com",
      name: "Edi",
      password: PASSWORD,
    });
    const editor: SessionUser = {
      id: other!.id,
      email: "editor@example.com",
      name: "Edi",
      mustChangePassword: false,
      role: "operations",
    };
    const shipment = await newShipment("AUD-LIST");
    await withActor({ pool: services.database.pool, actor: editor, clientAddress: ADDRESS }, async (db) => {
      for (let i = 0; i < ACTIVITY_PAGE_SIZE + 5; i++) {
        await db
          .update(shipments)
          .set({ notes: `note ${i}` })
          .where(eq(shipments.id, shipment.id));
      }
    });
    const timeZone = "Africa/Monrovia";
    const first = await findAuditEntries({
      db: services.db,
      filters: { person: editor.id, page: 1 },
      timeZone,
    });
    expect(first.total).toBe(ACTIVITY_PAGE_SIZE + 5);
    expect(first.entries).toHaveLength(ACTIVITY_PAGE_SIZE);
    expect(first.pageCount).toBe(2);
    expect(first.entries.every((e) => e.actorId === editor.id)).toBe(true);
    const second = await findAuditEntries({
      db: services.db,
      filters: { person: editor.id, page: 2 },
      timeZone,
    });
    expect(second.entries).toHaveLength(5);
    expect(second.entries[4]!.changes).toEqual({ notes: [null, "note 0"] });
    const parties = await findAuditEntries({
      db: services.db,
      filters: { person: editor.id, entity: "shippers", page: 1 },
      timeZone,
    });
    expect(parties.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const byDate = await findAuditEntries({
      db: services.db,
      filters: { person: editor.id, from: today, to: today, page: 1 },
      timeZone,
    });
    expect(byDate.total).toBe(ACTIVITY_PAGE_SIZE + 5);
    const before = await findAuditEntries({
      db: services.db,
      filters: { person: editor.id, to: "2020-01-01", page: 1 },
      timeZone,
    });
    expect(before.total).toBe(0);
  });
});

describe("what the entries name", () => {
  it("names the shipment by its tracking number, a party by its name and a staff member by theirs, never by an id", async () => {
    const shipment = await newShipment("AUD-NAMED-1");
    const [party] = await services.db.insert(shippers).values({ name: "Named Shipper" }).returning();
    await withActor({ pool: services.database.pool, actor, clientAddress: ADDRESS }, async (db) => {
      await db.update(shipments).set({ notes: "checked" }).where(eq(shipments.id, shipment.id));
      await db.update(shippers).set({ phone: "+231770123456" }).where(eq(shippers.id, party!.id));
      const [history] = await db
        .insert(shipmentStatusHistory)
        .values({ shipmentId: shipment.id, status: "Delivered", location: "Accra", timestamp: new Date() })
        .returning();
      await db.insert(shipmentDeliveries).values({
        shipmentId: shipment.id,
        draftId: crypto.randomUUID(),
        receiverName: "Ama Mensah",
        deliveredAt: new Date(),
        historyId: history!.id,
        recordedBy: actor.id,
      });
    });
    const ctx = createTestContext(services);
    ctx.set(adminContext, actor);
    const page = await activityLoader({
      request: new Request(`http://localhost/admin/activity?person=${actor.id}`),
      context: ctx,
      params: {},
    } as never);
    const changed = page.entries.find((e) => e.entity === "Shipment" && e.subject === "AUD-NAMED-1");
    expect(changed).toMatchObject({ action: "Changed", href: `/admin/shipments/${shipment.id}` });
    expect(page.entries.find((e) => e.entity === "Shipper")).toMatchObject({ subject: "Named Shipper" });
    const delivery = page.entries.find((e) => e.entity === "Delivery")!;
    expect(delivery.subject).toBe("on AUD-NAMED-1");
    expect(delivery.changes.find((c) => c.field === "recorded_by")?.after).toBe("Olu Ops");
    // No id of any kind reaches the page.
    const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
    for (const entry of page.entries) {
      expect(entry.subject ?? "").not.toMatch(uuid);
      for (const change of entry.changes) expect(`${change.before} ${change.after}`).not.toMatch(uuid);
    }
  });
});
