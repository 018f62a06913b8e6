// Server-time benchmark of the exceptions board (decision 018): `node_modules/.bin/node bench/exceptions.ts`.
//
// Seeds 100,000 shipments (a seventh delivered, a seventh Delayed, last updates spread over 60 days, estimated
// deliveries over ±30 days) on the app's embedded PostgreSQL server (a temporary DATA_DIR, stopped at the end),
// then calls the board's functions in-process: the three counts the dashboard shows, and 200 pages of each kind
// (pages 1-20). Reports p50/p95/max against the target (p95 ≤ 50 ms) and writes the 'Exceptions board' section
// of docs/benchmarks.md.
//
// Options (environment): BENCH_EXCEPTION_SHIPMENTS (100000), BENCH_NO_WRITE (1: do not touch docs/benchmarks.md).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrateDatabase, openDatabase } from "#app/server/db/client.server.ts";
import { countExceptions, EXCEPTION_KINDS, findExceptions } from "#app/server/shipments/exceptions.server.ts";
import { embeddedPostgresVersion, environmentLines, loadAverage, writeSection } from "./lib/report.ts";
import { removeDataDir } from "./lib/server-processes.ts";

const SHIPMENTS = Number(process.env.BENCH_EXCEPTION_SHIPMENTS ?? 100_000);
const RUNS = 200;
const TARGET_P95_MS = 50;
const STALL_DAYS = 5;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (n: number) => Math.round(n * 10) / 10;
function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    max: round(sorted.at(-1)!),
  };
}

const loadBefore = loadAverage();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "freight-bench-exceptions-"));
const results: { name: string; p50: number; p95: number; max: number; rows: string }[] = [];
let seededMs = 0;
try {
  const database = await openDatabase({ dataDir, timeoutMs: 300_000 });
  try {
    await migrateDatabase(database);
    const { db } = database;
    const started = performance.now();
    await db.execute(sql`
      insert into shipments (tracking_number, status, origin_location, destination_location, estimated_delivery,
                             dimensions, created_at)
      select 'UTG-' || lpad((g / 10000)::text, 4, '0') || '-' || lpad((g % 10000)::text, 4, '0'),
             (array['Processing', 'In Transit', 'Delivered', 'Delayed', 'Pending', 'Shipped', 'Arrived'])[1 + g % 7],
             'Antwerp, Belgium', 'Monrovia, Liberia',
             date_trunc('day', now()) + ((g % 61) - 30) * interval '1 day',
             '120 x 80 x 100 cm',
             now() - interval '90 days'
      from generate_series(1, ${SHIPMENTS}) g`);
    // Their last updates, as the history's trigger would have left them: spread over the last 60 days.
    await db.execute(
      sql`update shipments set last_event_at = now() - ((hashtext(id::text) & 1023) % 60) * interval '1 day'`,
    );
    await db.execute(sql`analyze shipments`);
    seededMs = Math.round(performance.now() - started);
    console.log(`  seeded ${SHIPMENTS} shipments in ${seededMs} ms`);

    // Warm-up: plans and caches.
    for (const kind of EXCEPTION_KINDS)
      await findExceptions({ db, kind, stallDays: STALL_DAYS, timeZone: "UTC" });
    await countExceptions({ db, stallDays: STALL_DAYS, timeZone: "UTC" });

    const counted: number[] = [];
    let counts: Record<string, number> = {};
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      counts = await countExceptions({ db, stallDays: STALL_DAYS, timeZone: "UTC" });
      counted.push(performance.now() - t);
    }
    results.push({
      name: "the three counts (dashboard cards)",
      ...stats(counted),
      rows: Object.entries(counts)
        .map(([kind, n]) => `${kind} ${n.toLocaleString("en-US")}`)
        .join(", "),
    });
    for (const kind of EXCEPTION_KINDS) {
      const samples: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        await findExceptions({ db, kind, stallDays: STALL_DAYS, timeZone: "UTC", page: 1 + (i % 20) });
        samples.push(performance.now() - t);
      }
      results.push({
        name: `a page of '${kind}' (count and 20 rows)`,
        ...stats(samples),
        rows: `pages 1-20`,
      });
    }
  } finally {
    await database.close();
  }
} finally {
  await removeDataDir(dataDir);
}

const worst = Math.max(...results.map((r) => r.p95));
const table = [
  "| Query | p50 ms | p95 ms | max ms | |",
  "|---|---:|---:|---:|---|",
  ...results.map((r) => `| ${r.name} | ${r.p50} | ${r.p95} | ${r.max} | ${r.rows} |`),
].join("\n");
const body = `
Target: p95 ≤ ${TARGET_P95_MS} ms for each query with ${SHIPMENTS.toLocaleString("en-US")} shipments (decision 018). Worst p95:
**${worst} ms** (${worst <= TARGET_P95_MS ? "met" : "missed"}). PostgreSQL ${embeddedPostgresVersion()}, the app's
embedded server; ${SHIPMENTS.toLocaleString("en-US")} shipments seeded in ${seededMs} ms; ${RUNS} runs each;
'no update for ${STALL_DAYS} days'. Each kind is one query on its partial index (decision 018).

${table}

${environmentLines({ loadBefore })}
`;
console.log(body);
if (process.env.BENCH_NO_WRITE !== "1") writeSection("Exceptions board", body);
