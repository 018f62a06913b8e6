// Server-time benchmark of what is owed (decision 028): `node_modules/.bin/node bench/receivables.ts`.
//
// On the app's embedded PostgreSQL server (a temporary DATA_DIR, stopped at the end), with BENCH_INVOICES
// (10000) issued invoices of 500 customers of the address book (one in five in Liberian dollars, due dates over
// the last 200 days and the next 30), one invoice in three paid in part or in full, and a credit note on one in
// twenty, calls the domain functions in-process as the pages do:
//   receivables    the page's one query: every customer's balance by age and per currency, their unused
//                  credit, the totals, a page of 50 (getReceivables); target ≤ 200 ms
//   the card       the dashboard's Receivables card (the same query, totals only)
//   a statement    one customer's statement for a month with its opening balance (getStatement)
// BENCH_RECEIVABLES_RUNS (100) runs each after 10 warm-up runs; p50, p95 and max. Writes the 'Receivables'
// section of docs/benchmarks.md (BENCH_NO_WRITE=1: print only).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrateDatabase, openDatabase } from "#app/server/db/client.server.ts";
import { getReceivables } from "#app/server/receivables/receivables.server.ts";
import { getStatement } from "#app/server/receivables/statements.server.ts";
import {
  embeddedPostgresVersion,
  environmentLines,
  loadAverage,
  timeCalls,
  writeSection,
} from "./lib/report.ts";
import { removeDataDir } from "./lib/server-processes.ts";

const INVOICES = Number(process.env.BENCH_INVOICES ?? 10_000);
const CUSTOMERS = 500;
const RUNS = Number(process.env.BENCH_RECEIVABLES_RUNS ?? 100);
const WARMUP = 10;
const TARGET_MS = 200;
const TODAY = "2026-11-27";

const measure = (run: () => Promise<unknown>) => timeCalls(run, { runs: RUNS, warmup: WARMUP });

const loadBefore = loadAverage();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "freight-bench-receivables-"));
const results: { name: string; p50: number; p95: number; max: number }[] = [];
let seededMs = 0;
let counts = { payments: 0, credits: 0 };
try {
  const database = await openDatabase({ dataDir, timeoutMs: 300_000 });
  try {
    await migrateDatabase(database);
    const { db } = database;
    const started = performance.now();
    await db.execute(sql`
      insert into shippers (name, company, email)
      select 'Customer ' || g, 'Company ' || g, 'customer' || g || '@example.com' from generate_series(1, ${CUSTOMERS}) g`);
    // Invoices: drafted with one line, then issued (the freeze trigger allows no other way).
    await db.execute(sql`
      with c as (select id, row_number() over (order by name) as n from shippers)
      insert into invoices (party_kind, party_id, customer_name, currency, payment_terms_days, subtotal_minor,
                            total_minor, created_at)
      select 'shipper', c.id, 'Customer ' || c.n, case when g % 5 = 0 then 'LRD' else 'USD' end, 30,
             100000 + g, 100000 + g, now() - (g % 365) * interval '1 day'
      from generate_series(1, ${INVOICES}) g join c on c.n = 1 + g % ${CUSTOMERS}`);
    await db.execute(sql`
      insert into invoice_lines (invoice_id, position, description, quantity_milli, unit_price_minor, amount_minor,
                                 tax_minor)
      select id, 0, 'Freight', 1000, total_minor, total_minor, 0 from invoices`);
    await db.execute(sql`
      update invoices set state = 'issued', year = 2026, sequence = s.n,
                          number = 'INV-2026-' || lpad(s.n::text, 5, '0'),
                          issue_date = ${TODAY}::date - (s.n % 230)::int,
                          due_date = ${TODAY}::date - (s.n % 230)::int + 30, issued_at = now()
      from (select id, row_number() over (order by created_at, id) as n from invoices) s
      where invoices.id = s.id`);
    // A credit note of 100.00 on one invoice in twenty.
    await db.execute(sql`
      insert into invoices (kind, credited_invoice_id, party_kind, party_id, customer_name, currency,
                            payment_terms_days, subtotal_minor, total_minor)
      select 'credit_note', id, party_kind, party_id, customer_name, currency, 0, 10000, 10000
      from invoices where kind = 'invoice' and sequence % 20 = 0`);
    await db.execute(sql`
      insert into invoice_lines (invoice_id, position, description, quantity_milli, unit_price_minor, amount_minor,
                                 tax_minor)
      select id, 0, 'Credit', 1000, total_minor, total_minor, 0 from invoices where kind = 'credit_note'`);
    await db.execute(sql`
      update invoices set state = 'issued', year = 2026, sequence = s.n,
                          number = 'CN-2026-' || lpad(s.n::text, 5, '0'), issue_date = ${TODAY}, issued_at = now()
      from (select id, row_number() over (order by id) as n from invoices where kind = 'credit_note') s
      where invoices.id = s.id`);
    // A payment on one invoice in three: half of it, or all of it, and now and then 50.00 more kept as credit.
    // The note names the invoice it settles, for the allocations below.
    await db.execute(sql`
      insert into payments (number, year, sequence, party_kind, party_id, customer_name, received_on, method,
                            currency, amount_minor, settled_currency, settled_minor, note)
      select 'RCT-2026-' || lpad(n::text, 5, '0'), 2026, n, party_kind, party_id, customer_name, issue_date + 10,
             'cash', currency, paid + extra, currency, paid + extra, id::text
      from (select i.*, row_number() over (order by sequence) as n,
                   case when sequence % 2 = 0 then total_minor / 2 else total_minor - 10000 end as paid,
                   case when sequence % 33 = 0 then 5000 else 0 end as extra
            from invoices i where kind = 'invoice' and sequence % 3 = 0) s`);
    await db.execute(sql`
      insert into payment_allocations (payment_id, invoice_id, amount_minor)
      select p.id, i.id, p.settled_minor - case when i.sequence % 33 = 0 then 5000 else 0 end
      from payments p join invoices i on i.id = p.note::uuid`);
    for (const table of ["shippers", "invoices", "invoice_lines", "payments", "payment_allocations"])
      await db.execute(sql.raw(`analyze ${table}`));
    seededMs = Math.round(performance.now() - started);
    const [row] = (
      await db.execute<{ payments: number; credits: number }>(sql`
        select (select count(*)::int from payments) as payments,
               (select count(*)::int from invoices where kind = 'credit_note') as credits`)
    ).rows;
    counts = row!;
    console.log(
      `  seeded ${INVOICES} invoices, ${counts.payments} payments, ${counts.credits} credit notes in ${seededMs} ms`,
    );

    const first = await getReceivables({ db, today: TODAY });
    if (first.count < CUSTOMERS) throw new Error(`only ${first.count} customer rows`);
    results.push({
      name: "the receivables page (a page of 50, totals, count)",
      ...(await measure(() => getReceivables({ db, today: TODAY }))),
    });
    results.push({
      name: "the dashboard's card (totals only)",
      ...(await measure(() => getReceivables({ db, today: TODAY, pageSize: 0 }))),
    });
    const party = first.customers[0]!.party!;
    results.push({
      name: "one customer's statement for a month",
      ...(await measure(() =>
        getStatement({ db, party, from: "2026-11-01", to: TODAY, timeZone: "Africa/Monrovia" }),
      )),
    });
  } finally {
    await database.close();
  }
} finally {
  await removeDataDir(dataDir);
}

const page = results[0]!;
const table = [
  "| Call | p50 ms | p95 ms | max ms |",
  "|---|---:|---:|---:|",
  ...results.map((r) => `| ${r.name} | ${r.p50} | ${r.p95} | ${r.max} |`),
].join("\n");
const body = `
Target (decision 028): the receivables page with 10,000 invoices ≤ ${TARGET_MS} ms of server time. p50 **${page.p50} ms**,
p95 **${page.p95} ms** (${page.p95 <= TARGET_MS ? "met" : "missed"}). PostgreSQL ${embeddedPostgresVersion()}, the app's embedded
server, with ${INVOICES.toLocaleString("en-US")} issued invoices of ${CUSTOMERS} customers (one in five in LRD),
${counts.payments.toLocaleString("en-US")} payments and ${counts.credits.toLocaleString("en-US")} credit notes seeded in
${seededMs} ms; ${RUNS} runs each after ${WARMUP} warm-up runs, the functions called in-process as the pages call them.

${table}

${environmentLines({ loadBefore })}
`;
console.log(body);
if (process.env.BENCH_NO_WRITE !== "1") writeSection("Receivables", body);
