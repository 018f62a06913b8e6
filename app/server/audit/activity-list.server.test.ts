// The activity list of the audit log (docs/decisions/021-audit-log.md) on a real database: /admin/activity
// filters by person, entity and date, pages 50 at a time, and names what an entry is about (a tracking number,
// a party's or a staff member's name), never by an id.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as activityLoader } from "#app/routes/admin/activity.tsx";
import { ACTIVITY_PAGE_SIZE, findAuditEntries } from "#app/server/audit/audit.server.ts";
import { ADDRESS, auditHelpers, openAuditedAdmin, PASSWORD } from "#app/server/audit/audit.test-support.ts";
import { withActor } from "#app/server/audit/audit-connection.server.ts";
import { shipmentDeliveries, shipmentStatusHistory, shipments, shippers } from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import { createAdminUser } from "#app/server/staff/staff-accounts.server.ts";
import { adminContext } from "#app/server/staff/staff-guards.server.ts";
import type { SessionUser } from "#app/server/staff/staff-sessions.server.ts";
import { createTestContext } from "#tests/setup/test-db.ts";

let services: Services;
let actor: SessionUser;
beforeAll(async () => {
  ({ services, actor } = await openAuditedAdmin());
});
afterAll(() => services.close());
const { newShipment } = auditHelpers(() => ({ services }));

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
