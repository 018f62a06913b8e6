// PDF pages printed through the running app, for the memory benchmark (bench/startup.ts): a clerk signs in
// through the login form and prints the labels of the benchmark's shipments from the shipment list's 'Print
// labels' form (`POST /admin/shipments/labels.pdf`, one 4×6 in page per piece, the bench shipments have one
// piece each), several shipments per PDF, one PDF after another. Every answer must be a PDF with as many pages
// as shipments were sent, so the memory figure is that of the app having really drawn them.
import { asc } from "drizzle-orm";
import { openDatabase } from "#app/server/db/client.server.ts";
import { shipments } from "#app/server/db/schema.ts";
import { ensureFirstAdmin } from "#app/server/staff/staff-accounts.server.ts";
import { ensureServerStopped } from "./server-processes.ts";

const CLERK_EMAIL = "bench-memory@example.com";
const CLERK_PASSWORD = "bench memory passphrase 2026";

/**
 * Before the app starts on `dataDir`: the first staff account (unless one exists) and the ids of the first
 * `count` shipments, which the printing will select.
 */
export async function prepareLabelPrinting({ dataDir, count }: { dataDir: string; count: number }) {
  const database = await openDatabase({ dataDir, timeoutMs: 60_000 });
  let ids: string[];
  try {
    const created = await ensureFirstAdmin({
      db: database.db,
      config: { ADMIN_EMAIL: CLERK_EMAIL, ADMIN_PASSWORD: CLERK_PASSWORD },
      logger: { info: () => {}, warn: (message: string) => console.warn(message) },
    });
    if (created === "missing") throw new Error("No staff account for the label printing");
    const rows = await database.db
      .select({ id: shipments.id })
      .from(shipments)
      .orderBy(asc(shipments.trackingNumber))
      .limit(count);
    if (rows.length < count) throw new Error(`Only ${rows.length} shipments to print labels for`);
    ids = rows.map((row) => row.id);
  } finally {
    await database.close();
  }
  if (!(await ensureServerStopped(dataDir))) throw new Error(`A server was left running in ${dataDir}`);
  return ids;
}

/** Signs in through the login form; the session's cookie header. */
async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/admin-login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: CLERK_EMAIL, password: CLERK_PASSWORD }),
  });
  await response.arrayBuffer();
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0]!)
    .join("; ");
  if (response.status !== 302 || !cookie) throw new Error(`Sign-in failed: ${response.status}`);
  return cookie;
}

/** Pages of a PDF as PDFKit writes them (one uncompressed page object each). */
const pdfPages = (pdf: Buffer) => pdf.toString("latin1").match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;

/** Prints the labels of `ids`, `perPdf` shipments per PDF, one PDF after the other. */
export async function printLabels({ url, ids, perPdf }: { url: string; ids: string[]; perPdf: number }) {
  const cookie = await signIn(url);
  const started = performance.now();
  let pages = 0;
  let bytes = 0;
  let pdfs = 0;
  for (let from = 0; from < ids.length; from += perPdf) {
    const body = new URLSearchParams([
      ...ids.slice(from, from + perPdf).map((id) => ["id", id]),
      ["size", "4x6"],
    ]);
    const response = await fetch(`${url}/admin/shipments/labels.pdf`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: url, cookie, "content-type": "application/x-www-form-urlencoded" },
      body,
    });
    const pdf = Buffer.from(await response.arrayBuffer());
    const expected = Math.min(perPdf, ids.length - from);
    if (response.status !== 200 || pdfPages(pdf) !== expected)
      throw new Error(
        `Printing labels ${from + 1}–${from + expected}: status ${response.status}, ${pdfPages(pdf)} pages`,
      );
    pages += expected;
    bytes += pdf.length;
    pdfs++;
  }
  return { pdfs, pages, bytes, ms: performance.now() - started };
}
