import { eq, sql } from "drizzle-orm";
import type { Db } from "#app/server/db/client.server.ts";
import {
  blogPosts,
  consignees,
  shipmentStatusHistory,
  shipments,
  shippers,
  siteSettings,
} from "#app/server/db/schema.ts";
import { demoPosts, demoShipments, demoTranslations } from "#app/server/seed-data.server.ts";

const SEEDED_KEY = "demo_seeded";

/** Loads the demo content into a brand-new database, once; deleting demo rows later does not bring them back. */
export async function seedOnFirstStart({ db }: { db: Db }): Promise<boolean> {
  const marker = await db.select().from(siteSettings).where(eq(siteSettings.key, SEEDED_KEY));
  if (marker.length > 0) return false;
  await seedDemoContent({ db });
  return true;
}

/** Adds the demo posts and shipments that are missing (by slug and tracking number); safe to run twice. */
export async function seedDemoContent({ db, now = new Date() }: { db: Db; now?: Date }) {
  let postsAdded = 0;
  let shipmentsAdded = 0;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(72707370)`);
    for (const post of demoPosts(now)) {
      const inserted = await tx
        .insert(blogPosts)
        .values(post)
        .onConflictDoNothing({ target: blogPosts.slug })
        .returning({ id: blogPosts.id });
      postsAdded += inserted.length;
    }
    // The French posts, each linked to the English post it translates (left out if that one was deleted).
    for (const { post, translates } of demoTranslations(now)) {
      const [original] = await tx
        .select({ id: blogPosts.id })
        .from(blogPosts)
        .where(eq(blogPosts.slug, translates));
      if (!original) continue;
      const inserted = await tx
        .insert(blogPosts)
        .values({ ...post, translationOf: original.id })
        .onConflictDoNothing({ target: blogPosts.slug })
        .returning({ id: blogPosts.id });
      postsAdded += inserted.length;
    }
    for (const demo of demoShipments(now)) {
      const existing = await tx
        .select({ id: shipments.id })
        .from(shipments)
        .where(eq(shipments.trackingNumber, demo.shipment.trackingNumber));
      if (existing.length > 0) continue;
      const [shipper] = await tx.insert(shippers).values(demo.shipper).returning({ id: shippers.id });
      const [consignee] = await tx.insert(consignees).values(demo.consignee).returning({ id: consignees.id });
      const [shipment] = await tx
        .insert(shipments)
        // Last changed when it was booked (its createdAt in the story), not when the demo was loaded: the
        // tracking page's 'Last updated' is then its newest status entry, as for a real shipment.
        .values({
          ...demo.shipment,
          updatedAt: demo.shipment.createdAt,
          shipperId: shipper!.id,
          consigneeId: consignee!.id,
        })
        .returning({ id: shipments.id });
      if (demo.history.length > 0) {
        await tx
          .insert(shipmentStatusHistory)
          .values(demo.history.map((entry) => ({ ...entry, shipmentId: shipment!.id })));
      }
      shipmentsAdded++;
    }
    await tx
      .insert(siteSettings)
      .values({ key: SEEDED_KEY, value: { at: now.toISOString() } })
      .onConflictDoNothing({ target: siteSettings.key });
  });
  return { postsAdded, shipmentsAdded };
}
