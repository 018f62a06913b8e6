import { and, desc, sql } from "drizzle-orm";
import type { Db } from "#app/server/db/client.server.ts";
import { parseInboxQuery } from "#app/server/db/inbox-records.server.ts";
import { contactSubmissions } from "#app/server/db/schema.ts";
import { contactSubmissionFilter } from "#app/server/inbox/contact-submissions.server.ts";
import {
  after,
  type Cursor,
  cells,
  EXPORT_PAGE_SIZE,
  keysetPages,
  type TableExport,
} from "#app/server/spreadsheets/exports.server.ts";

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
