// Server-time benchmark of the back office's shipment search and list: `node_modules/.bin/node bench/admin-search.ts`.
//
// Seeds 10,000 shipments on the app's embedded PostgreSQL server (started with openDatabase in a temporary
// DATA_DIR, stopped at the end) and 100,000 on a throwaway cluster of the system's PostgreSQL (when its
// binaries are installed), then calls `findShipments` in-process: 200 searches with varied terms
// (tracking-number fragments, places, statuses, shippers' and consignees' names and companies, misses; some
// with the active filter) and 200 plain list
// pages (newest or oldest first, pages 1-50). Reports p50/p95/max per database, beside the last figures
// recorded with the earlier embedded engine (PGlite), and writes the 'Admin search' section of
// docs/benchmarks.md.
//
// Options (environment): BENCH_EMBEDDED_SHIPMENTS (10000), BENCH_POSTGRES_SHIPMENTS (100000),
// BENCH_NO_WRITE (1: do not touch docs/benchmarks.md).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { type Database, migrateDatabase, openDatabase } from "#app/server/db/client.server.ts";
import { findShipments } from "#app/server/shipments/shipment-list.server.ts";
import { findPostgresBin, removeCluster, startCluster } from "../scripts/lib/postgres.ts";
import { embeddedPostgresVersion, environmentLines, loadAverage, writeSection } from "./lib/report.ts";
import { removeDataDir } from "./lib/server-processes.ts";

const EMBEDDED_SHIPMENTS = Number(process.env.BENCH_EMBEDDED_SHIPMENTS ?? 10_000);
const POSTGRES_SHIPMENTS = Number(process.env.BENCH_POSTGRES_SHIPMENTS ?? 100_000);
const RUNS = 200;
const TARGET_P95_MS = 20;
const PAGE_SIZE = 20;

const TERMS = [
  "utg-12",
  "UTG-0004-77",
  "monrovia",
  "transit",
  "Accra",
  "rotterdam",
  "deliv",
  "ghana",
  "0042",
  "dubai, united",
  "delayed",
  "no-such-shipment",
  "antwerp",
  "utg-0",
  "processing",
  "buchanan",
  // Shippers' and consignees' names and companies (the parties are 'Shipper 42', 'Shipper Company 42'…).
  "shipper 42",
  "Consignee Company 7",
  "company 999",
  "okafor",
];

async function seed(database: Database, shipments: number) {
  const started = performance.now();
  await migrateDatabase(database);
  const { db } = database;
  const parties = Math.max(1, Math.ceil(shipments / 10));
  await db.execute(sql`
    insert into shippers (name, company)
    select 'Shipper ' || g, 'Shipper Company ' || g from generate_series(1, ${parties}) g`);
  await db.execute(sql`
    insert into consignees (name, company)
    select 'Consignee ' || g, 'Consignee Company ' || g from generate_series(1, ${parties}) g`);
  await db.execute(sql`
    with s as (select id, row_number() over (order by id) as n from shippers),
         c as (select id, row_number() over (order by id) as n from consignees)
    insert into shipments (tracking_number, status, origin_location, destination_location, current_location,
                           estimated_delivery, weight, dimensions, notes, shipper_id, consignee_id, created_at)
    select 'UTG-' || lpad((g / 10000)::text, 4, '0') || '-' || lpad((g % 10000)::text, 4, '0'),
           (array['Processing', 'In Transit', 'Delivered', 'Delayed', 'Pending', 'Shipped', 'Arrived'])[1 + g % 7],
           (array['Shanghai, China', 'Rotterdam, Netherlands', 'Dubai, United Arab Emirates', 'Antwerp, Belgium'])[1 + g % 4],
           (array['Monrovia, Liberia', 'Buchanan, Liberia', 'Accra, Ghana'])[1 + g % 3],
           'Port of Abidjan',
           now() + ((g % 30) - 15) * interval '1 day',
           (g % 5000) + 0.5,
           '120 x 80 x 100 cm',
           null,
           s.id,
           c.id,
           now() - (g % 365) * interval '1 day' - g * interval '1 second'
    from generate_series(1, ${shipments}) g
    join s on s.n = 1 + g % ${parties}
    join c on c.n = 1 + g % ${parties}`);
  await db.execute(sql`analyze`);
  console.log(`  seeded ${shipments} shipments in ${Math.round(performance.now() - started)} ms`);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (n: number) => Math.round(n * 10) / 10;

type Stats = { p50: number; p95: number; max: number };

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    max: round(sorted.at(-1)!),
  };
}

/** A repeatable pseudo-random sequence, so every engine gets the same queries. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

async function measure(database: Database) {
  const { db } = database;
  // Warm-up: plans and caches.
  for (const term of TERMS) await findShipments({ db, search: term, pageSize: PAGE_SIZE });
  for (let page = 1; page <= 5; page++) await findShipments({ db, page, pageSize: PAGE_SIZE });

  const next = random(42);
  const search: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const term = TERMS[i % TERMS.length]!;
    const status = next() < 0.25 ? "active" : undefined;
    const started = performance.now();
    await findShipments({ db, search: term, status, pageSize: PAGE_SIZE, page: 1 + Math.floor(next() * 3) });
    search.push(performance.now() - started);
  }
  const list: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const page = 1 + Math.floor(next() * 50);
    const sort = next() < 0.8 ? "newest" : "oldest";
    const started = performance.now();
    await findShipments({ db, page, sort, pageSize: PAGE_SIZE });
    list.push(performance.now() - started);
  }
  return { search: stats(search), list: stats(list) };
}

type Result = { engine: string; shipments: number; search: Stats; list: Stats };
const results: Result[] = [];
const loadBefore = loadAverage();

console.log(`Embedded PostgreSQL server, ${EMBEDDED_SHIPMENTS} shipments`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "freight-bench-admin-search-"));
try {
  // Seeding (and its trigram index) may take longer than the app's query timeout on a busy machine.
  const database = await openDatabase({ dataDir, timeoutMs: 300_000 });
  try {
    await seed(database, EMBEDDED_SHIPMENTS);
    results.push({
      engine: `PostgreSQL ${embeddedPostgresVersion()}, the app's embedded server`,
      shipments: EMBEDDED_SHIPMENTS,
      ...(await measure(database)),
    });
  } finally {
    await database.close();
  }
} finally {
  // Also checks that closing stopped the server.
  await removeDataDir(dataDir);
}

const bin = findPostgresBin();
let postgresVersion = "";
if (bin) {
  console.log(`PostgreSQL, ${POSTGRES_SHIPMENTS} shipments`);
  const cluster = await startCluster(bin);
  try {
    // Seeding 100,000 rows (and their trigram index) takes longer than the app's query timeout.
    const database = await openDatabase({ databaseUrl: cluster.url, timeoutMs: 300_000 });
    try {
      await seed(database, POSTGRES_SHIPMENTS);
      const [row] = (
        await database.db.execute<{ v: string }>(sql`select current_setting('server_version') as v`)
      ).rows;
      postgresVersion = row?.v ?? "";
      results.push({
        engine: `PostgreSQL ${postgresVersion}, a separate server`,
        shipments: POSTGRES_SHIPMENTS,
        ...(await measure(database)),
      });
    } finally {
      await database.close();
    }
  } finally {
    removeCluster(cluster);
  }
} else {
  console.log("PostgreSQL binaries not found: skipping the PostgreSQL run.");
}

/** The last run with the earlier embedded engine (PGlite, in the process), from docs/benchmarks.md. */
results.push({
  engine: "PGlite (the earlier embedded engine), recorded 2026-11-21 20:34 UTC",
  shipments: 10_000,
  search: { p50: 10.7, p95: 15, max: 17.4 },
  list: { p50: 3.6, p95: 5.8, max: 10 },
});

const rows = results.map(
  (r) =>
    `| ${r.engine} | ${r.shipments.toLocaleString("en-US")} | ${r.search.p50} | ${r.search.p95} | ${r.search.max} | ${r.list.p50} | ${r.list.p95} | ${r.list.max} | ${r.search.p95 <= TARGET_P95_MS && r.list.p95 <= TARGET_P95_MS ? "yes" : "no"} |`,
);
const table = [
  `| Engine | Shipments | Search p50 (ms) | Search p95 | Search max | List page p50 (ms) | List p95 | List max | p95 ≤ ${TARGET_P95_MS} ms |`,
  "|---|---:|---:|---:|---:|---:|---:|---:|---|",
  ...rows,
].join("\n");
console.log(table);

const body = `
\`node_modules/.bin/node bench/admin-search.ts\`: the server time of \`findShipments\` (the back office's
shipments list), called in-process on a seeded database (one shipper and one consignee for every ten
shipments): ${RUNS} searches (case-insensitive substring over tracking number, status, origin and destination,
and the shipper's and consignee's name and company; terms such as 'utg-12', 'monrovia', 'transit',
'shipper 42', 'consignee company 7', misses; a quarter with the 'active' filter; pages 1-3) and ${RUNS} plain
list pages (pages 1-50, mostly newest first), ${PAGE_SIZE} rows a page with the total count. A search collects,
counts and pages its matches in one statement through the trigram indexes (the shipments', and the parties'
whose ids then select shipments through the shipper and consignee indexes; past 1,000 matches the page comes
from the date index); a list page is a page query and a count; then the page's rows are joined with their
parties. Databases: the app's embedded PostgreSQL server (started by \`openDatabase\` in a temporary data
folder, as the app runs it, over a Unix socket) with ${EMBEDDED_SHIPMENTS.toLocaleString("en-US")} shipments, and a throwaway cluster of
the system's PostgreSQL (loopback TCP) with ${POSTGRES_SHIPMENTS.toLocaleString("en-US")}; the PGlite row is the last run of the
earlier embedded engine (before the party search), kept for comparison. Target: p95 ≤ ${TARGET_P95_MS} ms.

${environmentLines({ loadBefore })}

${table}
`;

if (process.env.BENCH_NO_WRITE !== "1") {
  writeSection("Admin search", body);
  console.log("Wrote the 'Admin search' section of docs/benchmarks.md");
}
