// The shipment data modules against a real database: the staff's list and its search (shipment-list.server.ts),
// the dashboard's counts (shipment-dashboard.server.ts), and shipments with their status history
// (shipments.server.ts), whose backdated updates keep their event time in the admin and public timelines. The
// form rules of the same data are in shipment-form-rules.test.ts.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { partySchema, shipmentSchema } from "#app/schemas/shipment.ts";
import { statusUpdateSchema } from "#app/schemas/shipment-status.ts";
import type { Database } from "#app/server/db/client.server.ts";
import { consignees, shipmentStatusHistory, shipments, shippers } from "#app/server/db/schema.ts";
import { createParty, deleteParty, PartyNotFoundError } from "#app/server/parties/parties.server.ts";
import { countShipments, getShipmentStats } from "#app/server/shipments/shipment-dashboard.server.ts";
import { findShipments } from "#app/server/shipments/shipment-list.server.ts";
import {
  addStatusUpdate,
  createShipment,
  DuplicateTrackingNumberError,
  deleteShipment,
  deleteStatusUpdate,
  generateTrackingNumber,
  getShipmentById,
  TrackingKeyTakenError,
  updateShipment,
  updateStatusUpdate,
} from "#app/server/shipments/shipments.server.ts";
import { getPublicShipmentByTrackingNumber } from "#app/server/shipments/tracking.server.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** A status update as the form posts it, in Monrovia time (UTC all year). */
const statusInput = (fields: Record<string, string>) =>
  statusUpdateSchema({ timeZone: "Africa/Monrovia" }).parse({ timestamp: "2026-01-01T10:00", ...fields });

const shipmentInput = (overrides: Record<string, string> = {}) =>
  shipmentSchema.parse({
    trackingNumber: `UTG-${Math.floor(Math.random() * 1e4)
      .toString()
      .padStart(4, "0")}-${Math.floor(Math.random() * 1e4)
      .toString()
      .padStart(4, "0")}`,
    status: "Processing",
    originLocation: "Monrovia, Liberia",
    destinationLocation: "Accra, Ghana",
    estimatedDelivery: "2026-12-01",
    dimensions: "10 x 10 x 10 cm",
    ...overrides,
  });

describe("shipments", () => {
  it("creates, finds by a case-insensitive substring of any searchable field, and pages", async () => {
    const { db } = database;
    await createShipment({
      db,
      input: shipmentInput({ trackingNumber: "SRCH-0001", originLocation: "Rotterdam, Netherlands" }),
    });
    await createShipment({ db, input: shipmentInput({ trackingNumber: "SRCH-0002", status: "In Transit" }) });
    await createShipment({
      db,
      input: shipmentInput({ trackingNumber: "SRCH-0003", destinationLocation: "Lagos, Nigeria" }),
    });

    const byOrigin = await findShipments({ db, search: "rotterDAM" });
    expect(byOrigin.rows.map((r) => r.trackingNumber)).toEqual(["SRCH-0001"]);
    const byStatus = await findShipments({ db, search: "in tran" });
    expect(byStatus.rows.map((r) => r.trackingNumber)).toContain("SRCH-0002");
    const byDestination = await findShipments({ db, search: "lagos" });
    expect(byDestination.rows.map((r) => r.trackingNumber)).toEqual(["SRCH-0003"]);
    const byNumber = await findShipments({ db, search: "srch-000" });
    expect(byNumber.total).toBe(3);

    // Wildcards are literal; a match never spans two fields.
    expect((await findShipments({ db, search: "%" })).total).toBe(0);
    expect((await findShipments({ db, search: "_" })).total).toBe(0);
    expect((await findShipments({ db, search: "Netherlands\u001fAccra" })).total).toBe(0);

    const first = await findShipments({ db, search: "SRCH", pageSize: 2, page: 1 });
    const second = await findShipments({ db, search: "SRCH", pageSize: 2, page: 2 });
    expect(first).toMatchObject({ total: 3, pageCount: 2, page: 1 });
    expect(first.rows).toHaveLength(2);
    expect(second.rows).toHaveLength(1);
    expect(new Set([...first.rows, ...second.rows].map((r) => r.id)).size).toBe(3);
    // Newest first by default; a page past the end is the last page.
    expect(first.rows[0]!.trackingNumber).toBe("SRCH-0003");
    expect((await findShipments({ db, search: "SRCH", pageSize: 2, page: 99 })).page).toBe(2);
    const oldest = await findShipments({ db, search: "SRCH", sort: "oldest" });
    expect(oldest.rows[0]!.trackingNumber).toBe("SRCH-0001");
  });

  it("also finds shipments by their shipper's or consignee's name or company", async () => {
    const { db } = database;
    const okafor = await createParty({
      db,
      kind: "shipper",
      input: partySchema.parse({ name: "Chidi Okafor", company: "Okafor Auto Parts" }),
    });
    const mensah = await createParty({
      db,
      kind: "consignee",
      input: partySchema.parse({ name: "Ama Mensah", company: "Harbour Foods", email: "okafor@example.com" }),
    });
    const sent = await createShipment({
      db,
      input: { ...shipmentInput({ trackingNumber: "PTY-0001" }), shipperId: okafor.id },
    });
    const received = await createShipment({
      db,
      input: { ...shipmentInput({ trackingNumber: "PTY-0002" }), consigneeId: mensah.id },
    });
    await createShipment({ db, input: shipmentInput({ trackingNumber: "PTY-0003" }) });

    const byShipperName = await findShipments({ db, search: "okafor" });
    expect(byShipperName.rows.map((r) => r.trackingNumber)).toEqual(["PTY-0001"]);
    expect(byShipperName.rows[0]).toMatchObject({ id: sent.id, shipperName: "Chidi Okafor" });
    expect((await findShipments({ db, search: "AUTO parts" })).rows.map((r) => r.id)).toEqual([sent.id]);
    expect((await findShipments({ db, search: "ama mens" })).rows.map((r) => r.id)).toEqual([received.id]);
    expect((await findShipments({ db, search: "harbour foods" })).rows.map((r) => r.id)).toEqual([
      received.id,
    ]);
    // Names and companies only (an e-mail address is not a name), and never across two fields.
    expect((await findShipments({ db, search: "example.com" })).total).toBe(0);
    expect((await findShipments({ db, search: "Okafor Okafor" })).total).toBe(0);
    // With the other filters and in both orders.
    expect((await findShipments({ db, search: "okafor", status: "Delivered" })).total).toBe(0);
    expect((await findShipments({ db, search: "okafor", status: "active", sort: "oldest" })).total).toBe(1);
  });

  it("serves the search from the trigram index", async () => {
    const { db } = database;
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(
        sql`explain select id from shipments where (tracking_number || E'\\x1f' || status || E'\\x1f' || origin_location || E'\\x1f' || destination_location) ilike '%rotterdam%'`,
      );
      return JSON.stringify(result.rows);
    });
    expect(plan).toContain("shipments_search_trgm_idx");
  });

  it("finds the parties of a search from their trigram indexes, and the shipments from their party indexes", async () => {
    const { db } = database;
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql`explain select id from shipments where
        (tracking_number || E'\\x1f' || status || E'\\x1f' || origin_location || E'\\x1f' || destination_location) ilike '%okafor%'
        or shipper_id = any(array(select id from shippers where (name || E'\\x1f' || coalesce(company, '')) ilike '%okafor%'))
        or consignee_id = any(array(select id from consignees where (name || E'\\x1f' || coalesce(company, '')) ilike '%okafor%'))`);
      return JSON.stringify(result.rows);
    });
    for (const index of [
      "shipments_search_trgm_idx",
      "shippers_search_trgm_idx",
      "consignees_search_trgm_idx",
      "shipments_shipper_idx",
      "shipments_consignee_idx",
    ]) {
      expect(plan).toContain(index);
    }
  });

  it("counts all and active shipments, and filters the active ones", async () => {
    const { db } = database;
    const before = await countShipments({ db });
    await createShipment({ db, input: shipmentInput({ status: "Delivered" }) });
    await createShipment({ db, input: shipmentInput({ status: "delivered" }) });
    await createShipment({ db, input: shipmentInput({ status: "Delayed" }) });
    const after = await countShipments({ db });
    expect(after.total - before.total).toBe(3);
    expect(after.active - before.active).toBe(1);
    const active = await findShipments({ db, status: "active", pageSize: 100 });
    expect(active.rows.every((r) => r.status.toLowerCase() !== "delivered")).toBe(true);
    expect(active.total).toBe(after.active);
  });

  it("refuses a duplicate tracking number and an unknown party", async () => {
    const { db } = database;
    await createShipment({ db, input: shipmentInput({ trackingNumber: "DUP-1234" }) });
    await expect(
      createShipment({ db, input: shipmentInput({ trackingNumber: "dup-1234" }) }),
    ).rejects.toThrow(DuplicateTrackingNumberError);
    const other = await createShipment({ db, input: shipmentInput({ trackingNumber: "DUP-5678" }) });
    await expect(
      updateShipment({ db, id: other.id, input: shipmentInput({ trackingNumber: "DUP-1234" }) }),
    ).rejects.toThrow(DuplicateTrackingNumberError);
    await expect(
      createShipment({
        db,
        input: { ...shipmentInput(), shipperId: "00000000-0000-4000-8000-000000000000" },
      }),
    ).rejects.toThrow(PartyNotFoundError);
    // A number that differs only in dashes or case has the same key: refused, naming the shipment that has it.
    const similar = createShipment({ db, input: shipmentInput({ trackingNumber: "DUP12-34" }) });
    await expect(similar).rejects.toThrow(TrackingKeyTakenError);
    await expect(similar).rejects.toMatchObject({ existingTrackingNumber: "DUP-1234" });
    await expect(
      updateShipment({ db, id: other.id, input: shipmentInput({ trackingNumber: "DUP5-678" }) }),
    ).resolves.toMatchObject({ trackingNumber: "DUP5-678" }); // its own key: fine
    await expect(
      updateShipment({ db, id: other.id, input: shipmentInput({ trackingNumber: "DUP-12-34" }) }),
    ).rejects.toThrow(TrackingKeyTakenError);
    expect(await db.$count(shipments, eq(shipments.trackingKey, "DUP1234"))).toBe(1);
    const fresh = await generateTrackingNumber({ db });
    expect(fresh).toMatch(/^UTG-\d{4}-\d{4}$/);
  });

  it("keeps history newest first, adds without changing the status unless asked, and deletes in cascade", async () => {
    const { db } = database;
    const shipper = await createParty({
      db,
      kind: "shipper",
      input: partySchema.parse({ name: "Ama", company: "Ama Ltd" }),
    });
    const consignee = await createParty({
      db,
      kind: "consignee",
      input: partySchema.parse({ name: "Kofi" }),
    });
    const shipment = await createShipment({
      db,
      input: { ...shipmentInput({ status: "Processing" }), shipperId: shipper.id, consigneeId: consignee.id },
    });
    const t0 = new Date("2026-01-01T10:00:00Z");
    const first = await addStatusUpdate({
      db,
      shipmentId: shipment.id,
      input: statusInput({ status: "Shipped", location: "Monrovia" }),
      now: t0,
    });
    await addStatusUpdate({
      db,
      shipmentId: shipment.id,
      input: statusInput({
        status: "Arrived",
        location: "Accra",
        alsoSetCurrent: "on",
        timestamp: "2026-01-01T11:00",
      }),
      now: new Date(t0.getTime() + 3600_000),
    });
    let detail = await getShipmentById({ db, id: shipment.id });
    expect(detail!.history.map((h) => h.status)).toEqual(["Arrived", "Shipped"]);
    expect(detail!.status).toBe("Arrived");
    expect(detail!.currentLocation).toBe("Accra");
    expect(detail!.shipper?.company).toBe("Ama Ltd");

    expect(
      await updateStatusUpdate({
        db,
        shipmentId: shipment.id,
        id: first!.id,
        input: { status: "Picked up", location: "Monrovia", notes: null, timestamp: t0 },
      }),
    ).toBeTruthy();
    await addStatusUpdate({
      db,
      shipmentId: shipment.id,
      input: statusInput({ status: "Delayed", location: "Tema" }),
    });
    detail = await getShipmentById({ db, id: shipment.id });
    expect(detail!.status).toBe("Arrived");
    expect(detail!.history).toHaveLength(3);
    expect(await deleteStatusUpdate({ db, shipmentId: shipment.id, id: first!.id })).toBe(true);

    // Deleting a party removes it from the shipment too.
    expect(await deleteParty({ db, kind: "consignee", id: consignee.id })).toBe(true);
    detail = await getShipmentById({ db, id: shipment.id });
    expect(detail!.consignee).toBeNull();
    expect(detail!.consigneeId).toBeNull();

    expect(await deleteShipment({ db, id: shipment.id })).toBe(shipment.trackingNumber);
    expect(await getShipmentById({ db, id: shipment.id })).toBeNull();
    const orphans = await db
      .select()
      .from(shipmentStatusHistory)
      .where(eq(shipmentStatusHistory.shipmentId, shipment.id));
    expect(orphans).toEqual([]);
    // The shipper stays: it may serve other shipments.
    expect(await db.select().from(shippers).where(eq(shippers.id, shipper.id))).toHaveLength(1);
    expect(await db.select().from(consignees).where(eq(consignees.id, consignee.id))).toHaveLength(0);
  });

  it("answers unknown or malformed ids with nothing, never an error", async () => {
    const { db } = database;
    expect(await getShipmentById({ db, id: "not-a-uuid" })).toBeNull();
    expect(await getShipmentById({ db, id: "00000000-0000-4000-8000-000000000000" })).toBeNull();
    expect(await deleteShipment({ db, id: "x'; drop table shipments; --" })).toBeNull();
    expect(await shipments).toBeDefined();
  });

  it("reports per-status counts, weekly creations and overdue shipments", async () => {
    const { db } = database;
    const now = new Date("2026-06-15T12:00:00Z");
    const late = await createShipment({
      db,
      input: shipmentInput({ status: "In Transit", estimatedDelivery: "2026-06-10" }),
    });
    await db
      .update(shipments)
      .set({ createdAt: new Date("2026-06-02T08:00:00Z") })
      .where(eq(shipments.id, late.id));
    const deliveredLate = await createShipment({
      db,
      input: shipmentInput({ status: "In Transit", estimatedDelivery: "2026-06-10" }),
    });
    await addStatusUpdate({
      db,
      shipmentId: deliveredLate.id,
      input: statusInput({ status: "Delivered", location: "Accra" }),
    });
    const stats = await getShipmentStats({ db, timeZone: "UTC", now });
    expect(stats.weeks).toHaveLength(12);
    expect(stats.weeks.at(-1)!.weekStart).toBe("2026-06-15");
    expect(stats.weeks.find((w) => w.weekStart === "2026-06-01")!.count).toBeGreaterThanOrEqual(1);
    const overdueIds = stats.overdue.map((s) => s.id);
    expect(overdueIds).toContain(late.id);
    expect(overdueIds).not.toContain(deliveredLate.id);
    expect(stats.byStatus.find((s) => s.status === "In Transit")!.count).toBeGreaterThanOrEqual(2);
  });
});

describe("backdated status updates", () => {
  it("keep the time they happened; admin and public timelines order by it, newest first", async () => {
    const db = database.db;
    const shipment = await createShipment({ db, input: shipmentInput({ status: "In Transit" }) });
    const typedAt = new Date("2026-03-02T12:00:00Z");
    // Three updates typed one after the other, about events of the last two days (in London time).
    const london = statusUpdateSchema({ timeZone: "Europe/London", now: typedAt });
    const add = (status: string, timestamp: string, seconds: number) =>
      addStatusUpdate({
        db,
        shipmentId: shipment.id,
        input: london.parse({ status, location: "Port", timestamp }),
        now: new Date(typedAt.getTime() + seconds * 1000),
      });
    const loaded = await add("Loaded", "2026-03-01T08:15", 0);
    await add("Departed", "2026-03-01T17:40", 1);
    await add("Picked up", "2026-02-28T16:05", 2);
    // Recorded later, same event time as Departed: the one recorded last comes first.
    await add("Customs cleared", "2026-03-01T17:40", 3);

    const expected = ["Customs cleared", "Departed", "Loaded", "Picked up"];
    const detail = await getShipmentById({ db, id: shipment.id });
    expect(detail!.history.map((h) => h.status)).toEqual(expected);
    expect(detail!.history.find((h) => h.status === "Picked up")!.timestamp.toISOString()).toBe(
      "2026-02-28T16:05:00.000Z",
    );
    const publicView = await getPublicShipmentByTrackingNumber({
      db,
      trackingNumber: shipment.trackingNumber,
    });
    expect(publicView!.history.map((h) => h.status)).toEqual(expected);

    // Editing an entry can move it in time (London summer time: 10:00 BST is 09:00 UTC).
    const summer = statusUpdateSchema({ timeZone: "Europe/London", now: new Date("2026-07-01T12:00:00Z") });
    const { alsoSetCurrent: _, ...moved } = summer.parse({
      status: "Loaded",
      location: "Port",
      timestamp: "2026-07-01T10:00",
    });
    await updateStatusUpdate({ db, shipmentId: shipment.id, id: loaded!.id, input: moved });
    const after = await getShipmentById({ db, id: shipment.id });
    expect(after!.history[0]).toMatchObject({ status: "Loaded" });
    expect(after!.history[0]!.timestamp.toISOString()).toBe("2026-07-01T09:00:00.000Z");
    const publicAfter = await getPublicShipmentByTrackingNumber({
      db,
      trackingNumber: shipment.trackingNumber,
    });
    expect(publicAfter!.history.map((h) => h.status)).toEqual([
      "Loaded",
      ...expected.filter((x) => x !== "Loaded"),
    ]);
  });
});
