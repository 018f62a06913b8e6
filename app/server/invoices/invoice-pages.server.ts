import { data, type RouterContextProvider } from "react-router";
import { formatMoney } from "#app/lib/money.ts";
import { mayIssueInvoices } from "#app/lib/roles.ts";
import { companyToday } from "#app/lib/time-zone.ts";
import { INTENT_FIELD } from "#app/schemas/rules/public-form.ts";
import type { Db } from "#app/server/db/client.server.ts";
import {
  getInvoiceBalances,
  type InvoiceBalance,
  invoiceStatusOf,
} from "#app/server/invoices/invoice-balances.server.ts";
import { invoiceFigures } from "#app/server/invoices/invoice-figures.server.ts";
import {
  INVOICE_INTENTS,
  invoiceFormData,
  prefillValues,
  quoteLink,
  readDraftPost,
  SAVE_REFUSALS,
} from "#app/server/invoices/invoice-form.server.ts";
import { listInvoiceHistory } from "#app/server/invoices/invoice-history.server.ts";
import type { InvoicePaymentsCard } from "#app/server/invoices/invoice-payments.server.ts";
import {
  emptyPrefill,
  prefillCreditNote,
  prefillFromQuote,
  prefillFromShipment,
} from "#app/server/invoices/invoice-prefills.server.ts";
import { sendReminderNow } from "#app/server/invoices/invoice-reminders.server.ts";
import { sendView } from "#app/server/invoices/invoice-send-page.server.ts";
import type {
  InvoiceActionData,
  InvoiceDocumentView,
  InvoicePageData,
  NewInvoicePageData,
} from "#app/server/invoices/invoice-views.ts";
import {
  deleteInvoiceDraft,
  getInvoice,
  type Invoice,
  type InvoiceWithParts,
  issueInvoice,
  saveInvoiceDraft,
  voidInvoice,
} from "#app/server/invoices/invoices.server.ts";
import { redirectWithToast } from "#app/server/platform/toast.server.ts";
import { getInvoiceSettings } from "#app/server/settings/invoice-settings.server.ts";
import { notFound, requireStaffForm, requireStaffPage } from "#app/server/staff/staff-page.server.ts";

// /admin/invoices/new and /admin/invoices/:id (decision 026; the list is invoice-list.server.ts): a new draft (from an
// accepted quote, a shipment, an invoice to credit, or blank), a draft's form, an issued document. Operations
// may draft; issuing and voiding are Administrators' and Accounts' (checked here, on every post).

type Ctx = Readonly<RouterContextProvider>;

/** The starting point a new draft's address names, or why it cannot be used. */
async function newDraftSource(db: Db, params: URLSearchParams, currency: "USD") {
  const quoteId = params.get("quote");
  const shipmentId = params.get("shipment");
  const creditId = params.get("credit");
  if (quoteId !== null) {
    const prefill = await prefillFromQuote({ db, quoteId });
    return prefill
      ? { prefill }
      : { problem: "This quote does not exist or was not accepted, so it cannot be invoiced." };
  }
  if (shipmentId !== null) {
    const prefill = await prefillFromShipment({ db, shipmentId, currency });
    return prefill ? { prefill } : { problem: "This shipment does not exist, so it cannot be invoiced." };
  }
  if (creditId !== null) {
    const prefill = await prefillCreditNote({ db, invoiceId: creditId });
    return prefill
      ? { prefill }
      : {
          problem:
            "Only an issued invoice can be credited: this one does not exist, is a draft, void or a credit note.",
        };
  }
  return { prefill: null };
}

export async function loadNewInvoicePage({
  request,
  context,
}: {
  request: Request;
  context: Ctx;
}): Promise<NewInvoicePageData> {
  const { user, services } = await requireStaffPage({ request, context });
  const { db } = services;
  const settings = await getInvoiceSettings({ db });
  const source = await newDraftSource(db, new URL(request.url).searchParams, "USD");
  const prefill = ("prefill" in source ? source.prefill : null) ?? emptyPrefill("USD");
  const credited = prefill.creditedInvoiceId ? await getInvoice({ db, id: prefill.creditedInvoiceId }) : null;
  const form = await invoiceFormData({
    db,
    settings,
    role: user.role,
    kind: prefill.kind,
    id: null,
    values: prefillValues(prefill, {
      paymentTermsDays: credited?.paymentTermsDays ?? settings.paymentTermsDays,
      notes: null,
      paymentInstructions: settings.paymentInstructions,
    }),
    shipments: prefill.shipments,
    quote: await quoteLink(db, prefill.quoteId),
    creditedInvoice: credited ? { id: credited.id, label: credited.number ?? "" } : null,
  });
  return { form, problem: "problem" in source ? (source.problem ?? null) : null };
}

const unreadable = (intent = "") =>
  data<InvoiceActionData>(
    { intent, errors: { form: "The form could not be read. Please try again." } },
    { status: 400 },
  );

/** Saves a posted draft (new when `id` is null); the answer for the form, or the saved draft's id. */
async function saveDraftPost({
  db,
  formData,
  intent,
  id,
  staffId,
  source,
}: {
  db: Db;
  formData: FormData;
  intent: string;
  id: string | null;
  staffId: string;
  source: { quoteId: string | null; creditedInvoiceId: string | null };
}) {
  const settings = await getInvoiceSettings({ db });
  const read = await readDraftPost({ db, formData, intent, settings });
  if (read.kind === "rows")
    return { reply: data<InvoiceActionData>({ intent, errors: {}, values: read.values }) };
  if (read.kind === "invalid")
    return {
      reply: data<InvoiceActionData>({ intent, errors: read.errors, values: read.values }, { status: 400 }),
    };
  const saved = await saveInvoiceDraft({ db, id, input: read.input, staffId, ...source });
  if (!saved.ok) {
    if (saved.reason === "not-found") notFound();
    return {
      reply: data<InvoiceActionData>(
        { intent, errors: { form: SAVE_REFUSALS[saved.reason]! }, values: read.values },
        { status: 409 },
      ),
    };
  }
  return { id: saved.id };
}

export async function newInvoiceAction({ request, context }: { request: Request; context: Ctx }) {
  const { user, services, formData } = await requireStaffForm({ request, context });
  const { db, logger } = services;
  const intent = formData?.get(INTENT_FIELD);
  if (!formData || typeof intent !== "string") return unreadable();
  if (
    intent !== INVOICE_INTENTS.save &&
    intent !== INVOICE_INTENTS.addLine &&
    !intent.startsWith("remove-line:")
  )
    return unreadable(intent);
  const params = new URL(request.url).searchParams;
  // The quote is carried only when it was accepted (the draft is then 'from' it); a credit note's invoice is
  // checked by saveInvoiceDraft itself.
  const quoteParam = params.get("quote");
  const quote = quoteParam ? await prefillFromQuote({ db, quoteId: quoteParam }) : null;
  if (quoteParam && !quote)
    return data<InvoiceActionData>(
      {
        intent,
        errors: { form: "This quote does not exist or was not accepted, so it cannot be invoiced." },
      },
      { status: 409 },
    );
  const result = await saveDraftPost({
    db,
    formData,
    intent,
    id: null,
    staffId: user.id,
    source: { quoteId: quote?.quoteId ?? null, creditedInvoiceId: params.get("credit") },
  });
  if ("reply" in result) return result.reply;
  logger.info({ invoiceId: result.id }, "Invoice draft created");
  return redirectWithToast(`/admin/invoices/${result.id}`, { type: "success", title: "Draft saved" });
}

const label = (invoice: Pick<Invoice, "kind">) =>
  invoice.kind === "credit_note" ? "Credit note" : "Invoice";

function documentView(invoice: InvoiceWithParts, balance: InvoiceBalance, today: string, canIssue: boolean) {
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  const owes = invoice.kind === "invoice" && invoice.state === "issued";
  return {
    id: invoice.id,
    kind: invoice.kind,
    number: invoice.number ?? "",
    status: invoiceStatusOf(invoice, balance, today),
    customer: {
      name: invoice.customerName,
      company: invoice.customerCompany,
      email: invoice.customerEmail,
      billingAddress: invoice.billingAddress,
    },
    currency: invoice.currency,
    ...invoiceFigures(invoice),
    paid: owes && balance.paidMinor > 0 ? money(balance.paidMinor) : null,
    balanceDue: owes ? money(balance.balanceMinor) : null,
    issueDate: invoice.issueDate ?? "",
    // A credit note asks for no payment: no due date (one issued before it stopped getting one keeps it stored).
    dueDate: invoice.kind === "credit_note" ? "" : (invoice.dueDate ?? ""),
    notes: invoice.notes,
    paymentInstructions: invoice.paymentInstructions,
    shipments: invoice.shipments,
    quote: null,
    creditedInvoice: invoice.creditedInvoice
      ? { id: invoice.creditedInvoice.id, label: invoice.creditedInvoice.number ?? "Draft" }
      : null,
    creditNotes: invoice.creditNotes.map((note) => ({
      id: note.id,
      label: note.number ?? "Draft",
      status: note.state,
      total: money(note.totalMinor),
    })),
    voidReason: invoice.voidReason,
    canIssue,
    canRemind: owes && canIssue && balance.balanceMinor > 0,
    send: null,
    history: [],
  } satisfies InvoiceDocumentView;
}

export async function loadInvoicePage({
  request,
  context,
  id,
  paymentsCard,
}: {
  request: Request;
  context: Ctx;
  id: string;
  paymentsCard: InvoicePaymentsCard;
}): Promise<InvoicePageData> {
  const { user, services } = await requireStaffPage({ request, context, id });
  const { db, siteSettings } = services;
  const invoice = await getInvoice({ db, id });
  if (!invoice) notFound();
  const quote = await quoteLink(db, invoice.quoteId);
  if (invoice.state !== "draft") {
    const today = companyToday((await siteSettings.get()).timeZone);
    const balance = (await getInvoiceBalances({ db, ids: [invoice.id] })).get(invoice.id)!;
    // Asked at once: the history and the payments card (with its waiting mobile-money requests) are independent.
    const [history, payments] = await Promise.all([
      listInvoiceHistory({ db, id: invoice.id }),
      paymentsCard.view({ db, invoice, balance, role: user.role }),
    ]);
    return {
      mode: "document",
      document: {
        ...documentView(invoice, balance, today, mayIssueInvoices(user.role)),
        quote,
        send: sendView(invoice, user.role),
        history,
      },
      payments,
    };
  }
  const settings = await getInvoiceSettings({ db });
  const form = await invoiceFormData({
    db,
    settings,
    role: user.role,
    kind: invoice.kind,
    id: invoice.id,
    values: prefillValues(
      {
        party: invoice.partyKind && invoice.partyId ? { kind: invoice.partyKind, id: invoice.partyId } : null,
        customerName: invoice.customerName,
        customerCompany: invoice.customerCompany,
        customerEmail: invoice.customerEmail,
        billingAddress: invoice.billingAddress,
        currency: invoice.currency,
        lines: invoice.lines,
        shipments: invoice.shipments,
      },
      invoice,
    ),
    shipments: invoice.shipments,
    quote,
    creditedInvoice: invoice.creditedInvoice
      ? { id: invoice.creditedInvoice.id, label: invoice.creditedInvoice.number ?? "" }
      : null,
  });
  return { mode: "draft", form };
}

const ISSUE_REFUSALS: Record<string, string> = {
  void: "This document was voided: it cannot be issued.",
  "no-lines": "Add at least one line before issuing.",
  "not-creditable":
    "The invoice this credit note corrects is no longer issued (it was voided): it cannot be issued.",
  "credit-too-large":
    "A credit note cannot take back more than is still owed on its invoice: lower the amounts. If it was paid, reverse the payment first, then record it again keeping the rest as the customer's credit.",
};

const VOID_REFUSALS: Record<string, string> = {
  draft: "A draft is not voided: delete it instead.",
  "already-void": "This document is void already.",
  credited: "This invoice has an issued credit note: void the credit note first.",
  paid: "Payments were received against this invoice: reverse them first, or correct it with a credit note.",
};

const forbidden = (intent: string) =>
  data<InvoiceActionData>(
    { intent, errors: { form: "Only Accounts and Administrators may issue or void invoices." } },
    { status: 403 },
  );

export async function invoicePageAction({
  request,
  context,
  id,
  paymentsCard,
}: {
  request: Request;
  context: Ctx;
  id: string;
  paymentsCard: InvoicePaymentsCard;
}) {
  const { user, services, formData } = await requireStaffForm({ request, context, id });
  const { db, logger, config, siteSettings } = services;
  const intent = formData?.get(INTENT_FIELD);
  if (!formData || typeof intent !== "string") return unreadable();
  const page = `/admin/invoices/${id}`;
  const refused = (message: string) =>
    data<InvoiceActionData>({ intent, errors: { form: message } }, { status: 409 });
  const issuing = intent === INVOICE_INTENTS.issue || intent === INVOICE_INTENTS.void;
  if (issuing && !mayIssueInvoices(user.role)) return forbidden(intent);

  if (intent === INVOICE_INTENTS.void) {
    const reason = formData.get("reason");
    const text = typeof reason === "string" ? reason.trim() : "";
    if (text === "" || text.length > 500 || /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text))
      return data<InvoiceActionData>(
        {
          intent,
          errors: {
            reason: text === "" ? "Say why it is voided" : "Write the reason in at most 500 plain characters",
          },
        },
        { status: 400 },
      );
    const voided = await voidInvoice({ db, id, staffId: user.id, reason: text });
    if (!voided.ok)
      return voided.reason === "not-found" ? notFound() : refused(VOID_REFUSALS[voided.reason]!);
    logger.info({ invoiceId: id }, "Invoice voided");
    return redirectWithToast(page, { type: "success", title: "Voided: its number stays, marked void" });
  }

  if (intent === paymentsCard.intent) return paymentsCard.act({ db, id, staffId: user.id, role: user.role });

  if (intent === INVOICE_INTENTS.remind) {
    if (!mayIssueInvoices(user.role))
      return data<InvoiceActionData>(
        { intent, errors: { form: "Only Accounts and Administrators may send reminders." } },
        { status: 403 },
      );
    const reminded = await sendReminderNow({ db, config, logger, id, staffId: user.id });
    if (!reminded.ok) return reminded.reason === "not-found" ? notFound() : refused(reminded.message);
    if (reminded.created) logger.info({ invoiceId: id }, "Invoice reminder sent from its page");
    return redirectWithToast(
      page,
      reminded.mailQueued
        ? { type: "success", title: `Reminder sent to ${reminded.to}` }
        : {
            type: "error",
            title: `Reminder not sent to ${reminded.to}: no mail server is set up for this site`,
          },
    );
  }

  if (intent === INVOICE_INTENTS.delete) {
    const invoice = await getInvoice({ db, id });
    if (!invoice) notFound();
    if (invoice.state !== "draft") return refused("An issued document is never deleted: void it instead.");
    await deleteInvoiceDraft({ db, id });
    logger.info({ invoiceId: id }, "Invoice draft deleted");
    return redirectWithToast("/admin/invoices", { type: "success", title: "Draft deleted" });
  }

  const drafting =
    intent === INVOICE_INTENTS.save ||
    intent === INVOICE_INTENTS.issue ||
    intent === INVOICE_INTENTS.addLine ||
    intent.startsWith(`${INVOICE_INTENTS.removeLine}:`);
  if (!drafting) return unreadable(intent);
  if (intent === INVOICE_INTENTS.issue) {
    // A second click, a second tab: issued already, so nothing to save; the page shows its number.
    const current = await getInvoice({ db, id });
    if (!current) notFound();
    if (current.state === "issued")
      return redirectWithToast(page, {
        type: "success",
        title: `${label(current)} ${current.number} issued`,
      });
  }
  // 'Issue' posts the form as it is on screen: it is saved, then issued, so what is numbered is what the clerk saw.
  const result = await saveDraftPost({
    db,
    formData,
    intent,
    id,
    staffId: user.id,
    source: { quoteId: null, creditedInvoiceId: null },
  });
  if ("reply" in result) return result.reply;
  if (intent === INVOICE_INTENTS.save)
    return redirectWithToast(page, { type: "success", title: "Draft saved" });
  const settings = await getInvoiceSettings({ db });
  const issued = await issueInvoice({
    db,
    id,
    staffId: user.id,
    today: companyToday((await siteSettings.get()).timeZone),
    settings,
  });
  if (!issued.ok) return issued.reason === "not-found" ? notFound() : refused(ISSUE_REFUSALS[issued.reason]!);
  const invoice = await getInvoice({ db, id });
  logger.info({ invoiceId: id, number: issued.number }, "Invoice issued");
  return redirectWithToast(page, {
    type: "success",
    title: `${invoice ? label(invoice) : "Invoice"} ${issued.number} issued`,
  });
}
