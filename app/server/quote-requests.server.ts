import { ilike, or, sql } from "drizzle-orm";
import type { QuoteRequestInput } from "#app/schemas/quote-request.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { quoteRequests } from "#app/server/db/schema.ts";
import { inboxRecords } from "#app/server/inbox.server.ts";

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

const records = inboxRecords<QuoteRequest>(
  quoteRequests,
  (pattern) =>
    or(
      ilike(sql`${quoteRequests.firstName} || ' ' || ${quoteRequests.lastName}`, pattern),
      ilike(quoteRequests.email, pattern),
      ilike(quoteRequests.cityDeparture, pattern),
      ilike(quoteRequests.deliveryCity, pattern),
    )!,
);

/** One page of quote requests, newest first; optionally only read or unread ones, or matching a search
 * (name, e-mail or either city, case-insensitive). */
export const findQuoteRequests = records.find;
export const getQuoteRequestById = records.getById;
/** Marks a request read or unread; null when it does not exist. */
export const setQuoteRequestRead = records.setRead;
/** Opens a request for reading: the request, marked read if it was unread (the spec's auto-read). */
export const openQuoteRequest = records.open;
/** Deletes a request for good; false when there was none. */
export const deleteQuoteRequest = records.remove;
