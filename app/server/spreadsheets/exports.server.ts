import { and, desc, eq, gt, lt, or, type SQL, sql } from "drizzle-orm";
import { parseInboxQuery } from "#app/server/inbox/inbox.server.ts";
import { parseQuoteStageParam, quoteRequestStage } from "#app/lib/quote-stage.ts";
import { parseShipmentListQuery } from "#app/schemas/shipment-admin.ts";
import type { Db } from "#app/server/db/client.server.ts";
import {
  consignees,
  contactSubmissions,
  quoteRequests,
  shipmentStatusHistory,
  shipments,
  shippers,
} from "#app/server/db/schema.ts";
import { contactSubmissionFilter } from "#app/server/inbox/contact-submissions.server.ts";
import { quoteRequestFilter, quoteStageCondition } from "#app/server/quotes/quote-requests.server.ts";
import { listConditions } from "#app/server/shipments/shipments.server.ts";
import type { CellValue } from "#app/server/spreadsheets/cells.server.ts";
import { csvStream } from "#app/server/spreadsheets/csv-write.server.ts";
import { xlsxStream } from "#app/server/spreadsheets/xlsx-write.server.ts";

// Exports of the back office's lists (issue 18, decision 020): the shipments with the list's search, status filter
// and sort, their parties and latest status entry; the quote requests and contact messages with their inbox's
// filters. Rows are read in keyset pages of EXPORT_PAGE_SIZE ((created_at, id) after the last row sent) and each
// page is written into the response before the next is read, so 100,000 shipments never sit in memory at once.

export const EXPORT_PAGE_SIZE = 1000;
export type ExportFormat = "csv" | "xlsx";

/**
 * The last row sent: its created_at as PostgreSQL's text (microseconds; a JavaScript Date keeps milliseconds only, and
 * rows made in one statement share one time), and its id.
 */
type Cursor = { cursorAt: string; id: string };
type Table = typeof shipments | typeof quoteRequests | typeof contactSubmissions;

/** The rows after `cursor` in the order (created_at, id), ascending or descending. */
function after(table: Table, cursor: Cursor | null, ascending: boolean): SQL | undefined {
  if (!cursor) return undefined;
  const at = sql`${cursor.cursorAt}::timestamptz`;
  const beyond = ascending ? gt : lt;
  return or(
    ascending ? sql`${table.createdAt} > ${at}` : sql`${table.createdAt} < ${at}`,
    and(sql`${table.createdAt} = ${at}`, beyond(table.id, cursor.id)),
  );
}

/** Pages of rows, read one after another by the keyset; stops after a short page. */
async function* keysetPages<Row extends Cursor>(
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

async function* cells<Row>(pages: AsyncIterable<Row[]>, toCells: (row: Row) => CellValue[]) {
  for await (const page of pages) yield page.map(toCells);
}

export type TableExport = { sheetName: string; header: string[]; pages: AsyncIterable<CellValue[][]> };

export const SHIPMENT_EXPORT_HEADER = [
  "Tracking number",
  "Status",
  "Origin",
  "Destination",
  "Current location",
  "Estimated delivery",
  "Weight (kg)",
  "Dimensions",
  "Pieces",
  "Mode",
  "Goods description",
  "Declared value",
  "Currency",
  "Incoterm",
  "Notes",
  "Shipper name",
  "Shipper company",
  "Shipper email",
  "Shipper phone",
  "Shipper address",
  "Consignee name",
  "Consignee company",
  "Consignee email",
  "Consignee phone",
  "Consignee address",
  "Latest status",
  "Latest status location",
  "Latest status time (UTC)",
  "Created (UTC)",
];

/** The shipments the list shows for `params` (q, status, sort), every page of them, with parties and latest entry. */
export function shipmentExport({ db, params }: { db: Db; params: URLSearchParams }): TableExport {
  const query = parseShipmentListQuery(params);
  const ascending = query.sort === "oldest";
  const where = listConditions({ search: query.q, status: query.status || undefined });
  const order = ascending
    ? [shipments.createdAt, shipments.id]
    : [desc(shipments.createdAt), desc(shipments.id)];
  const latest = db
    .select({
      status: shipmentStatusHistory.status,
      location: shipmentStatusHistory.location,
      timestamp: shipmentStatusHistory.timestamp,
    })
    .from(shipmentStatusHistory)
    .where(eq(shipmentStatusHistory.shipmentId, shipments.id))
    .orderBy(
      desc(shipmentStatusHistory.timestamp),
      desc(shipmentStatusHistory.createdAt),
      desc(shipmentStatusHistory.id),
    )
    .limit(1)
    .as("latest");
  const read = (cursor: Cursor | null) =>
    db
      .select({
        id: shipments.id,
        cursorAt: sql<string>`${shipments.createdAt}::text`,
        shipment: shipments,
        shipper: shippers,
        consignee: consignees,
        latestStatus: latest.status,
        latestLocation: latest.location,
        latestAt: latest.timestamp,
      })
      .from(shipments)
      .leftJoin(shippers, eq(shippers.id, shipments.shipperId))
      .leftJoin(consignees, eq(consignees.id, shipments.consigneeId))
      .leftJoinLateral(latest, sql`true`)
      .where(and(where, after(shipments, cursor, ascending)))
      .orderBy(...order)
      .limit(EXPORT_PAGE_SIZE);
  return {
    sheetName: "Shipments",
    header: SHIPMENT_EXPORT_HEADER,
    pages: cells(keysetPages(read), ({ shipment: s, shipper, consignee, ...row }) => [
      s.trackingNumber,
      s.status,
      s.originLocation,
      s.destinationLocation,
      s.currentLocation,
      s.estimatedDelivery,
      s.weight,
      s.dimensions,
      s.pieces,
      s.transportMode,
      s.goodsDescription,
      s.declaredValue,
      s.declaredCurrency,
      s.incoterm,
      s.notes,
      shipper?.name,
      shipper?.company,
      shipper?.email,
      shipper?.phone,
      shipper?.address,
      consignee?.name,
      consignee?.company,
      consignee?.email,
      consignee?.phone,
      consignee?.address,
      row.latestStatus,
      row.latestLocation,
      row.latestAt,
      s.createdAt,
    ]),
  };
}

/** The quote requests the inbox shows for `params` (read, q, stage), newest first. */
export function quoteRequestExport({ db, params }: { db: Db; params: URLSearchParams }): TableExport {
  const url = new URL(`http://x/?${params}`);
  const query = parseInboxQuery(url);
  const stage = parseQuoteStageParam(params.get("stage"));
  const now = new Date();
  const where = quoteRequestFilter({
    read: query.read,
    search: query.search,
    where: stage ? quoteStageCondition(stage, now) : undefined,
  });
  const read = (cursor: Cursor | null) =>
    db
      .select({ row: quoteRequests, id: quoteRequests.id, cursorAt: sql<string>`${quoteRequests.createdAt}::text` })
      .from(quoteRequests)
      .where(and(where, after(quoteRequests, cursor, false)))
      .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id))
      .limit(EXPORT_PAGE_SIZE);
  return {
    sheetName: "Quote requests",
    header: [
      "Received (UTC)",
      "First name",
      "Last name",
      "Email",
      "From",
      "To",
      "Parcel type",
      "Weight",
      "Freight types",
      "Special information",
      "Stage",
      "Read",
    ],
    pages: cells(keysetPages(read), ({ row: r }) => [
      r.createdAt,
      r.firstName,
      r.lastName,
      r.email,
      r.cityDeparture,
      r.deliveryCity,
      r.parcelType,
      r.weight,
      r.freightTypes.join(", "),
      r.specialInfo,
      quoteRequestStage(r, now),
      r.isRead ? "yes" : "no",
    ]),
  };
}

/** The contact messages the inbox shows for `params` (read, q), newest first. */
export function contactSubmissionExport({ db, params }: { db: Db; params: URLSearchParams }): TableExport {
  const query = parseInboxQuery(new URL(`http://x/?${params}`));
  const where = contactSubmissionFilter({ read: query.read, search: query.search });
  const read = (cursor: Cursor | null) =>
    db
      .select({
        row: contactSubmissions,
        id: contactSubmissions.id,
        cursorAt: sql<string>`${contactSubmissions.createdAt}::text`,
      })
      .from(contactSubmissions)
      .where(and(where, after(contactSubmissions, cursor, false)))
      .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
      .limit(EXPORT_PAGE_SIZE);
  return {
    sheetName: "Contact messages",
    header: ["Received (UTC)", "Name", "Email", "Subject", "Message", "Read"],
    pages: cells(keysetPages(read), ({ row: r }) => [
      r.createdAt,
      r.name,
      r.email,
      r.subject,
      r.message,
      r.isRead ? "yes" : "no",
    ]),
  };
}

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
