import { and, gt, lt, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { CellValue } from "#app/server/spreadsheets/cells.server.ts";
import { csvStream } from "#app/server/spreadsheets/csv-write.server.ts";
import { xlsxStream } from "#app/server/spreadsheets/xlsx-write.server.ts";

// The parts every export of a back-office list shares (decision 020); each list's own export lives
// with its domain (shipments/shipment-export, quotes/quote-request-export, inbox/contact-export). Rows are read in keyset pages of EXPORT_PAGE_SIZE ((created_at, id) after the last row sent) and each
// page is written into the response before the next is read, so 100,000 shipments never sit in memory at once.

export const EXPORT_PAGE_SIZE = 1000;
export type ExportFormat = "csv" | "xlsx";

/**
 * The last row sent: its created_at as PostgreSQL's text (microseconds; a JavaScript Date keeps milliseconds only, and
 * rows made in one statement share one time), and its id.
 */
export type Cursor = { cursorAt: string; id: string };
/** A table read in keyset pages: its creation time and id. */
export type KeysetTable = { createdAt: AnyPgColumn; id: AnyPgColumn };

/** The rows after `cursor` in the order (created_at, id), ascending or descending. */
export function after(table: KeysetTable, cursor: Cursor | null, ascending: boolean): SQL | undefined {
  if (!cursor) return undefined;
  const at = sql`${cursor.cursorAt}::timestamptz`;
  const beyond = ascending ? gt : lt;
  return or(
    ascending ? sql`${table.createdAt} > ${at}` : sql`${table.createdAt} < ${at}`,
    and(sql`${table.createdAt} = ${at}`, beyond(table.id, cursor.id)),
  );
}

/** Pages of rows, read one after another by the keyset; stops after a short page. */
export async function* keysetPages<Row extends Cursor>(
  read: (cursor: Cursor | null) => Promise<Row[]>,
): AsyncGenerator<Row[]> {
  let cursor: Cursor | null = null;
  for (;;) {
    const rows = await read(cursor);
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_PAGE_SIZE) return;
    const last = rows[rows.length - 1]!;
    cursor = { cursorAt: last.cursorAt, id: last.id };
  }
}

export async function* cells<Row>(pages: AsyncIterable<Row[]>, toCells: (row: Row) => CellValue[]) {
  for await (const page of pages) yield page.map(toCells);
}

export type TableExport = { sheetName: string; header: string[]; pages: AsyncIterable<CellValue[][]> };
const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** The export as a streamed download named `<name>-<YYYY-MM-DD>.<format>`, never cached. */
export function exportResponse({
  table,
  format,
  name,
  now = new Date(),
}: {
  table: TableExport;
  format: ExportFormat;
  name: string;
  now?: Date;
}): Response {
  const body = format === "csv" ? csvStream(table) : xlsxStream(table);
  const filename = `${name}-${now.toISOString().slice(0, 10)}.${format}`;
  return new Response(body, {
    headers: {
      "Content-Type": CONTENT_TYPES[format],
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "X-Robots-Tag": "noindex",
    },
  });
}

/** The format a resource route's address ends with (`…/export.csv`, `…/export.xlsx`). */
export function exportFormatOf(request: Request): ExportFormat {
  return new URL(request.url).pathname.endsWith(".xlsx") ? "xlsx" : "csv";
}
