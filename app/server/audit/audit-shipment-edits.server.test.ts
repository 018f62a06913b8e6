// The audit log (docs/decisions/021-audit-log.md) on a real database: a shipment edit through the admin is
// recorded with who, when, from where and from what to what, by the triggers on the connection the admin
// middleware names; a write without a staff member or rolled back records nothing; the log cannot be rewritten.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as activityLoader } from "#app/routes/admin/activity.tsx";
import { action as editAction } from "#app/routes/admin/shipments.$id.edit.tsx";
import { loadShipmentActivity } from "#app/server/audit/activity-page.server.ts";
import { findShipmentActivity } from "#app/server/audit/audit.server.ts";
import { ADDRESS, auditHelpers, openAuditedAdmin } from "#app/server/audit/audit.test-support.ts";
import { withActor } from "#app/server/audit/audit-connection.server.ts";
import { auditLog, quoteRequests, shipments, shippers } from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import { addStatusUpdates } from "#app/server/shipments/bulk-status.server.ts";
import { adminContext } from "#app/server/staff/staff-guards.server.ts";
import type { SessionUser } from "#app/server/staff/staff-sessions.server.ts";
import { createTestContext } from "#tests/setup/test-db.ts";

let services: Services;
let cookie: string;
let actor: SessionUser;
beforeAll(async () => {
  ({ services, actor, cookie } = await openAuditedAdmin());
});
afterAll(() => services.close());
const { entriesFor, newShipment, throughAdminLayout } = auditHelpers(() => ({ services, cookie }));

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
