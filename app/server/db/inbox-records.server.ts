import { and, count, desc, eq, inArray, ne, type SQL } from "drizzle-orm";
import type { Db } from "#app/server/db/client.server.ts";
import type { contactSubmissions, quoteRequests } from "#app/server/db/schema.ts";
import { isUuid, likePattern } from "#app/server/db/text-search.server.ts";

// Shared pieces of the two inboxes (quote requests and contact messages): the list query read from the URL,
// search patterns and ids. They sit beside the text search, below both rooms that list those messages (quotes/
// and inbox/, which shows both), so neither imports the other for them.

type ReadFilter = "read" | "unread";

/** The list's filter: read or unread, a search, and a condition of the inbox's own (the quote requests' stage). */
export type InboxFilter = { read?: ReadFilter; search?: string; where?: SQL };

/** What a bulk action applies to: the rows chosen on the page, or every row the list's filter matches. */
export type BulkTarget = { ids: string[] } | { filter: InboxFilter };

/** At most this many rows chosen one by one per bulk action; 'all matching' has no such limit. */
export const BULK_MAX_IDS = 500;

type InboxQuery = {
  read?: ReadFilter;
  search?: string;
  page: number;
};

export const INBOX_PAGE_SIZE = 20;
const MAX_SEARCH_LENGTH = 200;

/** The search term as typed, without control characters, trimmed and bounded; empty means no search. */
export function cleanSearch(value: string | null | undefined): string {
  return (value ?? "")
    .replace(/[\u0000-\u001f\u007f]/g, " ")
    .trim()
    .slice(0, MAX_SEARCH_LENGTH);
}

/** The list's filter, search and page from the URL (`?read=unread&q=…&page=2`); anything odd is ignored. */
export function parseInboxQuery(url: URL): InboxQuery {
  const read = url.searchParams.get("read");
  const page = url.searchParams.get("page");
  return {
    read: read === "read" || read === "unread" ? read : undefined,
    search: cleanSearch(url.searchParams.get("q")) || undefined,
    page: page && /^[1-9]\d{0,5}$/.test(page) ? Number(page) : 1,
  };
}

function pageBounds({ total, page, pageSize }: { total: number; page: number; pageSize: number }) {
  const size = Math.min(Math.max(Math.trunc(pageSize) || INBOX_PAGE_SIZE, 1), 100);
  const pageCount = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(Math.trunc(page) || 1, 1), pageCount);
  return { pageSize: size, pageCount, page: current, offset: (current - 1) * size };
}

type InboxTable = typeof quoteRequests | typeof contactSubmissions;

/**
 * The reading side of one inbox's table: a page of the list, one item, read/unread, open (marks it
 * read, the spec's auto-read) and delete. `matches` is the inbox's search over its own columns.
 */
export function inboxRecords<Row extends { isRead: boolean }>(
  table: InboxTable,
  matches: (pattern: string) => SQL,
) {
  // Both tables have these columns; only they are used here.
  const t = table as typeof quoteRequests;

  /** The list's filter in SQL: read or unread, the search, and the inbox's own condition; undefined is all. */
  function filterOf({ read, search, where }: InboxFilter): SQL | undefined {
    const conditions: SQL[] = where ? [where] : [];
    if (read) conditions.push(eq(t.isRead, read === "read"));
    const term = cleanSearch(search);
    if (term) conditions.push(matches(likePattern(term)));
    return conditions.length > 0 ? and(...conditions) : undefined;
  }

  /** The rows a bulk action names: the ids chosen (unknown ones are simply not there), or all the filter matches. */
  function targetOf(target: BulkTarget): SQL | undefined {
    if ("ids" in target) return inArray(t.id, target.ids.filter(isUuid));
    return filterOf(target.filter);
  }

  /** Marks many items read or unread in one statement; how many changed (those already so are not counted). */
  async function setReadMany({ db, target, isRead }: { db: Db; target: BulkTarget; isRead: boolean }) {
    if ("ids" in target && target.ids.length === 0) return 0;
    const rows = await db
      .update(t)
      .set({ isRead, updatedAt: new Date() })
      .where(and(targetOf(target), ne(t.isRead, isRead)))
      .returning({ id: t.id });
    return rows.length;
  }

  /** Deletes many items for good in one statement; how many were deleted. */
  async function removeMany({ db, target }: { db: Db; target: BulkTarget }) {
    if ("ids" in target && target.ids.length === 0) return 0;
    const rows = await db.delete(t).where(targetOf(target)).returning({ id: t.id });
    return rows.length;
  }

  /** One page, newest first; optionally only read or unread items, or those the search matches. */
  async function find({
    db,
    read,
    search,
    page = 1,
    pageSize = INBOX_PAGE_SIZE,
    where: extra,
  }: {
    db: Db;
    read?: ReadFilter;
    search?: string;
    page?: number;
    pageSize?: number;
    /** A further condition of the inbox's own (the quote requests' stage). */
    where?: SQL;
  }) {
    const where = filterOf({ read, search, where: extra });
    const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(t).where(where);
    const bounds = pageBounds({ total, page, pageSize });
    const items = (await db
      .select()
      .from(t)
      .where(where)
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(bounds.pageSize)
      .offset(bounds.offset)) as Row[];
    return { items, total, page: bounds.page, pageCount: bounds.pageCount };
  }

  async function getById({ db, id }: { db: Db; id: string }): Promise<Row | null> {
    if (!isUuid(id)) return null;
    const [row] = await db.select().from(t).where(eq(t.id, id));
    return (row as Row | undefined) ?? null;
  }

  /** Marks an item read or unread; null when it does not exist. */
  async function setRead({ db, id, isRead }: { db: Db; id: string; isRead: boolean }): Promise<Row | null> {
    if (!isUuid(id)) return null;
    const [row] = await db.update(t).set({ isRead, updatedAt: new Date() }).where(eq(t.id, id)).returning();
    return (row as Row | undefined) ?? null;
  }

  /** Opens an item for reading: the item, marked read if it was unread. */
  async function open({ db, id }: { db: Db; id: string }): Promise<Row | null> {
    const row = await getById({ db, id });
    if (!row || row.isRead) return row;
    return (await setRead({ db, id, isRead: true })) ?? row;
  }

  /** Deletes an item for good; false when there was none. */
  async function remove({ db, id }: { db: Db; id: string }): Promise<boolean> {
    if (!isUuid(id)) return false;
    const rows = await db.delete(t).where(eq(t.id, id)).returning({ id: t.id });
    return rows.length > 0;
  }

  return { find, getById, setRead, open, remove, setReadMany, removeMany, filterOf };
}
