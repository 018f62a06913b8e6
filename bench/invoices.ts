// Server-time benchmark of invoices (decision 026): `node_modules/.bin/node bench/invoices.ts`.
//
// On the app's embedded PostgreSQL server (a temporary DATA_DIR, stopped at the end), with BENCH_INVOICES
// (10000) issued invoices already in the table, calls the domain functions in-process as the pages do:
//   save a draft   an invoice of 5 lines (one taxed) checked and saved with its lines (saveInvoiceDraft)
//   issue          issuing that draft: the counter row, the number, the dates (issueInvoice); target ≤ 50 ms
//   the list       a page of 50 of the invoices, newest first, and a search by customer
//   the PDF        an issued invoice of 5 lines read and rendered as the staff route does (renderInvoicePdf);
//                  target ≤ 100 ms
//   a payment      recording part of one of those invoices paid, with its receipt number (recordPayment), on a
//                  table already holding a payment for each seeded invoice; target ≤ 50 ms
// BENCH_INVOICE_RUNS (200) runs each after 20 warm-up runs; p50, p95 and max. Writes the 'Invoices' section of
// docs/benchmarks.md (BENCH_NO_WRITE=1: print only).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { validateInvoiceForm } from "#app/schemas/invoice.ts";
import { DEFAULT_INVOICE_SETTINGS } from "#app/schemas/invoice-settings.ts";
import { migrateDatabase, openDatabase } from "#app/server/db/client.server.ts";
import { renderInvoicePdf } from "#app/server/invoices/invoice-pdf.server.ts";
import { issueInvoice, listInvoices, saveInvoiceDraft } from "#app/server/invoices/invoices.server.ts";
import { recordPayment } from "#app/server/payments/payments.server.ts";
import { createAdminUser } from "#app/server/staff/staff-accounts.server.ts";
import {
  embeddedPostgresVersion,
  environmentLines,
  loadAverage,
  timingStats,
  writeSection,
} from "./lib/report.ts";
import { removeDataDir } from "./lib/server-processes.ts";

const INVOICES = Number(process.env.BENCH_INVOICES ?? 10_000);
const RUNS = Number(process.env.BENCH_INVOICE_RUNS ?? 200);
const WARMUP = 20;
const TARGET_ISSUE_MS = 50;
const TARGET_PDF_MS = 100;
const TARGET_PAYMENT_MS = 50;

const checked = validateInvoiceForm(
  {
    party: "",
    customerName: "Kollie Imports",
    customerCompany: "Kollie Ltd",
    customerEmail: "accounts@kollie.example",
    billingAddress: "Vai Town\nMonrovia",
    currency: "USD",
    paymentTermsDays: "30",
    notes: "",
    paymentInstructions: "Bank transfer to LBDI 001-234567",
    lines: [
      { description: "Sea freight Antwerp–Monrovia, 1×40ft", quantity: "1", unitPrice: "3450.00", tax: "" },
      { description: "Terminal handling", quantity: "1", unitPrice: "285.00", tax: "" },
      { description: "Customs clearance", quantity: "1", unitPrice: "150.00", tax: "GST" },
      { description: "Delivery to Paynesville", quantity: "2", unitPrice: "75.50", tax: "" },
      { description: "Documentation", quantity: "1", unitPrice: "35.00", tax: "" },
    ],
    shipmentIds: [],
  },
  { taxRates: [{ name: "GST", basisPoints: 1000 }] },
);
if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
const input = checked.value;

const loadBefore = loadAverage();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "freight-bench-invoices-"));
const results: { name: string; p50: number; p95: number; max: number }[] = [];
let seededMs = 0;
try {
  const database = await openDatabase({ dataDir, timeoutMs: 300_000 });
  try {
    await migrateDatabase(database);
    const { db } = database;
    const staff = await createAdminUser({ db, email: "accounts@example.com", role: "accounts" });
    const staffId = staff!.id;
    const started = performance.now();
    // The invoices already issued: drafted with one line, then issued (the freeze trigger allows no other way).
    await db.execute(sql`
      insert into invoices (customer_name, customer_company, currency, payment_terms_days, subtotal_minor,
                            total_minor, created_at)
      select 'Customer ' || g, 'Company ' || (g % 500), 'USD', 30, 100000 + g, 100000 + g,
             now() - (g % 365) * interval '1 day'
      from generate_series(1, ${INVOICES}) g`);
    await db.execute(sql`
      insert into invoice_lines (invoice_id, position, description, quantity_milli, unit_price_minor, amount_minor,
                                 tax_minor)
      select id, 0, 'Freight', 1000, total_minor, total_minor, 0 from invoices`);
    await db.execute(sql`
      update invoices set state = 'issued', year = 2020, sequence = s.n, number = 'INV-2020-' || lpad(s.n::text, 5, '0'),
                          issue_date = '2020-06-01', due_date = '2020-07-01', issued_at = now()
      from (select id, row_number() over (order by created_at) as n from invoices) s
      where invoices.id = s.id`);
    // A payment of each, half of it, with its receipt number.
    await db.execute(sql`
      insert into payments (number, year, sequence, customer_name, received_on, method, currency, amount_minor,
                            settled_currency, settled_minor)
      select 'RCT-2020-' || lpad(sequence::text, 5, '0'), 2020, sequence, customer_name, '2020-06-15', 'cash', 'USD',
             total_minor / 2, 'USD', total_minor / 2
      from invoices`);
    await db.execute(sql`
      insert into payment_allocations (payment_id, invoice_id, amount_minor)
      select p.id, i.id, p.settled_minor from payments p join invoices i on i.sequence = p.sequence and i.year = 2020`);
    await db.execute(sql`analyze invoices`);
    await db.execute(sql`analyze invoice_lines`);
    await db.execute(sql`analyze payments`);
    await db.execute(sql`analyze payment_allocations`);
    seededMs = Math.round(performance.now() - started);
    console.log(`  seeded ${INVOICES} issued invoices in ${seededMs} ms`);

    const saved: number[] = [];
    const issued: number[] = [];
    const issuedIds: string[] = [];
    for (let i = 0; i < WARMUP + RUNS; i++) {
      let t = performance.now();
      const draft = await saveInvoiceDraft({ db, id: null, input, staffId });
      const saveMs = performance.now() - t;
      if (!draft.ok) throw new Error(draft.reason);
      t = performance.now();
      const result = await issueInvoice({
        db,
        id: draft.id,
        staffId,
        today: "2026-11-27",
        settings: DEFAULT_INVOICE_SETTINGS,
      });
      const issueMs = performance.now() - t;
      if (!result.ok) throw new Error(result.reason);
      issuedIds.push(draft.id);
      if (i >= WARMUP) {
        saved.push(saveMs);
        issued.push(issueMs);
      }
    }
    results.push({ name: "save a draft of 5 lines", ...timingStats(saved) });
    results.push({ name: "issue it (number, dates, freeze)", ...timingStats(issued) });
    const paid: number[] = [];
    for (const [i, invoiceId] of issuedIds.entries()) {
      const t = performance.now();
      const result = await recordPayment({
        db,
        staffId,
        today: "2026-11-27",
        input: {
          party: null,
          customerName: "",
          receivedOn: "2026-11-27",
          method: "cash",
          reference: null,
          note: null,
          currency: "USD",
          amountMinor: 100_000,
          settledCurrency: "USD",
          rateMicro: null,
          allocations: [{ invoiceId, amountMinor: 100_000 }],
          overpayment: false,
          submissionKey: `bench-${i}`,
        },
      });
      if (!result.ok) throw new Error(result.reason);
      if (i >= WARMUP) paid.push(performance.now() - t);
    }
    results.push({ name: "record a payment (receipt number, balance checked)", ...timingStats(paid) });
    const listed: number[] = [];
    const searched: number[] = [];
    for (let i = 0; i < WARMUP + RUNS; i++) {
      let t = performance.now();
      await listInvoices({ db, filter: {}, page: 1 + (i % 20) });
      const listMs = performance.now() - t;
      t = performance.now();
      await listInvoices({ db, filter: { search: `company ${i % 500}` }, page: 1 });
      const searchMs = performance.now() - t;
      if (i >= WARMUP) {
        listed.push(listMs);
        searched.push(searchMs);
      }
    }
    results.push({ name: "a page of the list (50 rows and the count)", ...timingStats(listed) });
    const context = {
      company: {
        companyName: "Unitrans Global Logistics",
        phone: "+231 77 700 1995",
        email: "info@unitrans.example",
        address: "Broad and Randell Street, Monrovia, Liberia",
      },
      siteUrl: "https://unitrans.example",
      now: new Date(),
      timeZone: "Africa/Monrovia",
    };
    const draft = await saveInvoiceDraft({ db, id: null, input, staffId });
    if (!draft.ok) throw new Error(draft.reason);
    await issueInvoice({
      db,
      id: draft.id,
      staffId,
      today: "2026-11-27",
      settings: DEFAULT_INVOICE_SETTINGS,
    });
    const rendered: number[] = [];
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const t = performance.now();
      const pdf = await renderInvoicePdf({ db, id: draft.id, context });
      if (!pdf) throw new Error("no PDF");
      if (i >= WARMUP) rendered.push(performance.now() - t);
    }
    results.push({ name: "the PDF of an issued invoice (read and render)", ...timingStats(rendered) });
    results.push({ name: "a search by customer (first page)", ...timingStats(searched) });
  } finally {
    await database.close();
  }
} finally {
  await removeDataDir(dataDir);
}

const issue = results.find((r) => r.name.startsWith("issue"))!;
const pdf = results.find((r) => r.name.startsWith("the PDF"))!;
const payment = results.find((r) => r.name.startsWith("record a payment"))!;
const table = [
  "| Call | p50 ms | p95 ms | max ms |",
  "|---|---:|---:|---:|",
  ...results.map((r) => `| ${r.name} | ${r.p50} | ${r.p95} | ${r.max} |`),
].join("\n");
const body = `
Targets (decision 026): issuing an invoice and recording a payment each ≤ ${TARGET_ISSUE_MS} ms of server time, an invoice
PDF ≤ ${TARGET_PDF_MS} ms. Issuing p95 **${issue.p95} ms** (${issue.p95 <= TARGET_ISSUE_MS ? "met" : "missed"}); recording a payment p95
**${payment.p95} ms** (${payment.p95 <= TARGET_PAYMENT_MS ? "met" : "missed"}); the PDF p50 **${pdf.p50} ms**, p95
**${pdf.p95} ms** (${pdf.p95 <= TARGET_PDF_MS ? "met" : "missed"}). PostgreSQL ${embeddedPostgresVersion()}, the app's embedded server, with
${INVOICES.toLocaleString("en-US")} issued invoices, each half paid, seeded in ${seededMs} ms; ${RUNS} runs each after ${WARMUP}
warm-up runs, the functions called in-process as the pages call them.

${table}

${environmentLines({ loadBefore })}
`;
console.log(body);
if (process.env.BENCH_NO_WRITE !== "1") writeSection("Invoices", body);
