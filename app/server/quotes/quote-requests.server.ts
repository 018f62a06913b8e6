import { and, eq, gt, ilike, isNotNull, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import type { Locale } from "#app/lib/i18n/locale.ts";
import type { Translate } from "#app/lib/i18n/translate.ts";
import type { QuoteRequestStage } from "#app/lib/quote-stage.ts";
import { type QuoteRequestInput, quoteRequestSchema } from "#app/schemas/quote-request.ts";
import type { SentSummary } from "#app/schemas/rules/public-form.ts";
import { freightTypeLabel } from "#app/schemas/rules/quote-request-rules.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { inboxRecords } from "#app/server/db/inbox-records.server.ts";
import { quoteRequests } from "#app/server/db/schema.ts";
import { translatorFor } from "#app/server/i18n/words.server.ts";
import { submitPublicForm } from "#app/server/platform/forms.server.ts";

export type CreateResult = {
  /** False when a row with this submission key already exists (a double click or a resubmitted page). */
  created: boolean;
  id: string | null;
};

/**
 * Stores a quote request as unread, in the language of the page it was sent from (its quote and messages go in
 * it). The same submission key stores one row; the second call is a no-op.
 */
export async function createQuoteRequest({
  db,
  input,
  submissionKey,
  language = "en",
}: {
  db: Db;
  input: QuoteRequestInput;
  submissionKey: string;
  language?: Locale;
}): Promise<CreateResult> {
  const rows = await db
    .insert(quoteRequests)
    .values({
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      company: input.company ?? null,
      phone: input.phone ?? null,
      cityDeparture: input.cityDeparture,
      deliveryCity: input.deliveryCity,
      parcelType: input.parcelType,
      weight: input.weight,
      readyDate: input.readyDate ?? null,
      specialInfo: input.specialInfo ? input.specialInfo : null,
      freightTypes: [...input.freightTypes],
      isRead: false,
      submissionKey,
      language,
    })
    .onConflictDoNothing({ target: quoteRequests.submissionKey })
    .returning({ id: quoteRequests.id });
  return { created: rows.length > 0, id: rows[0]?.id ?? null };
}

/**
 * The confirmation after a quote request: the route, the cargo and the freight types asked for; the words the
 * form chose (parcel and freight types) in the page's language, the labels are translated where they show.
 */
export function summarizeQuoteRequest(
  value: QuoteRequestInput,
  t: Translate = translatorFor("en"),
): SentSummary {
  return {
    email: value.email,
    details: [
      { label: "Route", value: `${value.cityDeparture} → ${value.deliveryCity}` },
      { label: "Cargo", value: `${value.parcelType === null ? "" : t(value.parcelType)}, ${value.weight}` },
      { label: "Freight", value: value.freightTypes.map((type) => t(freightTypeLabel(type))).join(", ") },
    ],
  };
}

/**
 * The quote form posted (the contact page's, and the customer account's 'Ask for a quote'): checked with its
 * schema and messages, stored by createQuoteRequest, answered as every public form is (submitPublicForm).
 */
export function submitQuoteRequest({
  context,
  formData,
  locale = "en",
}: {
  context: Readonly<RouterContextProvider>;
  formData: FormData;
  /** The page's language: the answer's messages are in it, and the request keeps it. */
  locale?: Locale;
}) {
  return submitPublicForm({
    context,
    formData,
    form: "quote",
    schema: quoteRequestSchema,
    locale,
    save: ({ db, value, submissionKey }) =>
      createQuoteRequest({ db, input: value, submissionKey, language: locale }),
    summarize: (value) => summarizeQuoteRequest(value, translatorFor(locale)),
  });
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

/**
 * The requests in a stage, by the rule of app/lib/quote-stage.ts in SQL; Expired is read from the clock (`now`),
 * so a quote expires at the end of its validity without a job.
 */
export function quoteStageCondition(stage: QuoteRequestStage, now: Date): SQL {
  const q = quoteRequests;
  const notBooked = isNull(q.bookedShipmentId);
  switch (stage) {
    case "Booked":
      return isNotNull(q.bookedShipmentId);
    case "Accepted":
      return and(notBooked, eq(q.quoteState, "accepted"))!;
    case "Declined":
      return and(notBooked, eq(q.quoteState, "declined"))!;
    case "Expired":
      return and(notBooked, eq(q.quoteState, "sent"), lte(q.quoteExpiresAt, now))!;
    case "Quoted":
      return and(
        notBooked,
        eq(q.quoteState, "sent"),
        or(isNull(q.quoteExpiresAt), gt(q.quoteExpiresAt, now)),
      )!;
    case "New":
      return and(notBooked, or(isNull(q.quoteState), eq(q.quoteState, "draft")))!;
  }
}

/** One page of quote requests, newest first; optionally only read or unread ones, in one stage, or matching a
 * search (name, e-mail or either city, case-insensitive). */
export function findQuoteRequests({
  stage,
  now = new Date(),
  ...args
}: Parameters<typeof records.find>[0] & { stage?: QuoteRequestStage; now?: Date }) {
  return records.find({ ...args, where: stage ? quoteStageCondition(stage, now) : undefined });
}
export const getQuoteRequestById = records.getById;
/** The list's filter in SQL (read, search, and the stage's condition as `where`): what its export takes. */
export const quoteRequestFilter = records.filterOf;
/** Marks a request read or unread; null when it does not exist. */
export const setQuoteRequestRead = records.setRead;
/** Opens a request for reading: the request, marked read if it was unread (the spec's auto-read). */
export const openQuoteRequest = records.open;
/** Deletes a request for good; false when there was none. */
export const deleteQuoteRequest = records.remove;
/** Bulk actions (decision 016): many requests marked read or unread, or deleted, in one statement each. */
export const setQuoteRequestsRead = records.setReadMany;
export const deleteQuoteRequests = records.removeMany;
