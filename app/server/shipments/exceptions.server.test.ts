import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDeliveryOverdue } from "#app/lib/shipment-status.ts";
import { shipmentStatusHistory, shipments } from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import {
  countExceptions,
  findExceptions,
  getExceptionSettings,
  updateExceptionSettings,
} from "#app/server/shipments/exceptions.server.ts";
import { getShipmentStats } from "#app/server/shipments/shipment-dashboard.server.ts";
import { createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services?.close());

const NOW = new Date("2026-11-24T12:00:00Z");
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 24 * 60 * 60 * 1000);
let serial = 0;

/** A shipment created `createdDaysAgo` days ago, with history entries `eventsDaysAgo` days ago. */
async function shipment({
  status = "In Transit",
  createdDaysAgo = 30,
  eventsDaysAgo = [] as number[],
  eta = null as Date | null,
}) {
  serial++;
  const [row] = await services.db
    .insert(shipments)
    .values({
      trackingNumber: `EXC-${String(serial).padStart(5, "0")}`,
      status,
      originLocation: "Antwerp",
      destinationLocation: "Monrovia",
      estimatedDelivery: eta,
      createdAt: daysAgo(createdDaysAgo),
    })
    .returning();
  for (const n of eventsDaysAgo) {
    await services.db
      .insert(shipmentStatusHistory)
      .values({ shipmentId: row!.id, status, location: "Somewhere", timestamp: daysAgo(n) });
  }
  return row!.id;
}

const lastEventOf = async (id: string) =>
  (await services.db.select().from(shipments).where(eq(shipments.id, id)))[0]!.lastEventAt;

describe("the exceptions board", () => {
  it("keeps each shipment's last update from its history, whatever writes it", async () => {
    const id = await shipment({ createdDaysAgo: 20, eventsDaysAgo: [15, 9] });
    expect(await lastEventOf(id)).toEqual(daysAgo(9));
    // A correction dated earlier leaves it; a newer entry moves it; deleting the newest moves it back.
    await services.db
      .insert(shipmentStatusHistory)
      .values({ shipmentId: id, status: "Fixed", location: "X", timestamp: daysAgo(12) });
    expect(await lastEventOf(id)).toEqual(daysAgo(9));
    const [newest] = await services.db
      .insert(shipmentStatusHistory)
      .values({ shipmentId: id, status: "Arrived", location: "X", timestamp: daysAgo(1) })
      .returning();
    expect(await lastEventOf(id)).toEqual(daysAgo(1));
    await services.db.delete(shipmentStatusHistory).where(eq(shipmentStatusHistory.id, newest!.id));
    expect(await lastEventOf(id)).toEqual(daysAgo(9));
    await services.db
      .update(shipmentStatusHistory)
      .set({ timestamp: daysAgo(3) })
      .where(eq(shipmentStatusHistory.shipmentId, id));
    expect(await lastEventOf(id)).toEqual(daysAgo(3));
    // No history: its creation.
    const fresh = await shipment({ createdDaysAgo: 2 });
    expect(await lastEventOf(fresh)).toEqual(daysAgo(2));
  });

  it("lists stalled, overdue and delayed open shipments, the longest waiting first, and counts them", async () => {
    const stalledLong = await shipment({ eventsDaysAgo: [12] });
    const stalled = await shipment({ eventsDaysAgo: [6] });
    const recent = await shipment({ eventsDaysAgo: [2] });
    const deliveredOld = await shipment({ status: "Delivered", eventsDaysAgo: [40], eta: daysAgo(45) });
    const overdue = await shipment({ eventsDaysAgo: [1], eta: new Date("2026-11-21T00:00:00Z") });
    const dueToday = await shipment({ eventsDaysAgo: [1], eta: new Date("2026-11-24T00:00:00Z") });
    const delayed = await shipment({ status: "Delayed", eventsDaysAgo: [1] });
    const mine = [stalledLong, stalled, recent, deliveredOld, overdue, dueToday, delayed];
    const ids = async (kind: "stalled" | "overdue" | "delayed", stallDays = 5) =>
      (await findExceptions({ db: services.db, kind, stallDays, timeZone: "UTC", now: NOW })).rows
        .map((row) => row.id)
        .filter((id) => mine.includes(id));
    expect(await ids("stalled")).toEqual([stalledLong, stalled]);
    expect(await ids("stalled", 10)).toEqual([stalledLong]);
    expect(await ids("overdue")).toEqual([overdue]);
    expect(await ids("delayed")).toEqual([delayed]);
    const page = await findExceptions({
      db: services.db,
      kind: "overdue",
      stallDays: 5,
      timeZone: "UTC",
      now: NOW,
    });
    expect(page.rows.find((row) => row.id === overdue)).toMatchObject({ daysLate: 3, daysSinceUpdate: 1 });
    const counts = await countExceptions({ db: services.db, stallDays: 5, timeZone: "UTC", now: NOW });
    expect(counts.stalled).toBeGreaterThanOrEqual(2);
    expect(counts.overdue).toBeGreaterThanOrEqual(1);
    expect(counts.delayed).toBeGreaterThanOrEqual(1);
    const rows = await services.db.select().from(shipments).where(inArray(shipments.id, mine));
    expect(rows).toHaveLength(7);
  });

  it("keeps N days in the settings, 5 by default", async () => {
    expect(await getExceptionSettings({ db: services.db })).toEqual({ stallDays: 5 });
    await updateExceptionSettings({ db: services.db, settings: { stallDays: 9 } });
    expect(await getExceptionSettings({ db: services.db })).toEqual({ stallDays: 9 });
  });
});

describe("overdue, one definition in the company's time zone", () => {
  it("agrees on the board, its count, the dashboard's list and a shipment's page, just after and before midnight", async () => {
    const dueMidnight = await shipment({ eventsDaysAgo: [1], eta: new Date("2026-11-26T00:00:00Z") });
    const dueNoon = await shipment({ eventsDaysAgo: [1], eta: new Date("2026-11-26T12:00:00Z") });
    const mine = [dueMidnight, dueNoon];
    const etas = new Map([
      [dueMidnight, new Date("2026-11-26T00:00:00Z")],
      [dueNoon, new Date("2026-11-26T12:00:00Z")],
    ]);
    /** Every place's answer at `now` in `timeZone`: which of mine are overdue, and by how many days. */
    const everywhere = async (now: Date, timeZone: string) => {
      const board = await findExceptions({ db: services.db, kind: "overdue", stallDays: 5, timeZone, now });
      const counts = await countExceptions({ db: services.db, stallDays: 5, timeZone, now });
      const stats = await getShipmentStats({ db: services.db, timeZone, now });
      expect(counts.overdue).toBe(board.total);
      const late = board.rows.filter((row) => mine.includes(row.id));
      const dashboard = stats.overdue.map((row) => row.id).filter((id) => mine.includes(id));
      expect(dashboard.sort()).toEqual(late.map((row) => row.id).sort());
      const page = mine.filter((id) =>
        isDeliveryOverdue({ estimatedDelivery: etas.get(id)!, status: "In Transit", now, timeZone }),
      );
      expect(page.sort()).toEqual(late.map((row) => row.id).sort());
      return late.map((row) => row.daysLate);
    };
    // 00:30 on 27 November in Shanghai (16:30 UTC the day before): both were due yesterday, 1 day late.
    expect(await everywhere(new Date("2026-11-26T16:30:00Z"), "Asia/Shanghai")).toEqual([1, 1]);
    // 22:00 on 26 November in New York (03:00 UTC the next day): due today, not late.
    expect(await everywhere(new Date("2026-11-27T03:00:00Z"), "America/New_York")).toEqual([]);
    // 00:30 on 27 November in Monrovia: 1 day late each, never '0 days late'.
    expect(await everywhere(new Date("2026-11-27T00:30:00Z"), "Africa/Monrovia")).toEqual([1, 1]);
  });
});
