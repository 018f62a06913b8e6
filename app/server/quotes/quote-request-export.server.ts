import { and, desc, sql } from "drizzle-orm";
import { parseQuoteStageParam, quoteRequestStage } from "#app/lib/quote-stage.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { parseInboxQuery } from "#app/server/db/inbox-records.server.ts";
import { quoteRequests } from "#app/server/db/schema.ts";
import { quoteRequestFilter, quoteStageCondition } from "#app/server/quotes/quote-requests.server.ts";
import {
  after,
  type Cursor,
  cells,
  EXPORT_PAGE_SIZE,
  keysetPages,
  type TableExport,
} from "#app/server/spreadsheets/exports.server.ts";

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
      .select({
        row: quoteRequests,
        id: quoteRequests.id,
        cursorAt: sql<string>`${quoteRequests.createdAt}::text`,
      })
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
