import { eq } from "drizzle-orm";
import { formatMoneyIn } from "#app/lib/i18n/format.ts";
import type { Locale } from "#app/lib/i18n/locale.ts";
import { AMOUNT_MAX, CANCEL_INTENT, PAY_INTENT_FIELD, PAYER_MAX } from "#app/lib/mobile-money-form.ts";
import { minorToInput, parseAmount } from "#app/lib/money.ts";
import { invoices } from "#app/server/db/schema.ts";
import { isUuid } from "#app/server/db/text-search.server.ts";
import { getInvoiceBalances } from "#app/server/invoices/invoice-balances.server.ts";
import { findInvoiceLink } from "#app/server/invoices/invoice-links.server.ts";
import { maskAddress } from "#app/server/messaging/mail.server.ts";
import {
  cancelMobileMoneyRequest,
  checkMobileMoneyRequest,
  closedReason,
  endExpiredMobileMoneyRequests,
  getMobileMoneyRequest,
  type MobileMoneyEndReason,
  startMobileMoneyPayment,
} from "#app/server/payments/mobile-money/mobile-money.server.ts";
import type { PayPage, PayRequestView } from "#app/server/payments/payment-views.ts";
import type { Services } from "#app/server/services.server.ts";

// The customer's '/invoice/:token/pay' (decision 027): what the page shows and what its form does, apart from
// the route so the route stays a thin, public module (no admin code in the public bundle).

type PageServices = Pick<Services, "db" | "logger" | "mobileMoney" | "config">;

/** The invoice a token opens, with its balance; null for a token that opens nothing. */
async function invoiceOfToken(db: PageServices["db"], token: string) {
  const link = await findInvoiceLink({ db, token });
  if (!link) return null;
  const [invoice] = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      state: invoices.state,
      currency: invoices.currency,
      customerName: invoices.customerName,
    })
    .from(invoices)
    .where(eq(invoices.id, link.invoiceId));
  if (!invoice) return null;
  const balance = (await getInvoiceBalances({ db, ids: [invoice.id] })).get(invoice.id)!;
  return { ...invoice, balanceMinor: balance.balanceMinor };
}

/** What the customer is told about a request they no longer wait for, by why it ended (decision 027). */
export const ENDED_WORDS: Record<MobileMoneyEndReason, string> = {
  cancelled:
    "You cancelled this request: nothing was taken. If your phone still asks you to approve it, decline it.",
  replaced:
    "A newer request replaced this one: nothing was taken for it. If your phone still asks you to approve it, decline it.",
  expired:
    "The payment was not approved on the phone within 5 minutes, so the request has ended: nothing was taken. You can try again.",
};

/** The page: the invoice's balance and, with `?request=`, that request of this invoice as it is now (asked of MTN while pending). */
export async function loadPayPage({
  services,
  token,
  requestId,
  locale = "en",
}: {
  services: PageServices;
  token: string;
  requestId: string | null;
  /** The page's language: its money is written in it. */
  locale?: Locale;
}): Promise<PayPage> {
  const { db, logger, mobileMoney } = services;
  const invoice = await invoiceOfToken(db, token);
  if (!invoice) return { kind: "not-found" };
  let request: PayRequestView | null = null;
  if (requestId && isUuid(requestId)) {
    await endExpiredMobileMoneyRequests({ db, invoiceId: invoice.id });
    let row = await getMobileMoneyRequest({ db, id: requestId });
    if (row && row.invoiceId !== invoice.id) row = null;
    if (row?.state === "pending" && mobileMoney.client) {
      row = await checkMobileMoneyRequest({
        db,
        client: mobileMoney.client,
        logger,
        requestId: row.id,
      }).catch(() => row);
    }
    if (row) {
      const shown = {
        id: row.id,
        amount: formatMoneyIn(locale, row.amountMinor, row.currency),
        payer: maskAddress(row.payer),
      };
      request =
        row.state === "successful"
          ? { ...shown, state: "successful" }
          : row.endReason
            ? { ...shown, state: "ended", reason: ENDED_WORDS[row.endReason] }
            : row.state === "failed"
              ? { ...shown, state: "failed", reason: row.reason ?? "" }
              : { ...shown, state: "pending" };
    }
  }
  const fresh = request?.state === "successful" ? await invoiceOfToken(db, token) : invoice;
  const current = fresh ?? invoice;
  return {
    kind: "found",
    number: current.number ?? "",
    customerName: current.customerName,
    balance: formatMoneyIn(locale, current.balanceMinor, current.currency),
    // The field's value as the page's language writes a decimal ('1250,00' in French): what its parser reads.
    balanceInput:
      locale === "fr"
        ? minorToInput(current.balanceMinor, current.currency).replace(".", ",")
        : minorToInput(current.balanceMinor, current.currency),
    currency: current.currency,
    closed: closedReason(current, mobileMoney.client?.currency ?? null),
    request,
  };
}

export type PaySubmit =
  | { ok: true; requestId: string }
  | { ok: false; status: number; errors: { payer?: string; amount?: string; form?: string } };

/**
 * The form: starts the payment (or answers the one waiting, when it is the same number and amount), cancels a
 * waiting request, or says what to correct. Stores nothing on bad input.
 */
export async function submitPayForm({
  services,
  token,
  form,
  locale = "en",
}: {
  services: PageServices;
  token: string;
  form: FormData | null;
  /** The page's language: a French page's amount is typed '1 250,50'. */
  locale?: Locale;
}): Promise<PaySubmit> {
  const { db, logger, mobileMoney, config } = services;
  const invoice = await invoiceOfToken(db, token);
  if (!invoice) return { ok: false, status: 404, errors: {} };
  const field = (name: string) => {
    const value = form?.get(name);
    return typeof value === "string" ? value.trim() : null;
  };
  if (field(PAY_INTENT_FIELD) === CANCEL_INTENT) {
    const requestId = field("request");
    const request =
      requestId && isUuid(requestId) ? await getMobileMoneyRequest({ db, id: requestId }) : null;
    if (request?.invoiceId !== invoice.id)
      return { ok: false, status: 400, errors: { form: "The form could not be read. Please try again." } };
    // Settled or ended already: the page shows it as it is.
    await cancelMobileMoneyRequest({ db, invoiceId: invoice.id, requestId: request.id });
    return { ok: true, requestId: request.id };
  }
  const payer = field("payer");
  const amountText = field("amount");
  if (payer === null || amountText === null)
    return { ok: false, status: 400, errors: { form: "The form could not be read. Please try again." } };
  const closed = closedReason(invoice, mobileMoney.client?.currency ?? null);
  if (closed || !mobileMoney.client) return { ok: false, status: 409, errors: { form: closed ?? "" } };
  const errors: { payer?: string; amount?: string } = {};
  if (payer === "") errors.payer = "Enter your mobile money number";
  else if (payer.length > PAYER_MAX) errors.payer = `At most ${PAYER_MAX} characters`;
  const amount =
    amountText.length > AMOUNT_MAX
      ? ({ ok: false, message: `At most ${AMOUNT_MAX} characters` } as const)
      : parseAmount(amountText, invoice.currency, locale);
  if (!amount.ok) errors.amount = amount.message;
  if (errors.payer || errors.amount || !amount.ok) return { ok: false, status: 400, errors };
  const started = await startMobileMoneyPayment({
    db,
    client: mobileMoney.client,
    logger,
    invoiceId: invoice.id,
    payer,
    amountMinor: amount.minor,
    callbackUrl: (id) => `${config.siteUrl}/webhooks/mtn-momo/callback?request=${id}`,
    locale,
  });
  if (!started.ok) {
    return {
      ok: false,
      status: 400,
      errors: started.field ? { [started.field]: started.message } : { form: started.message },
    };
  }
  return { ok: true, requestId: started.requestId };
}
