import crypto from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { data, type RouterContextProvider } from "react-router";
import { CURRENCIES } from "#app/lib/freight-terms.ts";
import { formatMoney, minorToInput } from "#app/lib/money.ts";
import { companyToday } from "#app/lib/time-zone.ts";
import { type PaymentFormValues, readPaymentForm, validatePaymentForm } from "#app/schemas/payment.ts";
import { INTENT_FIELD, SUBMISSION_KEY_FIELD } from "#app/schemas/rules/public-form.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { invoices } from "#app/server/db/schema.ts";
import { creditedSql, paidSql } from "#app/server/invoices/invoice-balances.server.ts";
import { getInvoice, type Invoice } from "#app/server/invoices/invoices.server.ts";
import type { NewPaymentPageData, PaymentActionData } from "#app/server/payments/payment-views.ts";
import {
  listCustomerCredit,
  type RecordPaymentResult,
  recordPayment,
} from "#app/server/payments/payments.server.ts";
import { redirectWithToast } from "#app/server/platform/toast.server.ts";
import { notFound, requireStaffForm, requireStaffPage } from "#app/server/staff/staff-page.server.ts";

// /admin/payments/new?invoice=<id> (decision 026): 'Record payment', opened from an issued invoice. The form lists the
// customer's open invoices in that invoice's currency (the one it was opened from first, its balance filled in);
// what is received may be in another currency at a stated rate; what is not applied is kept as the customer's
// credit only when the clerk says so.

type Ctx = Readonly<RouterContextProvider>;

export const PAYMENT_INTENT = "record-payment";
const MAX_OPEN_INVOICES = 50;

type OpenInvoice = Pick<Invoice, "id" | "number" | "issueDate" | "dueDate" | "totalMinor" | "currency"> & {
  balanceMinor: number;
};

/** The invoice the form is for and the open invoices of its customer in its currency (it first). */
async function openInvoicesFor(db: Db, invoice: Invoice): Promise<OpenInvoice[]> {
  const balance = sql<number>`${invoices.totalMinor} - ${paidSql} - ${creditedSql}`.mapWith(Number);
  const sameCustomer =
    invoice.partyKind && invoice.partyId
      ? and(eq(invoices.partyKind, invoice.partyKind), eq(invoices.partyId, invoice.partyId))
      : eq(invoices.id, invoice.id);
  const rows = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      issueDate: invoices.issueDate,
      dueDate: invoices.dueDate,
      totalMinor: invoices.totalMinor,
      currency: invoices.currency,
      balanceMinor: balance,
    })
    .from(invoices)
    .where(
      and(
        sameCustomer,
        eq(invoices.kind, "invoice"),
        eq(invoices.state, "issued"),
        eq(invoices.currency, invoice.currency),
        sql`${balance} > 0`,
      ),
    )
    .orderBy(asc(invoices.dueDate), asc(invoices.number))
    .limit(MAX_OPEN_INVOICES);
  return [...rows.filter((row) => row.id === invoice.id), ...rows.filter((row) => row.id !== invoice.id)];
}

/** The invoice named by `?invoice=`, when it is an issued invoice that can be paid; else a thrown 404. */
async function payableInvoice(db: Db, request: Request): Promise<Invoice> {
  const id = new URL(request.url).searchParams.get("invoice") ?? "";
  const invoice = await getInvoice({ db, id });
  if (invoice?.kind !== "invoice" || invoice.state !== "issued") notFound();
  return invoice;
}

const customerLabel = (invoice: Pick<Invoice, "customerName" | "customerCompany">) =>
  invoice.customerCompany ? `${invoice.customerName} (${invoice.customerCompany})` : invoice.customerName;

async function pageData(
  db: Db,
  invoice: Invoice,
  open: OpenInvoice[],
  today: string,
  values: PaymentFormValues,
  submissionKey: string,
): Promise<NewPaymentPageData> {
  const credit =
    invoice.partyKind && invoice.partyId
      ? (
          await listCustomerCredit({
            db,
            party: { kind: invoice.partyKind, id: invoice.partyId },
            currency: invoice.currency,
          })
        ).reduce((sum, row) => sum + row.leftMinor, 0)
      : 0;
  return {
    customer: customerLabel(invoice),
    currency: invoice.currency,
    currencies: CURRENCIES,
    invoices: open.map((row) => ({
      id: row.id,
      number: row.number ?? "",
      issueDate: row.issueDate ?? "",
      dueDate: row.dueDate ?? "",
      total: formatMoney(row.totalMinor, row.currency),
      balance: formatMoney(row.balanceMinor, row.currency),
      balanceMinor: row.balanceMinor,
      overdue: row.dueDate !== null && row.dueDate < today,
    })),
    values,
    credit: credit > 0 ? formatMoney(credit, invoice.currency) : null,
    submissionKey,
    backTo: `/admin/invoices/${invoice.id}`,
  };
}

export async function loadNewPaymentPage({
  request,
  context,
}: {
  request: Request;
  context: Ctx;
}): Promise<NewPaymentPageData> {
  const { services } = await requireStaffPage({ request, context });
  const { db, siteSettings } = services;
  const invoice = await payableInvoice(db, request);
  const today = companyToday((await siteSettings.get()).timeZone);
  const open = await openInvoicesFor(db, invoice);
  const values: PaymentFormValues = {
    receivedOn: today,
    method: "cash",
    reference: "",
    currency: invoice.currency,
    amount: "",
    rate: "",
    overpayment: false,
    note: "",
    applied: open.map((row) => ({
      invoiceId: row.id,
      amount: row.id === invoice.id ? minorToInput(row.balanceMinor, row.currency) : "",
    })),
  };
  return pageData(db, invoice, open, today, values, crypto.randomUUID());
}

type Refusal = Exclude<RecordPaymentResult, { ok: true }>;

const REFUSALS: Record<Refusal["reason"], string> = {
  "unknown-invoice": "One of these invoices no longer exists: reload the page.",
  "invoice-not-payable": "One of these invoices was voided meanwhile: reload the page.",
  "currency-mismatch": "All the invoices of one payment must be in the same currency.",
  "customer-mismatch": "All the invoices of one payment must be the same customer's.",
  "more-than-balance":
    "That is more than is still owed on the invoice (a payment may have been recorded meanwhile).",
  "more-than-received": "You applied more than was received: lower the amounts applied.",
  unallocated:
    "Part of the money is not applied to any invoice: apply it, or tick 'Keep the rest as the customer's credit'.",
  "rate-needed": "Enter the exchange rate: the money received is in another currency.",
};

/**
 * The clerk's message for a refused payment, with the amounts it is about in the invoices' currency: money in
 * another currency is refused for what it is worth at the stated rate, which the clerk did not type.
 */
function refusalMessage(refusal: Refusal, currency: string): string {
  const amounts = refusal.amounts;
  const money = (minor: number) => formatMoney(minor, currency);
  if (refusal.reason === "more-than-balance" && amounts?.invoice) {
    const { number, takenMinor, balanceMinor } = amounts.invoice;
    return `This would settle ${money(takenMinor)} of ${number ?? "the invoice"}, more than the ${money(balanceMinor)} due (a payment may have been recorded meanwhile).`;
  }
  if (refusal.reason === "more-than-received" && amounts)
    return `You applied ${money(amounts.appliedMinor)}, more than the ${money(amounts.settledMinor)} the money received is worth: lower the amounts applied.`;
  if (refusal.reason === "unallocated" && amounts)
    return `This would settle ${money(amounts.settledMinor)}, more than the ${money(amounts.appliedMinor)} applied to invoices: apply the rest, or tick 'Keep the rest as the customer's credit'.`;
  return REFUSALS[refusal.reason];
}

export async function newPaymentAction({ request, context }: { request: Request; context: Ctx }) {
  const { user, services, formData } = await requireStaffForm({ request, context });
  const { db, logger, siteSettings } = services;
  const invoice = await payableInvoice(db, request);
  const intent = formData?.get(INTENT_FIELD);
  const key = formData?.get(SUBMISSION_KEY_FIELD);
  if (!formData || intent !== PAYMENT_INTENT || typeof key !== "string" || !/^[\w-]{8,100}$/.test(key))
    return data<PaymentActionData>(
      { intent: String(intent ?? ""), errors: { form: "The form could not be read. Please try again." } },
      { status: 400 },
    );
  const today = companyToday((await siteSettings.get()).timeZone);
  const open = await openInvoicesFor(db, invoice);
  const values = readPaymentForm(formData);
  const checked = validatePaymentForm(values, {
    settledCurrency: invoice.currency,
    // The invoice the form is for stays accepted when it was paid off meanwhile: recordPayment then refuses.
    invoiceIds: [...new Set([invoice.id, ...open.map((row) => row.id)])],
    today,
  });
  if (!checked.ok)
    return data<PaymentActionData>({ intent, errors: checked.errors, values }, { status: 400 });
  const input = checked.value;
  if (input.allocations.length === 0 && !input.overpayment)
    return data<PaymentActionData>(
      { intent, errors: { form: "Enter what to take off at least one invoice." }, values },
      { status: 400 },
    );
  const result = await recordPayment({
    db,
    staffId: user.id,
    today,
    input: {
      ...input,
      method: input.method,
      party: invoice.partyKind && invoice.partyId ? { kind: invoice.partyKind, id: invoice.partyId } : null,
      customerName: customerLabel(invoice),
      settledCurrency: invoice.currency,
      submissionKey: `form:${key}`,
    },
  });
  if (!result.ok)
    return data<PaymentActionData>(
      { intent, errors: { form: refusalMessage(result, invoice.currency) }, values },
      { status: 409 },
    );
  if (!result.duplicate) logger.info({ paymentId: result.id, number: result.number }, "Payment recorded");
  return redirectWithToast(`/admin/payments/${result.id}`, {
    type: "success",
    title: `Payment ${result.number} recorded`,
  });
}
