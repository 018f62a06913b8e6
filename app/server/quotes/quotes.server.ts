// Quotes for quote requests (docs/decisions/016): their versions, the draft staff edit, and sending it: the
// customer's e-mail with its link and PDF. What the link reaches (the customer's answer) is quote-link.server.ts.

import crypto from "node:crypto";
import { and, asc, desc, eq, inArray, isNull, TransactionRollbackError } from "drizzle-orm";
import { companyToday, fromLocalDateTime } from "#app/lib/time-zone.ts";
import type { QuoteInput } from "#app/schemas/quote.ts";
import type { SiteSettings } from "#app/schemas/site-settings.ts";
import type { Db, Tx } from "#app/server/db/client.server.ts";
import { quoteLines, quoteRequests, quotes } from "#app/server/db/schema.ts";
import { documentCompany } from "#app/server/documents/document-context.server.ts";
import { mailWords } from "#app/server/i18n/customer-mail.server.ts";
import { type Mail, mailSignature, queueMail } from "#app/server/messaging/mail.server.ts";
import type { Config } from "#app/server/platform/config.server.ts";
import type { Logger } from "#app/server/platform/logger.server.ts";
import { quoteDocument, renderQuotePdf } from "#app/server/quotes/quote-pdf.server.ts";
import type { QuoteStatus } from "#app/server/quotes/quote-views.ts";

export type Quote = typeof quotes.$inferSelect;
export type QuoteLine = typeof quoteLines.$inferSelect;
export type QuoteWithLines = Quote & { lines: QuoteLine[] };

export function quoteStatus(
  quote: Pick<Quote, "state" | "replacedAt" | "expiresAt">,
  now: Date,
): QuoteStatus {
  if (quote.state === "draft") return "draft";
  if (quote.state === "accepted") return "accepted";
  if (quote.state === "declined") return "declined";
  if (quote.replacedAt) return "replaced";
  return quote.expiresAt.getTime() <= now.getTime() ? "expired" : "open";
}

/** The default validity: 14 days from today, in the company's time zone. */
export function defaultValidUntil(timeZone: string, now: Date = new Date(), days = 14): string {
  const [y, m, d] = companyToday(timeZone, now).split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The end of a validity date: midnight after it, in the company's time zone. */
export function validityEnd(validUntil: string, timeZone: string): Date {
  const [y, m, d] = validUntil.split("-").map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  const end = fromLocalDateTime(`${next}T00:00`, timeZone);
  if (!end) throw new Error(`Not a date: ${validUntil}`);
  return end;
}

export function hashQuoteToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export function quotePath(token: string): string {
  return `/quote/${token}`;
}

/** Every version of a request's quote with its lines, newest first. */
export async function listQuotes({
  db,
  requestId,
}: {
  db: Db;
  requestId: string;
}): Promise<QuoteWithLines[]> {
  const rows = await db
    .select()
    .from(quotes)
    .where(eq(quotes.quoteRequestId, requestId))
    .orderBy(desc(quotes.version));
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(quoteLines)
    .where(
      inArray(
        quoteLines.quoteId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(quoteLines.position));
  return rows.map((row) => ({ ...row, lines: lines.filter((line) => line.quoteId === row.id) }));
}

export type SaveDraftResult =
  | { ok: true; quoteId: string; version: number; created: boolean }
  | { ok: false; reason: "not-found" | "accepted" | "booked" };

/**
 * Writes `input` as the request's draft inside the caller's transaction, which has locked the request's row:
 * edits the open draft, or starts the next version (from nothing, or from a sent quote, which never changes).
 */
async function writeDraft({
  tx,
  requestId,
  requestQuoteState,
  requestIsRead,
  input,
  staffId,
  timeZone,
}: {
  tx: Tx;
  requestId: string;
  requestQuoteState: string | null;
  /** A request staff quote is read: it leaves the unread count. */
  requestIsRead: boolean;
  input: QuoteInput;
  staffId: string | null;
  timeZone: string;
}) {
  const totalMinor = input.lines.reduce((sum, line) => sum + line.amountMinor, 0);
  const values = {
    currency: input.currency,
    totalMinor,
    validUntil: input.validUntil,
    expiresAt: validityEnd(input.validUntil, timeZone),
    transitTime: input.transitTime,
    incoterm: input.incoterm,
    terms: input.terms,
    note: input.note,
  };
  const [latest] = await tx
    .select({ id: quotes.id, version: quotes.version, state: quotes.state })
    .from(quotes)
    .where(eq(quotes.quoteRequestId, requestId))
    .orderBy(desc(quotes.version))
    .limit(1);
  let quoteId: string;
  let version: number;
  const created = latest?.state !== "draft";
  if (latest && latest.state === "draft") {
    await tx.update(quotes).set(values).where(eq(quotes.id, latest.id));
    await tx.delete(quoteLines).where(eq(quoteLines.quoteId, latest.id));
    quoteId = latest.id;
    version = latest.version;
  } else {
    version = (latest?.version ?? 0) + 1;
    const [row] = await tx
      .insert(quotes)
      .values({ quoteRequestId: requestId, version, state: "draft", createdBy: staffId, ...values })
      .returning({ id: quotes.id });
    quoteId = row!.id;
  }
  await tx.insert(quoteLines).values(input.lines.map((line, position) => ({ quoteId, position, ...line })));
  if (requestQuoteState === null || !requestIsRead) {
    await tx
      .update(quoteRequests)
      .set({ isRead: true, ...(requestQuoteState === null ? { quoteState: "draft" as const } : {}) })
      .where(eq(quoteRequests.id, requestId));
  }
  return { quoteId, version, created };
}

/**
 * Saves the request's draft: edits the open draft, or starts the next version (from nothing, or from a sent
 * quote, which itself never changes). An accepted or booked request takes no new version.
 */
export async function saveQuoteDraft({
  db,
  requestId,
  input,
  staffId,
  timeZone,
}: {
  db: Db;
  requestId: string;
  input: QuoteInput;
  staffId: string | null;
  timeZone: string;
}): Promise<SaveDraftResult> {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select({
        quoteState: quoteRequests.quoteState,
        bookedShipmentId: quoteRequests.bookedShipmentId,
        isRead: quoteRequests.isRead,
      })
      .from(quoteRequests)
      .where(eq(quoteRequests.id, requestId))
      .for("update");
    if (!request) return { ok: false, reason: "not-found" } as const;
    if (request.bookedShipmentId) return { ok: false, reason: "booked" } as const;
    if (request.quoteState === "accepted") return { ok: false, reason: "accepted" } as const;
    const saved = await writeDraft({
      tx,
      requestId,
      requestQuoteState: request.quoteState,
      requestIsRead: request.isRead,
      input,
      staffId,
      timeZone,
    });
    return { ok: true, ...saved } as const;
  });
}

export type SendQuoteResult =
  | { ok: true; quoteId: string; version: number; token: string; mailQueued: boolean }
  | {
      ok: false;
      reason: "not-found" | "no-draft" | "accepted" | "booked" | "validity-past" | "mail-refused";
    };

export type QuoteMailServices = {
  config: Pick<Config, "SMTP_URL" | "OUTBOX_DIR" | "siteUrl">;
  logger: Pick<Logger, "info">;
};

/**
 * Sends the request's draft: it becomes the sent version (never changed again), with a new link (only the
 * token's hash is kept); an earlier sent version is marked replaced; the customer's e-mail goes into the
 * outbox in the same transaction (nothing is sent if any of it fails). With `input` (what the clerk's form
 * shows), that is saved as the draft first, in the same transaction: the customer gets what the clerk saw,
 * never an older saved draft, and a refusal leaves the draft as it was.
 */
export async function sendQuote({
  db,
  config,
  logger,
  requestId,
  staffId,
  settings,
  input,
  now = new Date(),
}: QuoteMailServices & {
  db: Db;
  requestId: string;
  staffId: string | null;
  input?: QuoteInput;
  settings: Pick<SiteSettings, "companyName" | "timeZone" | "email" | "phone" | "address">;
  now?: Date;
}): Promise<SendQuoteResult> {
  return db
    .transaction(async (tx) => {
      const [request] = await tx
        .select()
        .from(quoteRequests)
        .where(eq(quoteRequests.id, requestId))
        .for("update");
      if (!request) return { ok: false, reason: "not-found" } as const;
      if (request.bookedShipmentId) return { ok: false, reason: "booked" } as const;
      if (request.quoteState === "accepted") return { ok: false, reason: "accepted" } as const;
      if (input) {
        if (input.validUntil < companyToday(settings.timeZone, now)) {
          return { ok: false, reason: "validity-past" } as const;
        }
        await writeDraft({
          tx,
          requestId,
          requestQuoteState: request.quoteState,
          requestIsRead: request.isRead,
          input,
          staffId,
          timeZone: settings.timeZone,
        });
      }
      const [draft] = await tx
        .select()
        .from(quotes)
        .where(and(eq(quotes.quoteRequestId, requestId), eq(quotes.state, "draft")))
        .for("update");
      if (!draft) return { ok: false, reason: "no-draft" } as const;
      if (draft.validUntil < companyToday(settings.timeZone, now)) {
        return { ok: false, reason: "validity-past" } as const;
      }
      const lines = await tx
        .select()
        .from(quoteLines)
        .where(eq(quoteLines.quoteId, draft.id))
        .orderBy(asc(quoteLines.position));
      const token = crypto.randomBytes(32).toString("base64url");
      await tx
        .update(quotes)
        .set({ replacedAt: now })
        .where(
          and(eq(quotes.quoteRequestId, requestId), eq(quotes.state, "sent"), isNull(quotes.replacedAt)),
        );
      await tx
        .update(quotes)
        .set({ state: "sent", tokenHash: hashQuoteToken(token), sentAt: now, sentBy: staffId })
        .where(eq(quotes.id, draft.id));
      await tx
        .update(quoteRequests)
        .set({ quoteState: "sent", quoteExpiresAt: draft.expiresAt, isRead: true })
        .where(eq(quoteRequests.id, requestId));
      // The PDF of the version as sent (its link and QR code), attached: every attempt sends these bytes. A
      // failed render throws, and nothing is sent or changed.
      const { pdf, filename } = await renderQuotePdf({
        document: quoteDocument({
          request,
          quote: { ...draft, state: "sent", sentAt: now },
          lines,
          link: mailWords(request.language).link(config.siteUrl, quotePath(token)),
        }),
        context: {
          company: documentCompany(settings),
          siteUrl: config.siteUrl,
          now,
          timeZone: settings.timeZone,
          locale: request.language,
        },
      });
      const mail = quoteMail({ request, quote: draft, lines, token, siteUrl: config.siteUrl, settings });
      const queued = await queueMail({
        db: tx,
        config,
        logger,
        mail: { ...mail, attachments: [{ filename, contentType: "application/pdf", content: pdf }] },
        now,
      });
      if (!queued.ok) {
        // An address the outbox refuses: nothing is sent and nothing changes.
        tx.rollback();
      }
      return {
        ok: true,
        quoteId: draft.id,
        version: draft.version,
        token,
        mailQueued: queued.ok && queued.queued,
      } as const;
    })
    .catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) return { ok: false, reason: "mail-refused" } as const;
      throw error;
    });
}

function quoteMail({
  request,
  quote,
  lines,
  token,
  siteUrl,
  settings,
}: {
  request: typeof quoteRequests.$inferSelect;
  quote: Quote;
  lines: QuoteLine[];
  token: string;
  siteUrl: string;
  settings: Pick<SiteSettings, "companyName" | "email" | "phone">;
}): Mail {
  // In the language of the page the request was sent from (decision 030).
  const { t, money, date, link: linkTo } = mailWords(request.language);
  const company = settings.companyName;
  const route = { from: request.cityDeparture, to: request.deliveryCity };
  const link = linkTo(siteUrl, quotePath(token));
  const lineText = lines.map((line) => `- ${line.description}: ${money(line.amountMinor, quote.currency)}`);
  const extras = [
    quote.transitTime ? t("Transit time: {time}", { time: quote.transitTime }) : null,
    quote.incoterm ? t("Incoterm: {incoterm}", { incoterm: quote.incoterm }) : null,
  ].filter((line): line is string => line !== null);
  const text = `${t("Dear {name},", { name: `${request.firstName} ${request.lastName}`.trim() })}

${t("Thank you for your quote request.")} ${
    quote.version > 1
      ? t("Here is our quote for {from} to {to} (version {version}, it replaces the earlier one):", {
          ...route,
          version: quote.version,
        })
      : t("Here is our quote for {from} to {to}:", route)
  }

${lineText.join("\n")}

${t("Total: {amount}", { amount: money(quote.totalMinor, quote.currency) })}
${t("Valid until: {date}", { date: date(quote.validUntil) })}
${extras.length > 0 ? `${extras.join("\n")}\n` : ""}
${t("To read the full quote and its terms, download it as a PDF, and accept or decline it, open:")}
${link}

${quote.note ? `${quote.note}\n\n` : ""}${mailSignature(settings)}`;
  return {
    to: request.email,
    subject: t("Your quote from {company}: {from} to {to}", { company, ...route }),
    text,
  };
}
