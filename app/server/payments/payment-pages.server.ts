import crypto from "node:crypto";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { data, type RouterContextProvider } from "react-router";
import { formatMoney } from "#app/lib/money.ts";
import { mayIssueInvoices, type StaffRole } from "#app/lib/roles.ts";
import { formatRate, PAYMENT_METHOD_LABELS, reversalReasonProblem } from "#app/schemas/payment.ts";
import { INTENT_FIELD, SUBMISSION_KEY_FIELD } from "#app/schemas/rules/public-form.ts";
import type { Db, DbOrTx } from "#app/server/db/client.server.ts";
import { adminUsers, consignees, mobileMoneyRequests, payments, shippers } from "#app/server/db/schema.ts";
import { likePattern, searchTermOf } from "#app/server/db/text-search.server.ts";
import type { DocumentContext } from "#app/server/documents/document-context.server.ts";
import { paymentLanguage } from "#app/server/documents/document-language.server.ts";
import { documentContext } from "#app/server/documents/document-response.server.ts";
import { mailWords, recipientLocale } from "#app/server/i18n/customer-mail.server.ts";
import type { InvoiceBalance } from "#app/server/invoices/invoice-balances.server.ts";
import type { InvoicePaymentsCard } from "#app/server/invoices/invoice-payments.server.ts";
import { listInvoicePayments } from "#app/server/invoices/invoice-payments.server.ts";
import type { Invoice } from "#app/server/invoices/invoices.server.ts";
import { mailSignature, queueMail } from "#app/server/messaging/mail.server.ts";
import {
  isPastValidity,
  type MobileMoneyEndReason,
} from "#app/server/payments/mobile-money/mobile-money.server.ts";
import { getPayment, type PaymentWithAllocations } from "#app/server/payments/payment-reads.server.ts";
import type {
  InvoicePaymentsView,
  PaymentActionData,
  PaymentListData,
  PaymentView,
} from "#app/server/payments/payment-views.ts";
import {
  applyCustomerCredit,
  listCustomerCredit,
  reversePayment,
} from "#app/server/payments/payments.server.ts";
import { redirectWithToast } from "#app/server/platform/toast.server.ts";
import { notFound, requireStaffForm, requireStaffPage } from "#app/server/staff/staff-page.server.ts";

// /admin/payments (the list), /admin/payments/:id (a receipt: what it settled, reverse it, e-mail it) and the
// invoice page's payments card with 'Use credit' (decision 026). Recording one: payment-form.server.ts.

type Ctx = Readonly<RouterContextProvider>;

export const PAYMENT_INTENTS = { reverse: "reverse-payment", email: "email-receipt" } as const;

const rateText = (p: Pick<PaymentWithAllocations, "rateMicro" | "currency" | "settledCurrency">) =>
  p.rateMicro ? `1 ${p.settledCurrency} = ${formatRate(p.rateMicro)} ${p.currency}` : null;

const unappliedOf = (payment: PaymentWithAllocations) =>
  payment.settledMinor - payment.allocations.reduce((sum, a) => sum + a.amountMinor, 0);

/** The customer a payment came from, as the address book has them now (their e-mail for the receipt). */
async function payer(db: DbOrTx, payment: PaymentWithAllocations) {
  if (!payment.partyKind || !payment.partyId) return null;
  const table = payment.partyKind === "shipper" ? shippers : consignees;
  const [party] = await db.select().from(table).where(eq(table.id, payment.partyId));
  return party ?? null;
}

/** A staff member as the invoice's history names them: their name, or their address when they have none. */
async function staffName(db: DbOrTx, id: string | null) {
  if (!id) return null;
  const [row] = await db
    .select({ name: adminUsers.name, email: adminUsers.email })
    .from(adminUsers)
    .where(eq(adminUsers.id, id));
  return row ? row.name || row.email : null;
}

export async function loadPaymentPage({
  request,
  context,
  id,
}: {
  request: Request;
  context: Ctx;
  id: string;
}): Promise<PaymentView> {
  const { services } = await requireStaffPage({ request, context, id });
  const { db } = services;
  const payment = await getPayment({ db, id });
  if (!payment) notFound();
  const [party, recordedBy, reversedBy] = await Promise.all([
    payer(db, payment),
    staffName(db, payment.createdBy),
    staffName(db, payment.reversedBy),
  ]);
  const unapplied = unappliedOf(payment);
  return {
    id: payment.id,
    number: payment.number,
    state: payment.state,
    customer: payment.customerName,
    partyId: payment.partyId,
    receivedOn: payment.receivedOn,
    method: PAYMENT_METHOD_LABELS[payment.method],
    reference: payment.reference,
    note: payment.note,
    received: formatMoney(payment.amountMinor, payment.currency),
    rate: rateText(payment),
    settled: payment.rateMicro ? formatMoney(payment.settledMinor, payment.settledCurrency) : null,
    allocations: payment.allocations.map((a) => ({
      invoiceId: a.invoiceId,
      number: a.number ?? "",
      amount: formatMoney(a.amountMinor, a.currency),
    })),
    unapplied: unapplied > 0 ? formatMoney(unapplied, payment.settledCurrency) : null,
    recordedBy: payment.createdBy ? recordedBy : "Paid online",
    reversal:
      payment.state === "reversed" && payment.reversedAt
        ? { at: payment.reversedAt.toISOString(), by: reversedBy, reason: payment.reversalReason ?? "" }
        : null,
    email: party?.email ?? null,
    submissionKey: crypto.randomUUID(),
  };
}

/** The receipt's PDF data for a payment; null when there is none. */
export async function receiptDocument({ db, id }: { db: DbOrTx; id: string }) {
  const payment = await getPayment({ db, id });
  if (!payment) return null;
  const party = await payer(db, payment);
  return {
    number: payment.number,
    receivedOn: payment.receivedOn,
    customer: party
      ? {
          name: party.name,
          company: party.company,
          email: party.email,
          phone: party.phone,
          address: party.address,
        }
      : { name: payment.customerName, company: null, email: null, phone: null, address: null },
    method: `${PAYMENT_METHOD_LABELS[payment.method]}`,
    reference: payment.reference,
    currency: payment.currency,
    amountMinor: payment.amountMinor,
    settledCurrency: payment.settledCurrency,
    settledMinor: payment.settledMinor,
    rate: rateText(payment),
    allocations: payment.allocations.map((a) => ({ number: a.number ?? "", amountMinor: a.amountMinor })),
    unappliedMinor: unappliedOf(payment),
    reversal:
      payment.reversedAt && payment.state === "reversed"
        ? { at: payment.reversedAt, reason: payment.reversalReason ?? "" }
        : null,
    email: party?.email ?? null,
  };
}

/** 'Receipt-RCT-2026-0001.pdf'. */
export const receiptFilename = (number: string) => `Receipt-${number.replace(/[^A-Za-z0-9._-]+/g, "-")}.pdf`;

export async function renderReceiptPdf({
  db,
  id,
  context,
}: {
  db: DbOrTx;
  id: string;
  context: DocumentContext;
}) {
  const receipt = await receiptDocument({ db, id });
  if (!receipt) return null;
  const { renderReceipt } = await import("#app/server/documents/receipt-document.server.ts");
  return {
    pdf: await renderReceipt({ receipt, context }),
    filename: receiptFilename(receipt.number),
    receipt,
  };
}

const reply = (intent: string, errors: Record<string, string>, status: number) =>
  data<PaymentActionData>({ intent, errors }, { status });

export async function paymentPageAction({
  request,
  context,
  id,
}: {
  request: Request;
  context: Ctx;
  id: string;
}) {
  const { user, services, formData } = await requireStaffForm({ request, context, id });
  const { db, logger, config, siteSettings } = services;
  const intent = formData?.get(INTENT_FIELD);
  if (!formData || typeof intent !== "string")
    return reply("", { form: "The form could not be read. Please try again." }, 400);
  const page = `/admin/payments/${id}`;
  if (intent === PAYMENT_INTENTS.reverse) {
    const raw = formData.get("reason");
    const reason = typeof raw === "string" ? raw.trim() : "";
    const problem = reversalReasonProblem(reason);
    if (problem) return reply(intent, { reason: problem }, 400);
    const reversed = await reversePayment({ db, id, staffId: user.id, reason });
    if (!reversed.ok)
      return reversed.reason === "not-found"
        ? notFound()
        : reply(intent, { form: "This payment is reversed already." }, 409);
    logger.info({ paymentId: id }, "Payment reversed");
    return redirectWithToast(page, {
      type: "success",
      title: "Payment reversed: what it settled is owed again",
    });
  }
  if (intent === PAYMENT_INTENTS.email) {
    const key = formData.get(SUBMISSION_KEY_FIELD);
    if (typeof key !== "string" || !/^[\w-]{8,100}$/.test(key))
      return reply(intent, { form: "The form could not be read. Please try again." }, 400);
    const locale = await paymentLanguage(db, id);
    const rendered = await renderReceiptPdf({
      db,
      id,
      context: await documentContext(context, undefined, locale),
    });
    if (!rendered) notFound();
    const to = rendered.receipt.email;
    if (!to) return reply(intent, { form: "This customer has no e-mail address in the address book." }, 409);
    const settings = await siteSettings.get();
    const { receipt } = rendered;
    // In the payer's language (decision 030): the member behind the address, or the party's own.
    const [payer] = await db
      .select({ kind: payments.partyKind, id: payments.partyId })
      .from(payments)
      .where(eq(payments.id, id));
    const { t, money, date } = mailWords(await recipientLocale({ db, email: to, party: payer ?? null }));
    const queued = await queueMail({
      db,
      config,
      logger,
      dedupeKey: `receipt:${id}:${key}`,
      mail: {
        to,
        subject: t("Your receipt {number} from {company}", {
          number: receipt.number,
          company: settings.companyName,
        }),
        text: `${t("Dear {name},", { name: receipt.customer.name })}

${t("Thank you for your payment of {amount}, received on {date}. Your receipt {number} is attached.", {
  amount: money(receipt.amountMinor, receipt.currency),
  date: date(receipt.receivedOn),
  number: receipt.number,
})}

${mailSignature(settings)}`,
        attachments: [{ filename: rendered.filename, contentType: "application/pdf", content: rendered.pdf }],
      },
    });
    if (!queued.ok) return reply(intent, { form: `The receipt could not be sent: ${queued.reason}` }, 409);
    return redirectWithToast(page, { type: "success", title: `Receipt e-mailed to ${to}` });
  }
  return reply(intent, { form: "The form could not be read. Please try again." }, 400);
}

export const PAYMENT_PAGE_SIZE = 50;

export async function loadPaymentList({
  request,
  context,
}: {
  request: Request;
  context: Ctx;
}): Promise<PaymentListData> {
  const { services } = await requireStaffPage({ request, context });
  const { db } = services;
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  const pageParam = Number(params.get("page") ?? "1");
  const page = Number.isInteger(pageParam) && pageParam >= 1 && pageParam <= 100_000 ? pageParam : 1;
  const term = searchTermOf(q).toLowerCase();
  const like = term ? likePattern(term) : null;
  const where = like
    ? sql`(lower(${payments.number}) like ${like} or lower(${payments.customerName}) like ${like} or lower(coalesce(${payments.reference}, '')) like ${like})`
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(where)
      .orderBy(desc(payments.receivedOn), desc(payments.createdAt))
      .limit(PAYMENT_PAGE_SIZE)
      .offset((page - 1) * PAYMENT_PAGE_SIZE),
    db.select({ n: count() }).from(payments).where(where),
  ]);
  const found = total?.n ?? 0;
  return {
    q,
    total: found,
    page,
    pageCount: Math.max(1, Math.ceil(found / PAYMENT_PAGE_SIZE)),
    rows: rows.map((row) => ({
      id: row.id,
      number: row.number,
      receivedOn: row.receivedOn,
      customer: row.customerName,
      method: PAYMENT_METHOD_LABELS[row.method],
      amount: formatMoney(row.amountMinor, row.currency),
      reversed: row.state === "reversed",
    })),
  };
}

const ENDED_STATUS: Record<MobileMoneyEndReason, string> = {
  cancelled: "Cancelled by the customer; recorded if MTN still approves it",
  replaced: "Replaced by a newer request; recorded if MTN still approves it",
  expired: "Not approved within 5 minutes; recorded if MTN still approves it",
};

/** The invoice's mobile-money requests MTN has not settled, newest first, in the clerk's words. */
async function unsettledMobileMoney(db: Db, invoiceId: string, now: Date) {
  const rows = await db
    .select()
    .from(mobileMoneyRequests)
    .where(and(eq(mobileMoneyRequests.invoiceId, invoiceId), eq(mobileMoneyRequests.state, "pending")))
    .orderBy(desc(mobileMoneyRequests.createdAt));
  return rows.map((row) => {
    // Past its validity, it has ended even before the poller's next round writes so.
    const ended = row.endReason ?? (isPastValidity(row, now) ? ("expired" as const) : null);
    return {
      id: row.id,
      payer: row.payer,
      amount: formatMoney(row.amountMinor, row.currency),
      startedAt: row.createdAt.toISOString(),
      waiting: ended === null,
      status: ended ? ENDED_STATUS[ended] : "Waiting for the customer to approve on their phone",
    };
  });
}

/** The invoice page's payments card: what settled it, and whether a payment or the customer's credit can. */
export async function invoicePaymentsView({
  db,
  invoice,
  balance,
  role,
  now = new Date(),
}: {
  db: Db;
  invoice: Invoice;
  balance: InvoiceBalance;
  role: StaffRole;
  now?: Date;
}): Promise<InvoicePaymentsView> {
  const rows = await listInvoicePayments({ db, invoiceId: invoice.id });
  const owed = invoice.kind === "invoice" && invoice.state === "issued" && balance.balanceMinor > 0;
  const may = mayIssueInvoices(role);
  const credit =
    owed && may && invoice.partyKind && invoice.partyId
      ? (
          await listCustomerCredit({
            db,
            party: { kind: invoice.partyKind, id: invoice.partyId },
            currency: invoice.currency,
          })
        ).reduce((sum, row) => sum + row.leftMinor, 0)
      : 0;
  return {
    rows: rows.map((row) => ({
      paymentId: row.paymentId,
      number: row.number,
      receivedOn: row.receivedOn,
      method: PAYMENT_METHOD_LABELS[row.method],
      amount: formatMoney(row.amountMinor, invoice.currency),
      detail: row.rateMicro
        ? `Paid ${formatMoney(row.receivedMinor, row.currency)} at ${formatRate(row.rateMicro)}`
        : null,
      reversed: row.state === "reversed",
    })),
    canRecord: owed && may,
    credit: credit > 0 ? formatMoney(credit, invoice.currency) : null,
    mobileMoney: await unsettledMobileMoney(db, invoice.id, now),
  };
}

export const APPLY_CREDIT_INTENT = "apply-credit";

/** 'Use credit' on an invoice page: the customer's unused payments, up to its balance. */
/** The invoice page's answer to a refused 'Use credit' (its form error, as the invoice page shows it). */
const formRefusal = (message: string, status: number) =>
  data<{ intent: string; errors: { form: string } }>(
    { intent: APPLY_CREDIT_INTENT, errors: { form: message } },
    { status },
  );

export async function applyCreditPost({
  db,
  id,
  staffId,
  role,
}: {
  db: Db;
  id: string;
  staffId: string;
  role: StaffRole;
}) {
  if (!mayIssueInvoices(role))
    return formRefusal("Only Accounts and Administrators may record payments.", 403);
  const applied = await applyCustomerCredit({ db, invoiceId: id, staffId });
  if (!applied.ok) {
    if (applied.reason === "unknown-invoice") notFound();
    const message = {
      "invoice-not-payable": "Only an issued invoice of an address-book customer can use their credit.",
      "no-credit": "This customer has no credit left in this currency.",
      "nothing-owed": "Nothing is owed on this invoice.",
    }[applied.reason];
    return formRefusal(message, 409);
  }
  return redirectWithToast(`/admin/invoices/${id}`, {
    type: "success",
    title: "The customer's credit was applied",
  });
}

/** The card as an invoice's page takes it (invoices sit below payments, decision 026). */
export const invoicePaymentsCard: InvoicePaymentsCard = {
  view: invoicePaymentsView,
  intent: APPLY_CREDIT_INTENT,
  act: applyCreditPost,
};
