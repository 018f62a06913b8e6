// Server-time benchmark of a customer's shipment list (decision 029): `node_modules/.bin/node bench/customer-shipments.ts`.
//
// On the app's embedded PostgreSQL server (a temporary DATA_DIR, stopped at the end), seeds BENCH_SHIPMENTS_TOTAL
// (100,000) shipments between 2,000 shippers and 2,000 consignees of the address book, three status updates each,
// of which BENCH_CUSTOMER_SHIPMENTS (2,000) are one customer company's: it is the shipper of 1,200 (through two
// of its branches) and the consignee of 800 (the rest of the company's parties' shipments), spread over the whole
// table's years. Then calls what /account/shipments calls, in-process (findCompanyShipments: the company's
// parties, the count and a page of 20 with each shipment's latest update):
//   page 1          the list as it opens; target ≤ 20 ms p95 (the issue's)
//   page 50         the list's last page
//   a search        by place ('Kumasi', one shipment in ten of the company's)
//   a number        one tracking number typed without its dashes
//   a status        the 'Delivered' filter
// BENCH_CUSTOMER_RUNS (200) runs each after 20 warm-up runs; p50, p95 and max. Writes the 'Customer shipments'
// section of docs/benchmarks.md (BENCH_NO_WRITE=1: print only).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { findCompanyShipments } from "#app/server/customers/customer-shipments.server.ts";
import { migrateDatabase, openDatabase } from "#app/server/db/client.server.ts";
import {
  embeddedPostgresVersion,
  environmentLines,
  loadAverage,
  timeCalls,
  writeSection,
} from "./lib/report.ts";
import { removeDataDir } from "./lib/server-processes.ts";

const TOTAL = Number(process.env.BENCH_SHIPMENTS_TOTAL ?? 100_000);
const MINE = Number(process.env.BENCH_CUSTOMER_SHIPMENTS ?? 2_000);
const PARTIES = 2_000;
const RUNS = Number(process.env.BENCH_CUSTOMER_RUNS ?? 200);
const WARMUP = 20;
const TARGET_MS = 20;
const TIME_ZONE = "Africa/Monrovia";

/** Timings of `run`, and how many shipments it found. */
async function measure(run: () => Promise<{ total: number }>) {
  const total = (await run()).total;
  return { ...(await timeCalls(run, { runs: RUNS, warmup: WARMUP })), total };
}

const loadBefore = loadAverage();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "freight-bench-customer-shipments-"));
const results: { name: string; p50: number; p95: number; max: number; total: number }[] = [];
let seededMs = 0;
try {
  const database = await openDatabase({ dataDir, timeoutMs: 300_000 });
  try {
    await migrateDatabase(database);
    const { db } = database;
    const started = performance.now();
    await db.execute(sql`
      insert into shippers (name, company, email)
      select 'Shipper ' || g, 'Shipper Company ' || g, 'shipper' || g || '@example.com'
      from generate_series(1, ${PARTIES}) g`);
    await db.execute(sql`
      insert into consignees (name, company, email)
      select 'Consignee ' || g, 'Consignee Company ' || g, 'consignee' || g || '@example.com'
      from generate_series(1, ${PARTIES}) g`);
    // Shipment g: shipper 1 + g % PARTIES, consignee 1 + (g * 7) % PARTIES (names sort as numbers below). The
    // company's shipments are every (TOTAL / MINE)th: 3 in 5 shipped by its two branches, 2 in 5 sent to it.
    const every = Math.floor(TOTAL / MINE);
    await db.execute(sql`
      with p as (select (select array_agg(id order by created_at, id) from shippers) as s,
                        (select array_agg(id order by created_at, id) from consignees) as c)
      insert into shipments (tracking_number, status, origin_location, destination_location, estimated_delivery,
                             shipper_id, consignee_id, created_at)
      select 'UTG-' || lpad((g / 10000)::text, 4, '0') || '-' || lpad((g % 10000)::text, 4, '0'),
             (array['Processing', 'In Transit', 'Delivered', 'Delayed', 'Pending'])[1 + (g / 7) % 5],
             case when g % (${every} * 10) = 0 then 'Kumasi, Ghana' else 'Antwerp, Belgium' end,
             'Monrovia, Liberia',
             date_trunc('day', now()) + ((g % 61) - 30) * interval '1 day',
             p.s[case when g % ${every} = 0 and (g / ${every}) % 5 < 3 then 1 + (g / ${every}) % 2
                      else 3 + g % (${PARTIES} - 2) end],
             p.c[case when g % ${every} = 0 and (g / ${every}) % 5 >= 3 then 1
                      else 2 + (g * 7) % (${PARTIES} - 1) end],
             now() - (${TOTAL} - g) * interval '10 minutes'
      from generate_series(1, ${TOTAL}) g, p`);
    // Three updates each, without the history's per-row trigger (it would update each shipment three times);
    // last_event_at is then set as the trigger would have left it.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`
        insert into shipment_status_history (shipment_id, status, location, timestamp)
        select id, (array['Processing', 'Shipped', 'Arrived'])[k], 'Port ' || k, created_at + k * interval '1 day'
        from shipments, generate_series(1, 3) k`);
    });
    await db.execute(sql`update shipments set last_event_at = created_at + interval '3 days'`);
    // The company: shippers 1 and 2 (two branches) and consignee 1.
    await db.execute(sql`insert into customer_companies (name) values ('Bench Trading')`);
    await db.execute(sql`
      insert into customer_company_parties (company_id, party_kind, party_id)
      select (select id from customer_companies), 'shipper', id
      from (select id, row_number() over (order by created_at, id) as n from shippers) s where n <= 2
      union all
      select (select id from customer_companies), 'consignee', id
      from (select id, row_number() over (order by created_at, id) as n from consignees) c where n = 1`);
    // As autovacuum would leave them: the update above left a dead version of every shipment.
    await db.execute(
      sql`vacuum (analyze) shippers, consignees, shipments, shipment_status_history, customer_company_parties`,
    );
    seededMs = Math.round(performance.now() - started);
    const companyId = (await db.execute<{ id: string }>(sql`select id from customer_companies`)).rows[0]!.id;
    const list = (options: { search?: string; status?: string; page?: number } = {}) =>
      findCompanyShipments({ db, companyId, timeZone: TIME_ZONE, ...options });
    const first = await list();
    console.log(`  seeded ${TOTAL} shipments (${first.total} the company's) in ${seededMs} ms`);
    if (first.total < MINE * 0.95) throw new Error(`only ${first.total} of the company's shipments`);
    const someNumber = first.rows[7]!.trackingNumber.replaceAll("-", "");

    results.push({ name: "page 1 (count and 20 rows)", ...(await measure(() => list())) });
    results.push({ name: "the last page", ...(await measure(() => list({ page: first.pageCount }))) });
    results.push({
      name: "a search by place ('Kumasi')",
      ...(await measure(() => list({ search: "Kumasi" }))),
    });
    results.push({
      name: "a search by number (without dashes)",
      ...(await measure(() => list({ search: someNumber }))),
    });
    results.push({ name: "the 'Delivered' filter", ...(await measure(() => list({ status: "Delivered" }))) });
  } finally {
    await database.close();
  }
} finally {
  await removeDataDir(dataDir);
}

const page = results[0]!;
const search = results[2]!;
const worst = Math.max(page.p95, search.p95);
const table = [
  "| Call | matches | p50 ms | p95 ms | max ms |",
  "|---|---:|---:|---:|---:|",
  ...results.map(
    (r) => `| ${r.name} | ${r.total.toLocaleString("en-US")} | ${r.p50} | ${r.p95} | ${r.max} |`,
  ),
].join("\n");
const body = `
Target (decision 029): a customer's shipment list with 2,000 shipments (of 100,000) ≤ ${TARGET_MS} ms p95 of server time.
Page 1 p95 **${page.p95} ms**, a search p95 **${search.p95} ms** (${worst <= TARGET_MS ? "met" : "missed"}), no index
added. PostgreSQL ${embeddedPostgresVersion()}, the app's embedded server, with ${TOTAL.toLocaleString("en-US")} shipments
of ${PARTIES.toLocaleString("en-US")} shippers and consignees, three status updates each, ${page.total.toLocaleString("en-US")}
of them the company's (the shipper of three in five through two branches, the consignee of the rest), seeded in
${seededMs} ms; ${RUNS} runs each after ${WARMUP} warm-up runs of findCompanyShipments, called in-process as the page
calls it (the company's parties, the count, a page of 20 with each one's latest update).

${table}

${environmentLines({ loadBefore })}
`;
console.log(body);
if (process.env.BENCH_NO_WRITE !== "1") writeSection("Customer shipments", body);
