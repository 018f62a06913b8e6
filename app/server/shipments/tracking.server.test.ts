import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trackingKey } from "#app/lib/tracking-number.ts";
import type { Database } from "#app/server/db/client.server.ts";
import { consignees, shipmentStatusHistory, shipments, shippers } from "#app/server/db/schema.ts";
import { seedDemoContent } from "#app/server/seed.server.ts";
import { addStatusUpdate } from "#app/server/shipments/shipments.server.ts";
import { getPublicShipmentByTrackingNumber, renderQrCodeSvg } from "#app/server/shipments/tracking.server.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

let counter = 0;
/** A shipment with a unique tracking number, optionally with parties and history. */
async function insertShipment({
  withParties = true,
  history = [],
  updatedAt = new Date("2025-01-01T00:00:00Z"),
}: {
  withParties?: boolean;
  history?: Array<{ status: string; location: string; notes?: string; timestamp: Date; createdAt?: Date }>;
  updatedAt?: Date;
} = {}) {
  const { db } = database;
  counter++;
  const trackingNumber = `TST-${String(counter).padStart(4, "0")}-${Date.now() % 10_000}`;
  let shipperId: string | null = null;
  let consigneeId: string | null = null;
  if (withParties) {
    const [shipper] = await db
      .insert(shippers)
      .values({
        name: "Li Wei",
        company: "Sunrise Solar Manufacturing Co.",
        email: "li.wei@sunrise-solar.example",
        phone: "+86 21 5555 0188",
        address: "88 Pudong Avenue, Shanghai",
      })
      .returning();
    const [consignee] = await db
      .insert(consignees)
      .values({
        name: "Grace Kollie",
        company: null,
        email: "grace@kollie-energy.example",
        phone: "+231 77 555 0142",
        address: "14 Tubman Boulevard, Monrovia",
      })
      .returning();
    shipperId = shipper!.id;
    consigneeId = consignee!.id;
  }
  const [shipment] = await db
    .insert(shipments)
    .values({
      trackingNumber,
      status: "In Transit",
      originLocation: "Shanghai, China",
      destinationLocation: "Monrovia, Liberia",
      currentLocation: "",
      estimatedDelivery: new Date("2025-02-01T00:00:00Z"),
      weight: 1250.5,
      dimensions: "240 x 120 x 150 cm",
      notes: "Internal note: call the warehouse",
      shipperId,
      consigneeId,
      updatedAt,
    })
    .returning();
  if (history.length > 0) {
    await db
      .insert(shipmentStatusHistory)
      .values(history.map((entry) => ({ ...entry, shipmentId: shipment!.id })));
  }
  return { trackingNumber, shipment: shipment! };
}

describe("getPublicShipmentByTrackingNumber", () => {
  it("returns the shipment with shipper and consignee joined, public fields only", async () => {
    const { trackingNumber } = await insertShipment();
    const result = await getPublicShipmentByTrackingNumber({ db: database.db, trackingNumber });
    expect(result).toMatchObject({
      trackingNumber,
      status: "In Transit",
      originLocation: "Shanghai, China",
      destinationLocation: "Monrovia, Liberia",
      currentLocation: null,
      weight: 1250.5,
      dimensions: "240 x 120 x 150 cm",
      shipper: { name: "Li Wei", company: "Sunrise Solar Manufacturing Co." },
      consignee: { name: "Grace Kollie", company: null },
      history: [],
    });
    expect(result!.estimatedDelivery).toEqual(new Date("2025-02-01T00:00:00Z"));
  });

  it("never carries e-mail, phone, street address, internal notes or ids of the parties", async () => {
    const { trackingNumber } = await insertShipment();
    const result = await getPublicShipmentByTrackingNumber({ db: database.db, trackingNumber });
    expect(Object.keys(result!.shipper!).sort()).toEqual(["company", "name"]);
    expect(Object.keys(result!.consignee!).sort()).toEqual(["company", "name"]);
    expect(result).not.toHaveProperty("notes");
    expect(result).not.toHaveProperty("shipperId");
    expect(result).not.toHaveProperty("consigneeId");
    const json = JSON.stringify(result);
    for (const secret of ["@", "+86", "+231", "Pudong Avenue", "Tubman Boulevard", "Internal note"]) {
      expect(json).not.toContain(secret);
    }
  });

  it("finds the shipment whatever the case and padding of the input", async () => {
    const { trackingNumber } = await insertShipment();
    const found = await getPublicShipmentByTrackingNumber({
      db: database.db,
      trackingNumber: `  ${trackingNumber.toLowerCase()}\t`,
    });
    expect(found?.trackingNumber).toBe(trackingNumber);
  });

  it("finds the shipment by its key: spaces, dashes, dots and case do not matter", async () => {
    const { db } = database;
    await db.insert(shipments).values({
      trackingNumber: "UTG-1234-5678",
      status: "In Transit",
      originLocation: "Shanghai",
      destinationLocation: "Monrovia",
    });
    for (const variant of ["UTG 1234 5678", "UTG12345678", "utg\u20131234\u20135678", "UTG-1234-5678."]) {
      const found = await getPublicShipmentByTrackingNumber({ db, trackingNumber: variant });
      expect(found?.trackingNumber, variant).toBe("UTG-1234-5678");
    }
    await expect(getPublicShipmentByTrackingNumber({ db, trackingNumber: "---" })).resolves.toBeNull();
  });

  it("finds a number pasted with invisible characters (zero-width space, marks, BOM, no-break space)", async () => {
    const { trackingNumber } = await insertShipment();
    const [prefix, ...rest] = trackingNumber.split("-");
    for (const pasted of [
      `${prefix}\u200b-${rest.join("-")}`,
      `\u200e${trackingNumber}\u200f`,
      `\ufeff${trackingNumber}`,
      `${prefix}\u00a0${rest.join("\u00a0")}`,
    ]) {
      const found = await getPublicShipmentByTrackingNumber({ db: database.db, trackingNumber: pasted });
      expect(found?.trackingNumber, JSON.stringify(pasted)).toBe(trackingNumber);
    }
  });

  it("finds a number typed without its letters when exactly one shipment has those digits, whole", async () => {
    const { db } = database;
    const add = (trackingNumber: string) =>
      db
        .insert(shipments)
        .values({ trackingNumber, status: "Pending", originLocation: "A", destinationLocation: "B" });
    await add("UTG-7100-0001");
    await add("UTG-7100-0002");
    await add("ABC-7100-0002");
    await add("UTG-7100-0003-B");
    const find = (typed: string) =>
      getPublicShipmentByTrackingNumber({ db, trackingNumber: typed }).then((found) => found?.trackingNumber);
    expect(await find("7100-0001")).toBe("UTG-7100-0001");
    expect(await find("71000001")).toBe("UTG-7100-0001");
    // Two shipments end in these digits: neither is shown.
    expect(await find("7100-0002")).toBeUndefined();
    // Only the whole digits: not a part of them, and not a number with letters after its digits.
    expect(await find("0001")).toBeUndefined();
    expect(await find("7100")).toBeUndefined();
    expect(await find("7100-0003")).toBeUndefined();
  });

  it("the database computes the same key as trackingKey()", async () => {
    const { db } = database;
    const numbers = ["KEY-a1 b2.c3", "key\u2013x\u2014y/z_9", "ÄÖ-kéy-42", "key\u00a0\u200bq7"];
    for (const trackingNumber of numbers) {
      const [row] = await db
        .insert(shipments)
        .values({ trackingNumber, status: "Pending", originLocation: "A", destinationLocation: "B" })
        .returning({ trackingKey: shipments.trackingKey });
      expect(row!.trackingKey, trackingNumber).toBe(trackingKey(trackingNumber));
      await db.delete(shipments).where(eq(shipments.trackingNumber, trackingNumber));
    }
  });

  it("orders history newest first, ties by the entry recorded last", async () => {
    const same = new Date("2025-01-10T12:00:00Z");
    const { trackingNumber } = await insertShipment({
      history: [
        { status: "Processing", location: "Shanghai, China", timestamp: new Date("2025-01-05T08:00:00Z") },
        { status: "Arrived", location: "Abidjan", timestamp: new Date("2025-01-20T07:00:00Z") },
        {
          status: "Shipped",
          location: "Port of Shanghai",
          timestamp: same,
          createdAt: new Date("2025-01-10T12:00:01Z"),
        },
        {
          status: "In Transit",
          location: "Port Louis",
          notes: "Transshipment",
          timestamp: same,
          createdAt: new Date("2025-01-10T12:05:00Z"),
        },
      ],
    });
    const result = await getPublicShipmentByTrackingNumber({ db: database.db, trackingNumber });
    expect(result!.history.map((entry) => entry.status)).toEqual([
      "Arrived",
      "In Transit",
      "Shipped",
      "Processing",
    ]);
    expect(result!.history[1]).toMatchObject({ location: "Port Louis", notes: "Transshipment" });
    expect(result!.history[0]!.timestamp).toEqual(new Date("2025-01-20T07:00:00Z"));
    expect(Object.keys(result!.history[0]!).sort()).toEqual([
      "id",
      "location",
      "notes",
      "status",
      "timestamp",
    ]);
  });

  it("last updated is the newest history entry's time, as the card's 'Latest update' says; the shipment's own without one", async () => {
    const newer = await insertShipment({
      updatedAt: new Date("2025-01-01T00:00:00Z"),
      history: [{ status: "Shipped", location: "Shanghai", timestamp: new Date("2025-01-15T10:00:00Z") }],
    });
    const older = await insertShipment({
      updatedAt: new Date("2025-03-01T00:00:00Z"),
      history: [{ status: "Shipped", location: "Shanghai", timestamp: new Date("2025-01-15T10:00:00Z") }],
    });
    const a = await getPublicShipmentByTrackingNumber({
      db: database.db,
      trackingNumber: newer.trackingNumber,
    });
    const b = await getPublicShipmentByTrackingNumber({
      db: database.db,
      trackingNumber: older.trackingNumber,
    });
    expect(a!.lastUpdatedAt).toEqual(new Date("2025-01-15T10:00:00Z"));
    // Saved after its newest entry (a minute or a month): still the entry's time, never a second time on the card.
    expect(b!.lastUpdatedAt).toEqual(new Date("2025-01-15T10:00:00Z"));
    const fresh = await insertShipment({ updatedAt: new Date("2025-03-02T00:00:00Z"), history: [] });
    const c = await getPublicShipmentByTrackingNumber({
      db: database.db,
      trackingNumber: fresh.trackingNumber,
    });
    expect(c!.lastUpdatedAt).toEqual(new Date("2025-03-02T00:00:00Z"));
  });

  it("last updated follows a status update, not a later change of the shipment, and the status stays", async () => {
    const { trackingNumber } = await insertShipment({
      history: [{ status: "Shipped", location: "Shanghai", timestamp: new Date("2025-01-15T10:00:00Z") }],
    });
    const [row] = await database.db
      .select({ id: shipments.id })
      .from(shipments)
      .where(eq(shipments.trackingNumber, trackingNumber));
    const arrived = new Date("2025-02-01T15:40:00Z");
    await addStatusUpdate({
      db: database.db,
      shipmentId: row!.id,
      input: {
        status: "Arrived",
        location: "Port of Abidjan",
        notes: null,
        timestamp: arrived,
        alsoSetCurrent: false,
      },
      now: arrived,
    });
    const afterEntry = await getPublicShipmentByTrackingNumber({ db: database.db, trackingNumber });
    expect(afterEntry).toMatchObject({ status: "In Transit", lastUpdatedAt: arrived });
    expect(afterEntry!.history[0]).toMatchObject({ status: "Arrived", timestamp: arrived });

    const edited = new Date("2025-02-03T09:00:00Z");
    await database.db
      .update(shipments)
      .set({ notes: "Kept dry", updatedAt: edited })
      .where(eq(shipments.id, row!.id));
    const afterEdit = await getPublicShipmentByTrackingNumber({ db: database.db, trackingNumber });
    expect(afterEdit!.lastUpdatedAt).toEqual(arrived);
  });

  it("last updated of a demo shipment is its newest status entry, not the time the demo was loaded", async () => {
    const now = new Date("2026-11-23T18:00:00Z");
    await seedDemoContent({ db: database.db, now });
    for (const number of ["UTG-2045-7731", "UTG-3310-0457", "UTG-4478-2290"]) {
      const result = await getPublicShipmentByTrackingNumber({ db: database.db, trackingNumber: number });
      expect(result!.lastUpdatedAt, number).toEqual(result!.history[0]!.timestamp);
      expect(result!.lastUpdatedAt.getTime(), number).toBeLessThan(now.getTime());
    }
  });

  it("returns null parties when the shipment has none", async () => {
    const { trackingNumber } = await insertShipment({ withParties: false });
    const result = await getPublicShipmentByTrackingNumber({ db: database.db, trackingNumber });
    expect(result).toMatchObject({ shipper: null, consignee: null });
  });

  it("returns null for an unknown or impossible number, without throwing", async () => {
    const { db } = database;
    const inputs: unknown[] = [
      "UTG-0000-0000",
      "",
      "   ",
      undefined,
      null,
      42,
      "A".repeat(10_000),
      "UTG\u0000-1",
      "' OR '1'='1",
      "'; DROP TABLE shipments; --",
      "<script>alert(1)</script>",
      "%",
      "_",
    ];
    for (const trackingNumber of inputs) {
      await expect(getPublicShipmentByTrackingNumber({ db, trackingNumber })).resolves.toBeNull();
    }
    // The table is still there.
    await insertShipment();
  });
});

describe("renderQrCodeSvg", () => {
  it("makes an SVG of the URL and reuses it", async () => {
    const svg = await renderQrCodeSvg("https://example.com/track/UTG-1234-5678");
    expect(svg).toMatch(/^<svg /);
    expect(svg).not.toContain("<script");
    expect(await renderQrCodeSvg("https://example.com/track/UTG-1234-5678")).toBe(svg);
    expect(await renderQrCodeSvg("https://example.com/track/UTG-0000-0001")).not.toBe(svg);
  });
});
