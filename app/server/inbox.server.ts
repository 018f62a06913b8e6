// Shared pieces of the two inboxes (quote requests and contact messages): the list query read from the URL,
// search patterns and ids.

export type ReadFilter = "read" | "unread";

export type InboxQuery = {
  read?: ReadFilter;
  search?: string;
  page: number;
};

export const INBOX_PAGE_SIZE = 20;
export const MAX_SEARCH_LENGTH = 200;

export { isUuid as isInboxId, likePattern } from "./db/text-search.server.ts";

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

export function pageBounds({ total, page, pageSize }: { total: number; page: number; pageSize: number }) {
  const size = Math.min(Math.max(Math.trunc(pageSize) || INBOX_PAGE_SIZE, 1), 100);
  const pageCount = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(Math.trunc(page) || 1, 1), pageCount);
  return { pageSize: size, pageCount, page: current, offset: (current - 1) * size };
}
