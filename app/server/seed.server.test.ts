import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/server/db/client.server.ts";
import { blogPosts, shipmentStatusHistory, shipments } from "#app/server/db/schema.ts";
import { seedDemoContent, seedOnFirstStart } from "#app/server/seed.server.ts";
import { demoShipments } from "#app/server/seed-data.server.ts";
import { getPublicShipmentByTrackingNumber } from "#app/server/shipments/tracking.server.ts";
import { presentTracking } from "#app/server/shipments/tracking-view.server.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe("demo content", () => {
  it("loads on the first start only, and seeding again adds nothing twice", async () => {
    const { db } = database;
    expect(await seedOnFirstStart({ db })).toBe(true);
    expect(await seedOnFirstStart({ db })).toBe(false);
    const again = await seedDemoContent({ db });
    expect(again).toEqual({ postsAdded: 0, shipmentsAdded: 0 });

    const [posts] = await db.select({ n: count() }).from(blogPosts);
    expect(posts!.n).toBeGreaterThanOrEqual(3);
    // French posts too, each linked to the English post it translates, so /fr/blog is not empty.
    const french = await db.select().from(blogPosts).where(eq(blogPosts.language, "fr"));
    expect(french.length).toBeGreaterThanOrEqual(1);
    for (const post of french) {
      const [original] = await db.select().from(blogPosts).where(eq(blogPosts.id, post.translationOf!));
      expect(original?.language).toBe("en");
      expect(post.publishedAt).toBeTruthy();
    }
    const [demo] = await db.select().from(shipments).where(eq(shipments.trackingNumber, "UTG-1234-5678"));
    expect(demo?.shipperId).toBeTruthy();
    expect(demo?.consigneeId).toBeTruthy();
    const [history] = await db
      .select({ n: count() })
      .from(shipmentStatusHistory)
      .where(eq(shipmentStatusHistory.shipmentId, demo!.id));
    expect(history!.n).toBeGreaterThanOrEqual(4);
  });

  it("gives every demo shipment the status and current location of its newest entry, in both languages", async () => {
    const { db } = database;
    await seedDemoContent({ db });
    for (const { shipment } of demoShipments(new Date())) {
      const number = shipment.trackingNumber;
      const tracked = await getPublicShipmentByTrackingNumber({ db, trackingNumber: number });
      const newest = tracked!.history[0]!;
      expect([tracked!.status, tracked!.currentLocation], number).toEqual([newest.status, newest.location]);
      // The tracking page: 'En transit' beside 'Dernière mise à jour : En transit, …', never another status.
      const french = presentTracking({ shipment: tracked!, timeZone: "Africa/Monrovia", locale: "fr" });
      expect(french.latest?.status, number).toBe(french.status);
    }
  });
});
