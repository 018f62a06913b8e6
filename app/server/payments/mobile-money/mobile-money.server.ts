import { and, eq, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { Locale } from "#app/lib/i18n/locale.ts";
import { parsePhone } from "#app/lib/phone.ts";
import { companyToday } from "#app/lib/time-zone.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { invoices, mobileMoneyRequests } from "#app/server/db/schema.ts";
import { translatorFor } from "#app/server/i18n/words.server.ts";
import { creditedSql, paidSql } from "#app/server/invoices/invoice-balances.server.ts";
import {
  type MomoClient,
  type MomoStatus,
  reasonWords,
} from "#app/server/payments/mobile-money/mtn-momo.server.ts";
import { recordPayment } from "#app/server/payments/payments.server.ts";
import type { Logger } from "#app/server/platform/logger.server.ts";
import { getSiteSettings } from "#app/server/settings/settings.server.ts";

// Mobile money online (decision 027): the customer asks to pay an invoice from their MTN wallet, MTN
// asks them to approve on their phone, and the answer comes by a callback MTN sends once and never again, or
// not at all. So the request is stored before MTN hears of it, and every pending request is asked about until
// it is final (the poller of mobile-money-poller.server.ts, the customer's page, the callback). Whichever sees
// the final status first records the payment, exactly once: its submission key is the request's id.
//
// A request the customer no longer waits for (cancelled, replaced by a newer one, or not approved within
// REQUEST_VALIDITY_MS) is 'ended': it no longer blocks the invoice, and MTN is still asked about it, so an
// approval that comes late is still recorded once (any excess kept as credit). MTN is asked about one request at
// most once every ASK_INTERVAL_MS, whoever asks: a flood of callbacks or page loads cannot spend the merchant's
// API quota.

export type MobileMoneyRequest = typeof mobileMoneyRequests.$inferSelect;

/** How long after each check the next one is due; after the last, every hour until a day has passed. */
export const CHECK_DELAYS_MS = [10_000, 30_000, 60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000];
/** A request still pending this long after it was made is given up. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
export const NO_ANSWER = "No answer from MTN Mobile Money within a day: nothing was taken.";
const NEVER_ARRIVED = "The request did not reach MTN Mobile Money: nothing was taken.";
/** How long a request waits for the customer's approval before it ends by itself (MTN's prompt is long gone). */
export const REQUEST_VALIDITY_MS = 5 * 60_000;

/** Whether a request made at `createdAt` is past its validity at `now`, ended or not yet marked so. */
export const isPastValidity = (request: { createdAt: Date }, now: Date) =>
  now.getTime() - request.createdAt.getTime() >= REQUEST_VALIDITY_MS;
/** MTN is asked a request's status at most once in this interval, by the callback, the page and the poller together. */
export const ASK_INTERVAL_MS = 10_000;
const ASK_INTERVAL_SQL = sql.raw(`interval '${ASK_INTERVAL_MS} milliseconds'`);
/** A status MTN does not know about yet this long after the request is read as a request that never got there. */
const NOT_FOUND_GRACE_MS = 2 * 60_000;

export const nextCheckDelay = (checks: number) =>
  CHECK_DELAYS_MS[Math.min(checks, CHECK_DELAYS_MS.length - 1)]!;

export type MobileMoneyContext = { db: Db; client: MomoClient; logger: Pick<Logger, "info" | "warn"> };

export type StartResult =
  | { ok: true; requestId: string; state: MobileMoneyRequest["state"] }
  | { ok: false; field?: "payer" | "amount"; message: string };

/**
 * Starts a payment of `amountMinor` (in the invoice's currency) from the wallet `payer` (as typed): refused with
 * a message for the customer when the invoice is not an issued one with a balance, the amount is not above zero
 * or more than the balance, the wallet does not charge in the invoice's currency, or the number is not a mobile
 * number. While the customer waits for a request of the invoice, the same number and amount again is answered
 * with that request (a double click, a second tab); another number or amount ends it ('replaced') and starts
 * anew, so an unanswered wallet never blocks the invoice. The row is stored and committed before MTN is asked, so
 * a crash in between leaves a request the poller settles.
 */
export async function startMobileMoneyPayment({
  db,
  client,
  logger,
  invoiceId,
  payer,
  amountMinor,
  callbackUrl,
  locale = "en",
  now = new Date(),
}: MobileMoneyContext & {
  invoiceId: string;
  payer: string;
  amountMinor: number;
  callbackUrl: (requestId: string) => string;
  /** The language of the page the customer pays from. */
  locale?: Locale;
  now?: Date;
}): Promise<StartResult> {
  const phone = parsePhone(payer);
  if (!phone.ok) return { ok: false, field: "payer", message: phone.message };
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
    return { ok: false, field: "amount", message: "Enter an amount above zero" };
  const stored = await db.transaction(async (tx) => {
    await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, invoiceId)).for("update");
    const [invoice] = await tx
      .select({
        number: invoices.number,
        kind: invoices.kind,
        state: invoices.state,
        currency: invoices.currency,
        total: invoices.totalMinor,
        paid: paidSql,
        credited: creditedSql,
      })
      .from(invoices)
      .where(eq(invoices.id, invoiceId));
    if (invoice?.kind !== "invoice" || invoice.state !== "issued")
      return { ok: false, message: "This invoice cannot be paid online." } as const;
    const [waiting] = await tx
      .select({
        id: mobileMoneyRequests.id,
        payer: mobileMoneyRequests.payer,
        amountMinor: mobileMoneyRequests.amountMinor,
        createdAt: mobileMoneyRequests.createdAt,
      })
      .from(mobileMoneyRequests)
      .where(waitingOf(invoiceId));
    // The same payment again while it waits (a double click, a second tab) asks the customer once.
    if (
      waiting &&
      !isPastValidity(waiting, now) &&
      waiting.payer === phone.e164 &&
      waiting.amountMinor === amountMinor
    )
      return { ok: true, requestId: waiting.id, state: "pending", fresh: false } as const;
    const balance = invoice.total - invoice.paid - invoice.credited;
    if (balance <= 0) return { ok: false, message: "This invoice is paid." } as const;
    if (invoice.currency !== client.currency) {
      return {
        ok: false,
        message: `Mobile money takes ${client.currency} only; this invoice is in ${invoice.currency}. Please pay it another way.`,
      } as const;
    }
    if (amountMinor > balance)
      return { ok: false, field: "amount", message: "The amount is more than the balance due" } as const;
    // Another number or amount: the waiting request stops blocking the invoice (MTN is still asked about it).
    if (waiting) await endRequest(tx, waiting.id, isPastValidity(waiting, now) ? "expired" : "replaced", now);
    const [row] = await tx
      .insert(mobileMoneyRequests)
      .values({
        invoiceId,
        payer: phone.e164,
        currency: invoice.currency,
        amountMinor,
        nextCheckAt: new Date(now.getTime() + nextCheckDelay(0)),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: mobileMoneyRequests.id });
    return { ok: true, requestId: row!.id, state: "pending", fresh: true, number: invoice.number } as const;
  });
  if (!stored.ok || !stored.fresh) {
    return stored.ok ? { ok: true, requestId: stored.requestId, state: stored.state } : stored;
  }
  const answer = await client.requestToPay({
    referenceId: stored.requestId,
    amountMinor,
    currency: client.currency,
    payer: phone.e164,
    externalId: stored.requestId,
    // Shown on the customer's phone, in the language of the page they paid from; the merchant's note stays English.
    payerMessage: translatorFor(locale)("Invoice {number}", { number: stored.number ?? "" }).trim(),
    payeeNote: `Invoice ${stored.number ?? ""}`.trim(),
    callbackUrl: callbackUrl(stored.requestId),
  });
  if (answer.ok || answer.kind !== "refused") {
    // Not answered: MTN may have it; the poller asks, and gives up when MTN never heard of it.
    if (!answer.ok)
      logger.warn({ requestId: stored.requestId }, "MTN Mobile Money did not answer a request to pay");
    return { ok: true, requestId: stored.requestId, state: "pending" };
  }
  await finish(db, stored.requestId, { state: "failed", reason: answer.message }, now);
  return { ok: true, requestId: stored.requestId, state: "failed" };
}

/** Requests the customer waits for: pending at MTN, not ended. */
const stillWaited = () => and(eq(mobileMoneyRequests.state, "pending"), isNull(mobileMoneyRequests.endedAt));

/** The request of an invoice the customer waits for. */
const waitingOf = (invoiceId: string) => and(eq(mobileMoneyRequests.invoiceId, invoiceId), stillWaited());

/** Ends the waited-for requests that `where` picks, for `reason`; how many it ended. */
async function endWhere(
  db: Pick<Db, "update">,
  where: SQL | undefined,
  reason: MobileMoneyEndReason,
  now: Date,
) {
  const rows = await db
    .update(mobileMoneyRequests)
    .set({ endedAt: now, endReason: reason, updatedAt: now })
    .where(and(stillWaited(), where))
    .returning({ id: mobileMoneyRequests.id });
  return rows.length;
}

const endRequest = async (db: Pick<Db, "update">, id: string, reason: MobileMoneyEndReason, now: Date) =>
  (await endWhere(db, eq(mobileMoneyRequests.id, id), reason, now)) > 0;

export type MobileMoneyEndReason = NonNullable<MobileMoneyRequest["endReason"]>;

/**
 * The customer cancels a request of `invoiceId` they are waiting for: it stops blocking the invoice at once. MTN
 * has no way to withdraw a request to pay, so it is still asked about, and if the customer approves it anyway the
 * payment is recorded. Returns false when the request is not one of the invoice's waiting ones (settled, ended).
 */
export async function cancelMobileMoneyRequest({
  db,
  invoiceId,
  requestId,
  now = new Date(),
}: {
  db: Db;
  invoiceId: string;
  requestId: string;
  now?: Date;
}): Promise<boolean> {
  const request = await getMobileMoneyRequest({ db, id: requestId });
  if (request?.invoiceId !== invoiceId) return false;
  return endRequest(db, requestId, "cancelled", now);
}

/**
 * Ends the requests not approved within REQUEST_VALIDITY_MS ('expired'), all of them or those of one invoice:
 * the customer is told in words and may pay again; MTN is still asked about them until they are final.
 */
export async function endExpiredMobileMoneyRequests({
  db,
  invoiceId,
  now = new Date(),
}: {
  db: Pick<Db, "update">;
  invoiceId?: string;
  now?: Date;
}): Promise<number> {
  return endWhere(
    db,
    and(
      invoiceId ? eq(mobileMoneyRequests.invoiceId, invoiceId) : undefined,
      lte(mobileMoneyRequests.createdAt, new Date(now.getTime() - REQUEST_VALIDITY_MS)),
    ),
    "expired",
    now,
  );
}

/**
 * Takes the right to ask MTN about a pending request now: true for one caller in ASK_INTERVAL_MS, in whatever
 * process. Refused, the request's next check by the poller is brought to the moment asking is allowed again, so
 * a real callback that arrives a moment after another look is acted on seconds later, never lost.
 */
async function claimAsk(db: Db, id: string, now: Date): Promise<boolean> {
  const allowedFrom = new Date(now.getTime() - ASK_INTERVAL_MS);
  const claimed = await db
    .update(mobileMoneyRequests)
    .set({ askedAt: now, updatedAt: now })
    .where(
      and(
        eq(mobileMoneyRequests.id, id),
        eq(mobileMoneyRequests.state, "pending"),
        or(isNull(mobileMoneyRequests.askedAt), lte(mobileMoneyRequests.askedAt, allowedFrom)),
      ),
    )
    .returning({ id: mobileMoneyRequests.id });
  if (claimed.length > 0) return true;
  await db
    .update(mobileMoneyRequests)
    .set({
      nextCheckAt: sql`least(${mobileMoneyRequests.nextCheckAt}, ${mobileMoneyRequests.askedAt} + ${ASK_INTERVAL_SQL})`,
    })
    .where(and(eq(mobileMoneyRequests.id, id), eq(mobileMoneyRequests.state, "pending")));
  return false;
}

async function finish(
  db: Db,
  id: string,
  outcome: {
    state: "successful" | "failed";
    reason?: string;
    paymentId?: string;
    financialTransactionId?: string | null;
  },
  now: Date,
) {
  await db
    .update(mobileMoneyRequests)
    .set({
      state: outcome.state,
      reason: outcome.reason ?? null,
      paymentId: outcome.paymentId ?? null,
      financialTransactionId: outcome.financialTransactionId ?? null,
      finishedAt: now,
      updatedAt: now,
    })
    .where(and(eq(mobileMoneyRequests.id, id), eq(mobileMoneyRequests.state, "pending")));
}

export async function getMobileMoneyRequest({ db, id }: { db: Pick<Db, "select">; id: string }) {
  const [row] = await db.select().from(mobileMoneyRequests).where(eq(mobileMoneyRequests.id, id));
  return row ?? null;
}

/**
 * Acts on a status MTN gave for a request (never on a callback's word: the caller asked MTN). SUCCESSFUL records
 * the payment, once however often and from wherever it arrives (its key is `momo:<request id>`): what MTN took,
 * up to the invoice's balance off the invoice, the rest kept as the customer's credit (a clerk may have recorded
 * cash meanwhile; money taken is never refused). FAILED marks the request failed with MTN's reason in words.
 * PENDING changes nothing. Returns the request as it is now.
 */
export async function settleMobileMoneyRequest({
  db,
  logger,
  requestId,
  status,
  now = new Date(),
}: {
  db: Db;
  logger: Pick<Logger, "info" | "warn">;
  requestId: string;
  status: MomoStatus;
  now?: Date;
}): Promise<MobileMoneyRequest | null> {
  const request = await getMobileMoneyRequest({ db, id: requestId });
  if (request?.state !== "pending" || status.status === "PENDING") return request;
  if (status.status === "FAILED") {
    await finish(db, requestId, { state: "failed", reason: reasonWords(status.reason) }, now);
    return getMobileMoneyRequest({ db, id: requestId });
  }
  // What MTN says it took, when it says so in the request's currency; otherwise what we asked for.
  const taken =
    status.amountMinor !== null && status.amountMinor > 0 && status.currency === request.currency
      ? status.amountMinor
      : request.amountMinor;
  if (taken !== request.amountMinor)
    logger.warn({ requestId, asked: request.amountMinor, taken }, "MTN Mobile Money took another amount");
  const today = companyToday((await getSiteSettings({ db })).timeZone, now);
  for (let attempt = 0; attempt < 5; attempt++) {
    const [invoice] = await db
      .select({
        state: invoices.state,
        partyKind: invoices.partyKind,
        partyId: invoices.partyId,
        total: invoices.totalMinor,
        paid: paidSql,
        credited: creditedSql,
      })
      .from(invoices)
      .where(eq(invoices.id, request.invoiceId));
    const balance = invoice ? Math.max(0, invoice.total - invoice.paid - invoice.credited) : 0;
    const onInvoice = invoice?.state === "issued" ? Math.min(taken, balance) : 0;
    const result = await recordPayment({
      db,
      staffId: null,
      today,
      input: {
        party:
          invoice?.partyKind && invoice.partyId ? { kind: invoice.partyKind, id: invoice.partyId } : null,
        customerName: "",
        receivedOn: today,
        method: "mobile_money",
        reference: status.financialTransactionId ? `MTN ${status.financialTransactionId}` : null,
        note: `MTN Mobile Money from ${request.payer}`,
        currency: request.currency,
        amountMinor: taken,
        settledCurrency: request.currency,
        rateMicro: null,
        allocations: onInvoice > 0 ? [{ invoiceId: request.invoiceId, amountMinor: onInvoice }] : [],
        overpayment: true,
        submissionKey: `momo:${request.id}`,
      },
    });
    if (result.ok) {
      await finish(
        db,
        requestId,
        { state: "successful", paymentId: result.id, financialTransactionId: status.financialTransactionId },
        now,
      );
      if (!result.duplicate)
        logger.info({ requestId, payment: result.number }, "A mobile-money payment was recorded");
      return getMobileMoneyRequest({ db, id: requestId });
    }
    // The balance moved between reading it and recording (a clerk's payment at the same moment): read again.
    if (result.reason !== "more-than-balance" && result.reason !== "invoice-not-payable") {
      throw new Error(`A mobile-money payment could not be recorded: ${result.reason}`);
    }
  }
  throw new Error("A mobile-money payment could not be recorded: the invoice kept changing");
}

/**
 * Asks MTN about one pending request and acts on the answer; a request still pending a day after it was made is
 * given up ('no answer'), and one MTN never heard of after a grace period did not reach it. MTN is not asked
 * when it was asked about this request less than ASK_INTERVAL_MS ago (see claimAsk): the request is returned as
 * it is.
 */
export async function checkMobileMoneyRequest({
  db,
  client,
  logger,
  requestId,
  now = new Date(),
}: MobileMoneyContext & { requestId: string; now?: Date }): Promise<MobileMoneyRequest | null> {
  const request = await getMobileMoneyRequest({ db, id: requestId });
  if (request?.state !== "pending") return request;
  if (!(await claimAsk(db, requestId, now))) return getMobileMoneyRequest({ db, id: requestId });
  const answer = await client.getStatus(request.id);
  const age = now.getTime() - request.createdAt.getTime();
  if (answer.ok && answer.status !== "PENDING") {
    return settleMobileMoneyRequest({ db, logger, requestId, status: answer, now });
  }
  if (age >= GIVE_UP_AFTER_MS) {
    await finish(db, requestId, { state: "failed", reason: NO_ANSWER }, now);
  } else if (!answer.ok && answer.kind === "not-found" && age >= NOT_FOUND_GRACE_MS) {
    await finish(db, requestId, { state: "failed", reason: NEVER_ARRIVED }, now);
  }
  return getMobileMoneyRequest({ db, id: requestId });
}

/** Why mobile money cannot pay this invoice now, in the customer's words; null when it can. */
export function closedReason(
  invoice: { state: string; currency: string; balanceMinor: number },
  walletCurrency: string | null,
): string | null {
  if (invoice.state !== "issued") return "This invoice is void: there is nothing to pay.";
  if (invoice.balanceMinor <= 0) return "This invoice is paid. Thank you.";
  if (!walletCurrency)
    return "Paying by mobile money is not available at the moment. Please pay another way.";
  if (walletCurrency !== invoice.currency)
    return `Mobile money takes ${walletCurrency} only; this invoice is in ${invoice.currency}. Please pay it another way.`;
  return null;
}
