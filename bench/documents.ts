// Freight documents benchmark: `node_modules/.bin/node --max-semi-space-size=16 bench/documents.ts` (the app's
// own V8 setting, as `npm start` runs it; bench/run.ts passes it).
//
// Renders the PDFs in this process the way the routes do (app/server/documents, PDFKit, DejaVu Sans subset
// embedded, Code 128 and QR drawn as vectors), from shipments held in memory (no database: the routes read one
// shipment, or up to 500 for a bulk PDF, in three queries, which the admin-search bench already bounds):
//   one label      a 4×6 in label, 1 piece; BENCH_DOCUMENT_RUNS (30) runs after 5 warm-up runs, median and p95
//   one waybill    an A4 house waybill with full parties, cargo fields, notes and the default terms; same runs
//   200 labels     200 shipments of 1 piece in one 4×6 in PDF (a bulk print); BENCH_BULK_RUNS (5) runs, median
//                  and max; target ≤ 5 s
// Memory: RSS and V8 heap after a full collection, before and after the PDF code is loaded and after every run,
// and the peak RSS of the run (getrusage).
// Writes the 'Freight documents' section of docs/benchmarks.md (BENCH_NO_WRITE=1: print only).
import v8 from "node:v8";
import vm from "node:vm";
import type { DocumentContext, DocumentShipment } from "#app/server/documents/document-context.server.ts";
import { environmentLines, loadAverage, percentile, round, shouldWrite, writeSection } from "./lib/report.ts";

// A full collection between readings, so 'heap used' is what is kept, not garbage awaiting collection.
v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;
const MB = 1024 * 1024;
const reading = () => {
  gc();
  const m = process.memoryUsage();
  return { rss: m.rss / MB, heap: m.heapUsed / MB };
};
// Before the PDF code (PDFKit, fontkit, the fonts) is loaded.
const bare = reading();
const { DEFAULT_WAYBILL_TERMS } = await import("#app/schemas/document-settings.ts");
const { renderWaybill } = await import("#app/server/documents/house-waybill.server.ts");
const { renderLabels } = await import("#app/server/documents/shipping-label.server.ts");

const RUNS = Number(process.env.BENCH_DOCUMENT_RUNS ?? 30);
const BULK_RUNS = Number(process.env.BENCH_BULK_RUNS ?? 5);
const BULK = 200;

const loadBefore = loadAverage();
const context: DocumentContext = {
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
const shipment = (i: number): DocumentShipment => ({
  trackingNumber: `UTG-${String(1000 + (i % 9000)).padStart(4, "0")}-${String(i).padStart(4, "0")}`,
  status: "In Transit",
  originLocation: "Shanghai, China",
  destinationLocation: "Monrovia, Liberia",
  weight: 1250.5,
  dimensions: "240 x 120 x 150 cm",
  notes: "Keep dry. Forklift needed at delivery. Call the consignee one day ahead.",
  transportMode: "sea",
  pieces: 1,
  goodsDescription: "Generator spare parts in wooden crates",
  declaredValue: 12500,
  declaredCurrency: "USD",
  incoterm: "CIF",
  shipper: {
    name: `Zhang Wei ${i}`,
    company: "Shanghai Parts Co.",
    email: "zw@example.com",
    phone: "+8613800000000",
    address: "88 Century Avenue, Pudong, Shanghai",
  },
  consignee: {
    name: `Ngozi Okafor ${i}`,
    company: "Monrovia Power Ltd",
    email: "ngozi@example.com",
    phone: "+231770123456",
    address: "Broad Street, Monrovia",
  },
});

async function timed(work: () => Promise<Buffer>) {
  const t0 = performance.now();
  const pdf = await work();
  return { ms: performance.now() - t0, bytes: pdf.length };
}

async function series(name: string, runs: number, warmup: number, work: () => Promise<Buffer>) {
  for (let i = 0; i < warmup; i++) await work();
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const r = await timed(work);
    times.push(r.ms);
    bytes = r.bytes;
  }
  times.sort((a, b) => a - b);
  const result = { median: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1)!, bytes };
  console.log(
    `${name}: median ${round(result.median)} ms, p95 ${round(result.p95)} ms, ${round(bytes / 1024)} kB`,
  );
  return result;
}

const loaded = reading();
const label = await series("one label", RUNS, 5, () =>
  renderLabels({ runs: [{ shipment: shipment(1), from: 1, to: 1 }], size: "4x6", context }),
);
const waybill = await series("one waybill", RUNS, 5, () =>
  renderWaybill({ shipment: shipment(1), terms: DEFAULT_WAYBILL_TERMS, context }),
);
const bulkRuns = Array.from({ length: BULK }, (_, i) => ({ shipment: shipment(i), from: 1, to: 1 }));
const bulk = await series(`${BULK} labels`, BULK_RUNS, 1, () =>
  renderLabels({ runs: bulkRuns, size: "4x6", context }),
);
// One more 200-label PDF, its peak sampled while it is drawn (the drawing is synchronous: sampled between pages
// would need hooks; the kernel's peak RSS over the whole run is the honest ceiling).
const peakRss = (process.resourceUsage().maxRSS * 1024) / MB;
const after = reading();
const ms = (value: number) => `${round(value, 1)} ms`;

const body = `
\`node_modules/.bin/node --max-semi-space-size=16 bench/documents.ts\` (the app's V8 setting): the PDFs rendered in one Node.js process as the routes render
them (PDFKit ${"with DejaVu Sans embedded as a subset"}, Code 128 from bwip-js and QR from qrcode drawn as vectors), from
shipments in memory with every cargo field and both parties filled. One label and one waybill: ${RUNS} runs each after 5
warm-up runs. ${BULK} labels: ${BULK} shipments of one piece in one 4×6 in PDF (a bulk print from the list),
${BULK_RUNS} runs after one warm-up. Memory: RSS and V8 heap after a full collection, before the PDF code is loaded, once it
is, and after every run (what stays: no document is kept), and the peak RSS the kernel recorded (getrusage). Target: ${BULK} labels in ≤ 5 s.

${environmentLines({ loadBefore, tools: ["pdfkit", "bwip-js", "qrcode", "dejavu-fonts-ttf"] })}

| Document | Median | p95 / max | Size |
|:---|---:|---:|---:|
| One label (4×6 in, 1 page) | ${ms(label.median)} | ${ms(label.p95)} | ${round(label.bytes / 1024)} kB |
| One house waybill (A4) | ${ms(waybill.median)} | ${ms(waybill.p95)} | ${round(waybill.bytes / 1024)} kB |
| ${BULK} labels in one PDF (target ≤ 5,000 ms) | ${ms(bulk.median)} | ${ms(bulk.max)} (max) | ${round(bulk.bytes / 1024)} kB |

| Memory (after a full collection) | RSS | V8 heap used |
|:---|---:|---:|
| Node.js, before the PDF code is loaded | ${round(bare.rss)} MB | ${round(bare.heap)} MB |
| PDF code and fonts loaded | ${round(loaded.rss)} MB | ${round(loaded.heap)} MB |
| After every run (${RUNS * 2 + BULK_RUNS} documents, ${BULK_RUNS} of ${BULK} labels) | ${round(after.rss)} MB | ${round(after.heap)} MB |
| Peak RSS of the whole run (getrusage) | ${round(peakRss)} MB | |

The PDF code (PDFKit, fontkit, bwip-js, the two DejaVu Sans files) adds ${round(loaded.rss - bare.rss)} MB of RSS when loaded;
the routes load it at the first document (a dynamic import), not when the app starts. After the runs the heap keeps
${round(after.heap - loaded.heap, 1)} MB more than before them (no document is retained); the rest of the RSS growth is memory V8
and the allocator keep for reuse after drawing ${RUNS * 2 + BULK_RUNS * BULK} pages, not returned to the system at once.
`;
if (shouldWrite()) {
  writeSection("Freight documents", body);
  console.log("Wrote the 'Freight documents' section of docs/benchmarks.md");
} else console.log(body);
process.exit(0);
