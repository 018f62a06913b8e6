// What a sent quote's link reaches (docs/decisions/016): the quote a customer's token (or, in the account, its id)
// opens, the customer's accept or decline, the e-mail that tells staff, and the rate limit of those links.
// Drafting and sending the quote is quotes.server.ts.
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import { formatMoney } from "#app/lib/money.ts";
import type { SiteSettings } from "#app/schemas/site-settings.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { quoteLines, quoteRequests, quotes } from "#app/server/db/schema.ts";
import { isUuid } from "#app/server/db/text-search.server.ts";
import { queueMail } from "#app/server/messaging/mail.server.ts";
import type { Config } from "#app/server/platform/config.server.ts";
import { limitClientLookups } from "#app/server/platform/rate-limit.server.ts";
import type { QuoteStatus } from "#app/server/quotes/quote-views.ts";
import {
  hashQuoteToken,
  type QuoteMailServices,
  type QuoteWithLines,
  quoteStatus,
} from "#app/server/quotes/quotes.server.ts";

/** Public links' tokens are 32 random bytes, base64url (43 characters). Anything else is not looked up. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type PublicQuote = {
  quote: QuoteWithLines;
  status: QuoteStatus;
  request: typeof quoteRequests.$inferSelect;
};

/**
 * Which quote: the token of the customer's link (the e-mail), or its id once the quote is known to be the
 * signed-in customer's (the account, decision 029). Both lead to the same rules.
 */
export type QuoteKey = { token: string } | { quoteId: string };

/** The condition for the quote a key names, or null when the key cannot name one (wrong shape). */
function quoteKeyWhere(key: QuoteKey) {
  if ("token" in key)
    return TOKEN_PATTERN.test(key.token) ? eq(quotes.tokenHash, hashQuoteToken(key.token)) : null;
  return isUuid(key.quoteId) ? eq(quotes.id, key.quoteId) : null;
}

/** The quote a customer's link (or, in the account, its id) opens, or null (unknown, or not of the right shape). */
export async function findCustomerQuote({
  db,
  now = new Date(),
  ...key
}: QuoteKey & { db: Db; now?: Date }): Promise<PublicQuote | null> {
  const where = quoteKeyWhere(key);
  if (!where) return null;
  const [row] = await db
    .select({ quote: quotes, request: quoteRequests })
    .from(quotes)
    .innerJoin(quoteRequests, eq(quoteRequests.id, quotes.quoteRequestId))
    .where(where);
  if (!row) return null;
  const lines = await db
    .select()
    .from(quoteLines)
    .where(eq(quoteLines.quoteId, row.quote.id))
    .orderBy(asc(quoteLines.position));
  return {
    quote: { ...row.quote, lines },
    status: quoteStatus(row.quote, now),
    request: row.request,
  };
}

/** The quote a customer's link opens, or null (an unknown token or one not of the right shape). */
export function findQuoteByToken({ db, token, now }: { db: Db; token: string; now?: Date }) {
  return findCustomerQuote({ db, token, now });
}

export type QuoteAnswer =
  | { kind: "accept"; name: string; ip: string | null; userAgent: string | null }
  | { kind: "decline"; comment: string | null };

export type AnswerResult =
  | { outcome: "not-found" }
  /** Done now. */
  | { outcome: "accepted" | "declined"; requestId: string; quoteId: string }
  /** Nothing changed: the quote is no longer open (answered before, from another tab too, expired, replaced). */
  | { outcome: "closed"; status: QuoteStatus };

/**
 * The customer's answer. One outcome, whatever arrives at once (a double click, accept in one tab and decline
 * in another): the request's row is locked first (the order sendQuote locks in too), then the quote changes
 * only while it is sent, not replaced and not past its validity (a conditional update). The request shows up
 * unread again, so the answer reaches the staff's bell.
 */
export async function answerQuote({
  db,
  answer,
  now = new Date(),
  ...key
}: QuoteKey & {
  db: Db;
  answer: QuoteAnswer;
  now?: Date;
}): Promise<AnswerResult> {
  const which = quoteKeyWhere(key);
  if (!which) return { outcome: "not-found" };
  return db.transaction(async (tx) => {
    const [found] = await tx.select({ requestId: quotes.quoteRequestId }).from(quotes).where(which);
    if (!found) return { outcome: "not-found" } as const;
    await tx
      .select({ id: quoteRequests.id })
      .from(quoteRequests)
      .where(eq(quoteRequests.id, found.requestId))
      .for("update");
    const changes =
      answer.kind === "accept"
        ? {
            state: "accepted" as const,
            acceptedAt: now,
            acceptedName: answer.name,
            acceptedIp: answer.ip,
            acceptedUserAgent: answer.userAgent,
          }
        : { state: "declined" as const, declinedAt: now, declineComment: answer.comment };
    const [updated] = await tx
      .update(quotes)
      .set(changes)
      .where(and(which, eq(quotes.state, "sent"), isNull(quotes.replacedAt), gt(quotes.expiresAt, now)))
      .returning({ id: quotes.id, requestId: quotes.quoteRequestId });
    if (!updated) {
      const [current] = await tx
        .select({ state: quotes.state, replacedAt: quotes.replacedAt, expiresAt: quotes.expiresAt })
        .from(quotes)
        .where(which);
      return { outcome: "closed", status: quoteStatus(current!, now) } as const;
    }
    await tx
      .update(quoteRequests)
      .set({ quoteState: changes.state, isRead: false })
      .where(eq(quoteRequests.id, updated.requestId));
    return { outcome: changes.state, requestId: updated.requestId, quoteId: updated.id } as const;
  });
}

/** Tells staff (the site's e-mail address from Settings) that a customer accepted or declined a quote. */
export async function queueQuoteAnswerMail({
  db,
  config,
  logger,
  requestId,
  quoteId,
  settings,
  now = new Date(),
}: QuoteMailServices & {
  db: Db;
  requestId: string;
  quoteId: string;
  settings: Pick<SiteSettings, "companyName" | "email">;
  now?: Date;
}) {
  const [row] = await db
    .select({ quote: quotes, request: quoteRequests })
    .from(quotes)
    .innerJoin(quoteRequests, eq(quoteRequests.id, quotes.quoteRequestId))
    .where(and(eq(quotes.id, quoteId), eq(quotes.quoteRequestId, requestId)));
  if (!row) return;
  const { quote, request } = row;
  const accepted = quote.state === "accepted";
  const who = `${request.firstName} ${request.lastName}`.trim();
  const staffLink = `${config.siteUrl}/admin/quote-requests/${request.id}/quote`;
  const text = accepted
    ? `${quote.acceptedName} accepted quote version ${quote.version} (${formatMoney(quote.totalMinor, quote.currency)}) for ${who}'s request, ${request.cityDeparture} to ${request.deliveryCity}.

Book the shipment: ${staffLink}`
    : `${who} declined quote version ${quote.version} (${formatMoney(quote.totalMinor, quote.currency)}), ${request.cityDeparture} to ${request.deliveryCity}.
${quote.declineComment ? `\nTheir comment:\n${quote.declineComment}\n` : ""}
The request: ${staffLink}`;
  await queueMail({
    db,
    config,
    logger,
    mail: {
      to: settings.email,
      subject: accepted ? `Quote accepted by ${who}` : `Quote declined by ${who}`,
      text,
    },
    dedupeKey: `quote-answer:${quote.id}`,
    now,
  });
}

/**
 * The rate limit of the customer's links (the quote page and its PDF): per client address, as generous as the
 * tracking page's, so guessing tokens is slow and a customer reading their quote never meets it.
 */
export function limitQuoteLinks({
  db,
  config,
  clientIp,
}: {
  db: Db;
  config: Pick<Config, "TRACK_RATE_LIMIT" | "TRACK_RATE_WINDOW_SECONDS">;
  clientIp: string;
}) {
  return limitClientLookups({ db, config, clientIp, kind: "quote" });
}
