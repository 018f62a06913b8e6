// The admin dashboard's figures: how many shipments there are and how many are active, counts by status,
// shipments created per week, and the overdue ones.
import { asc, count, desc, sql } from "drizzle-orm";
import { companyDate } from "#app/lib/shipment-status.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { shipments } from "#app/server/db/schema.ts";
import { overdueCondition } from "#app/server/shipments/exceptions.server.ts";

/** All shipments, and the active ones (any status other than Delivered). */
export async function countShipments({ db }: { db: Db }) {
  const [row] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where lower(${shipments.status}) <> 'delivered')`.mapWith(Number),
    })
    .from(shipments);
  return { total: row?.total ?? 0, active: row?.active ?? 0 };
}

/**
 * What staff look at first: counts by status, shipments created per week over the last 12 weeks
 * (weeks start on Monday, UTC), and the overdue ones (`overdueCondition` of the exceptions board).
 */
export async function getShipmentStats({
  db,
  timeZone,
  now = new Date(),
}: {
  db: Db;
  /** The company's: whose 'today' decides what is overdue. */
  timeZone: string;
  now?: Date;
}) {
  const weekStart = new Date(now);
  weekStart.setUTCHours(0, 0, 0, 0);
  weekStart.setUTCDate(weekStart.getUTCDate() - ((weekStart.getUTCDay() + 6) % 7));
  const since = new Date(weekStart.getTime() - 11 * 7 * 24 * 60 * 60 * 1000);

  const [byStatus, perWeek, overdue] = await Promise.all([
    db
      .select({ status: shipments.status, count: count() })
      .from(shipments)
      .groupBy(shipments.status)
      .orderBy(desc(count()), asc(shipments.status)),
    db
      .select({
        week: sql<string>`to_char(date_trunc('week', ${shipments.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`,
        count: count(),
      })
      .from(shipments)
      .where(sql`${shipments.createdAt} >= ${since.toISOString()}::timestamptz`)
      .groupBy(sql`1`),
    db
      .select({
        id: shipments.id,
        trackingNumber: shipments.trackingNumber,
        status: shipments.status,
        estimatedDelivery: shipments.estimatedDelivery,
        destinationLocation: shipments.destinationLocation,
      })
      .from(shipments)
      .where(
        // The exceptions board's definition, so the dashboard's list and its 'past estimated delivery' agree.
        overdueCondition(companyDate(now, timeZone)),
      )
      .orderBy(asc(shipments.estimatedDelivery))
      .limit(50),
  ]);

  const counts = new Map(perWeek.map((row) => [row.week, row.count]));
  const weeks = Array.from({ length: 12 }, (_, i) => {
    const start = new Date(since.getTime() + i * 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    return { weekStart: start, count: counts.get(start) ?? 0 };
  });
  return { byStatus, weeks, overdue };
}
