import { and, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { QuoteRequestInput } from "../schemas/quote-request.ts";
import type { Db } from "./db/client.server.ts";
import { quoteRequests } from "./db/schema.ts";
import {
  cleanSearch,
  INBOX_PAGE_SIZE,
  isInboxId,
  likePattern,
  pageBounds,
  type ReadFilter,
} from "./inbox.server.ts";

export type CreateResult = {
  /** False when a row with this submission key already exists (a double click or a resubmitted page). */
  created: boolean;
  id: string | null;
};

/** Stores a quote request as unread. The same submission key stores one row; the second call is a no-op. */
export async function createQuoteRequest({
  db,
  input,
  submissionKey,
}: {
  db: Db;
  input: QuoteRequestInput;
  submissionKey: string;
}): Promise<CreateResult> {
  const rows = await db
    .insert(quoteRequests)
    .values({
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      cityDeparture: input.cityDeparture,
      deliveryCity: input.deliveryCity,
      parcelType: input.parcelType,
      weight: input.weight,
      specialInfo: input.specialInfo ? input.specialInfo : null,
      freightTypes: [...input.freightTypes],
      isRead: false,
      submissionKey,
    })
    .onConflictDoNothing({ target: quoteRequests.submissionKey })
    .returning({ id: quoteRequests.id });
  return { created: rows.length > 0, id: rows[0]?.id ?? null };
}

export type QuoteRequest = typeof quoteRequests.$inferSelect;

/** One page of quote requests, newest first; optionally only read or unread ones, or matching a search
 * (name, e-mail or either city, case-insensitive). */
export async function findQuoteRequests({
  db,
  read,
  search,
  page = 1,
  pageSize = INBOX_PAGE_SIZE,
}: {
  db: Db;
  read?: ReadFilter;
  search?: string;
  page?: number;
  pageSize?: number;
}) {
  const conditions: SQL[] = [];
  if (read) conditions.push(eq(quoteRequests.isRead, read === "read"));
  const term = cleanSearch(search);
  if (term) {
    const pattern = likePattern(term);
    conditions.push(
      or(
        ilike(sql`${quoteRequests.firstName} || ' ' || ${quoteRequests.lastName}`, pattern),
        ilike(quoteRequests.email, pattern),
        ilike(quoteRequests.cityDeparture, pattern),
        ilike(quoteRequests.deliveryCity, pattern),
      )!,
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(quoteRequests).where(where);
  const bounds = pageBounds({ total, page, pageSize });
  const items = await db
    .select()
    .from(quoteRequests)
    .where(where)
    .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id))
    .limit(bounds.pageSize)
    .offset(bounds.offset);
  return { items, total, page: bounds.page, pageCount: bounds.pageCount };
}

export async function getQuoteRequestById({ db, id }: { db: Db; id: string }): Promise<QuoteRequest | null> {
  if (!isInboxId(id)) return null;
  const [row] = await db.select().from(quoteRequests).where(eq(quoteRequests.id, id));
  return row ?? null;
}

/** Marks a request read or unread; null when it does not exist. */
export async function setQuoteRequestRead({
  db,
  id,
  isRead,
}: {
  db: Db;
  id: string;
  isRead: boolean;
}): Promise<QuoteRequest | null> {
  if (!isInboxId(id)) return null;
  const [row] = await db
    .update(quoteRequests)
    .set({ isRead, updatedAt: new Date() })
    .where(eq(quoteRequests.id, id))
    .returning();
  return row ?? null;
}

/** Opens a request for reading: the request, marked read if it was unread (the spec's auto-read). */
export async function openQuoteRequest({ db, id }: { db: Db; id: string }): Promise<QuoteRequest | null> {
  const row = await getQuoteRequestById({ db, id });
  if (!row || row.isRead) return row;
  return (await setQuoteRequestRead({ db, id, isRead: true })) ?? row;
}

/** Deletes a request for good; false when there was none. */
export async function deleteQuoteRequest({ db, id }: { db: Db; id: string }): Promise<boolean> {
  if (!isInboxId(id)) return false;
  const rows = await db
    .delete(quoteRequests)
    .where(eq(quoteRequests.id, id))
    .returning({ id: quoteRequests.id });
  return rows.length > 0;
}
