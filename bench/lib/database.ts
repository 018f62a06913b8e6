// The benchmarks' database: the app's embedded PostgreSQL server in a DATA_DIR of its own, holding N
// shipments, their parties and status history, made with a few set-based inserts (10,000 shipments in
// seconds). The server is started for the seeding and stopped again (the last process to close stops it),
// so the app then starts it as it would on a site with that data. Used by bench/tracking.ts and by the
// start-up and memory section of bench/run.ts.
import { sql } from "drizzle-orm";
import { migrateDatabase, openDatabase } from "#app/server/db/client.server.ts";
import { ensureServerStopped } from "./server-processes.ts";

/** The tracking number of the i-th benchmark shipment (UTG-0000-0001 …), as the inserts below make them. */
export const benchTrackingNumber = (i: number) =>
  `UTG-${String(Math.floor(i / 10_000)).padStart(4, "0")}-${String(i % 10_000).padStart(4, "0")}`;

/**
 * Starts the embedded server of `dataDir` (initialising the cluster), migrates the app's database, fills it
 * with `shipments` shipments and stops the server again.
 */
export async function createShipmentsDatabase({
  dataDir,
  shipments,
  historyPerShipment = 6,
}: {
  dataDir: string;
  shipments: number;
  historyPerShipment?: number;
}) {
  const started = performance.now();
  // Seeding 100,000 rows takes longer than the app's default query timeout.
  const database = await openDatabase({ dataDir, timeoutMs: 300_000 });
  try {
    await migrateDatabase(database);
    const { db } = database;
    const parties = Math.max(1, Math.ceil(shipments / 10));
    await db.execute(sql`
      insert into shippers (name, company, email, phone, address)
      select 'Shipper ' || g, 'Shipper Company ' || g, 'shipper' || g || '@example.com', '+231 77 000 ' || g, g || ' Broad Street, Monrovia'
      from generate_series(1, ${parties}) g`);
    await db.execute(sql`
      insert into consignees (name, company, email, phone, address)
      select 'Consignee ' || g, case when g % 3 = 0 then null else 'Consignee Company ' || g end, 'consignee' || g || '@example.com', '+231 88 000 ' || g, g || ' Tubman Boulevard, Monrovia'
      from generate_series(1, ${parties}) g`);
    await db.execute(sql`
      with s as (select id, row_number() over (order by id) as n from shippers),
           c as (select id, row_number() over (order by id) as n from consignees)
      insert into shipments (tracking_number, status, origin_location, destination_location, current_location,
                             estimated_delivery, weight, dimensions, notes, shipper_id, consignee_id, created_at)
      select 'UTG-' || lpad((g / 10000)::text, 4, '0') || '-' || lpad((g % 10000)::text, 4, '0'),
             (array['Processing', 'In Transit', 'Delivered', 'Delayed', 'Pending'])[1 + g % 5],
             (array['Shanghai, China', 'Rotterdam, Netherlands', 'Dubai, United Arab Emirates', 'Antwerp, Belgium'])[1 + g % 4],
             (array['Monrovia, Liberia', 'Buchanan, Liberia', 'Accra, Ghana'])[1 + g % 3],
             case when g % 7 = 0 then null else 'Port of Abidjan, Côte d''Ivoire' end,
             now() + ((g % 30) - 15) * interval '1 day',
             case when g % 4 = 0 then null else (g % 5000) + 0.5 end,
             '120 x 80 x 100 cm',
             'Internal note ' || g,
             s.id,
             c.id,
             now() - (g % 60) * interval '1 day'
      from generate_series(1, ${shipments}) g
      join s on s.n = 1 + g % ${parties}
      left join c on c.n = 1 + g % ${parties} and g % 11 <> 0`);
    await db.execute(sql`
      insert into shipment_status_history (shipment_id, status, location, notes, timestamp)
      select s.id,
             (array['Processing', 'Shipped', 'In Transit', 'Arrived', 'In Transit', 'Delivered'])[1 + (h - 1) % 6],
             (array['Shanghai, China', 'Port of Shanghai, China', 'Port Louis, Mauritius', 'Port of Abidjan, Côte d''Ivoire', 'Freeport of Monrovia, Liberia', 'Monrovia, Liberia'])[1 + (h - 1) % 6],
             case when h % 2 = 0 then 'Update ' || h else null end,
             s.created_at + h * interval '1 day'
      from shipments s cross join generate_series(1, ${historyPerShipment}) h`);
    await db.execute(sql`analyze`);
    const [counts] = (
      await db.execute<{ shipments: number; history: number }>(
        sql`select (select count(*)::int from shipments) as shipments, (select count(*)::int from shipment_status_history) as history`,
      )
    ).rows;
    console.log(
      `Database: ${counts!.shipments} shipments, ${counts!.history} status entries in ${Math.round(performance.now() - started)} ms`,
    );
  } finally {
    await database.close();
  }
  if (!(await ensureServerStopped(dataDir)))
    throw new Error(`The seeding left a server running in ${dataDir}`);
}
