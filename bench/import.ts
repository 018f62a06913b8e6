// Benchmark of the shipment import and export (decision 020):
// `node_modules/.bin/node --expose-gc bench/import.ts`.
//
// On the app's embedded PostgreSQL server (a temporary DATA_DIR, stopped at the end): imports a 10,000-row file,
// as CSV and as .xlsx (written by the app's own writer), each with 2,000 shippers by e-mail and 1,000 consignees by
// name, into a database that already holds 100,000 shipments; every step as the page runs it (read and check every
// row, store the upload, the import transaction). Then the export of those 110,000 shipments as CSV and .xlsx,
// streamed, with the process's peak heap. Target: 10,000 rows import in under 30 s. Writes the 'Import and export'
// section of docs/benchmarks.md.
//
// Options (environment): BENCH_IMPORT_ROWS (10000), BENCH_EXISTING_SHIPMENTS (100000), BENCH_NO_WRITE (1: print only).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { type DateFormat, guessMapping } from "#app/lib/shipment-import.ts";
import { migrateDatabase, openDatabase } from "#app/server/db/client.server.ts";
import { shipmentExport } from "#app/server/shipments/shipment-export.server.ts";
import { runImport } from "#app/server/shipments/shipment-import.server.ts";
import {
  checkRows,
  createUpload,
  saveUploadChoices,
} from "#app/server/shipments/shipment-import-file.server.ts";
import { csvLine } from "#app/server/spreadsheets/cells.server.ts";
import { exportResponse } from "#app/server/spreadsheets/exports.server.ts";
import { readSpreadsheet } from "#app/server/spreadsheets/spreadsheet-read.server.ts";
import { xlsxStream } from "#app/server/spreadsheets/xlsx-write.server.ts";
import { embeddedPostgresVersion, environmentLines, loadAverage, writeSection } from "./lib/report.ts";
import { removeDataDir } from "./lib/server-processes.ts";

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const EXISTING = Number(process.env.BENCH_EXISTING_SHIPMENTS ?? 100_000);
const TARGET_S = 30;

const HEADER = [
  "Tracking number",
  "Status",
  "Origin",
  "Destination",
  "Estimated delivery",
  "Weight (kg)",
  "Dimensions",
  "Pieces",
  "Goods description",
  "Shipper name",
  "Shipper email",
  "Shipper phone",
  "Consignee name",
  "Consignee address",
];
const rows = (prefix: string) =>
  Array.from({ length: ROWS }, (_, i) => [
    `${prefix}-${String(i).padStart(6, "0")}`,
    ["In Transit", "Pending", "Arrived"][i % 3]!,
    "Antwerp, Belgium",
    "Monrovia, Liberia",
    `${String(1 + (i % 28)).padStart(2, "0")}/${String(1 + (i % 12)).padStart(2, "0")}/2027`,
    String(100 + (i % 900)),
    "120 x 80 x 100 cm",
    String(1 + (i % 10)),
    "Used machine parts",
    `Shipper ${i % 2000}`,
    `shipper${i % 2000}@example.com`,
    "0770 123 456",
    `Consignee ${i % 1000}`,
    "Broad Street, Monrovia",
  ]);

async function collect(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const loadBefore = loadAverage();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "freight-bench-import-"));
const lines: string[] = [];
let worst = 0;
try {
  const database = await openDatabase({ dataDir, timeoutMs: 300_000 });
  try {
    await migrateDatabase(database);
    const { db } = database;
    await db.execute(sql`
      insert into shipments (tracking_number, status, origin_location, destination_location, dimensions)
      select 'UTG-' || lpad((g / 10000)::text, 4, '0') || '-' || lpad((g % 10000)::text, 4, '0'), 'In Transit',
             'Antwerp', 'Monrovia', '1 x 1 x 1 m'
      from generate_series(1, ${EXISTING}) g`);
    await db.execute(sql`analyze shipments`);

    const files: [string, Uint8Array][] = [
      ["CSV", new TextEncoder().encode([HEADER, ...rows("CSV")].map((r) => csvLine(r)).join(""))],
      [
        ".xlsx",
        await collect(
          xlsxStream({
            sheetName: "Shipments",
            header: HEADER,
            pages: (async function* () {
              yield rows("XLSX");
            })(),
          }),
        ),
      ],
    ];
    for (const [kind, bytes] of files) {
      const started = performance.now();
      const sheet = readSpreadsheet(bytes);
      const mapping = guessMapping(sheet.rows[0]!);
      const dateFormat: DateFormat = "dmy";
      const checked = checkRows({ sheet, mapping, dateFormat });
      if (checked.errors.length > 0) throw new Error(JSON.stringify(checked.errors.slice(0, 3)));
      const checkedMs = performance.now() - started;
      const upload = await createUpload({ db, bytes, filename: `bench.${kind}`, userId: null });
      await saveUploadChoices({ db, id: upload.id, mapping, dateFormat });
      const importStarted = performance.now();
      const outcome = await runImport({ db, id: upload.id, updateExisting: false, notify: false });
      const importMs = performance.now() - importStarted;
      if (!outcome.ok || outcome.result.created !== ROWS) throw new Error(JSON.stringify(outcome));
      const totalS = (checkedMs + importMs) / 1000;
      worst = Math.max(worst, totalS);
      lines.push(
        `| import ${ROWS.toLocaleString("en-US")} rows, ${kind} (${(bytes.length / 1024 / 1024).toFixed(1)} MB) | ${(checkedMs / 1000).toFixed(2)} s | ${(importMs / 1000).toFixed(2)} s | **${totalS.toFixed(2)} s** |`,
      );
    }
    const total = EXISTING + 2 * ROWS;
    for (const format of ["csv", "xlsx"] as const) {
      // Two passes: one timed, one with a collection after every chunk (with --expose-gc), so the heap read is
      // what the export keeps alive, not garbage awaiting collection.
      const pass = async (collect: boolean) => {
        global.gc?.();
        const heapBefore = process.memoryUsage().heapUsed;
        let peak = heapBefore;
        const started = performance.now();
        const reader = exportResponse({
          table: shipmentExport({ db, params: new URLSearchParams() }),
          format,
          name: "bench",
        }).body!.getReader();
        let bytes = 0;
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          bytes += value.length;
          if (collect) {
            global.gc?.();
            peak = Math.max(peak, process.memoryUsage().heapUsed);
          }
        }
        return {
          seconds: (performance.now() - started) / 1000,
          bytes,
          heapMb: (peak - heapBefore) / 1024 / 1024,
        };
      };
      const timed = await pass(false);
      const memory = global.gc ? `, live heap +${(await pass(true)).heapMb.toFixed(1)} MB` : "";
      lines.push(
        `| export ${total.toLocaleString("en-US")} shipments, ${format} (${(timed.bytes / 1024 / 1024).toFixed(1)} MB)${memory} | | ${timed.seconds.toFixed(2)} s | |`,
      );
    }
  } finally {
    await database.close();
  }
} finally {
  await removeDataDir(dataDir);
}

const body = `
Target: ${ROWS.toLocaleString("en-US")} rows import in under ${TARGET_S} s (decision 020). Worst: **${worst.toFixed(2)} s**
(${worst < TARGET_S ? "met" : "missed"}). PostgreSQL ${embeddedPostgresVersion()}, the app's embedded server, in-process
(\`bench/import.ts\`), into ${EXISTING.toLocaleString("en-US")} existing shipments; each file with 2,000 shippers by
e-mail and 1,000 consignees by name, dates DD/MM/YYYY. 'Read and check' is the upload's and the check's work (decode,
parse, every row through the shipment and party schemas); 'import' the one transaction (parties matched or created,
shipments in batches of 1,000). The exports stream every shipment in keyset pages of 1,000.

| Step | Read and check | Import / export | Total |
|---|---:|---:|---:|
${lines.join("\n")}

${environmentLines({ loadBefore })}
`;
console.log(body);
if (process.env.BENCH_NO_WRITE !== "1") writeSection("Import and export", body);
