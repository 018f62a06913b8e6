import type { WithWords } from "#app/lib/i18n/use-words.ts";
import type { InvoiceFormErrors, InvoiceFormValues } from "#app/schemas/invoice.ts";
import type { InvoicePaymentsView } from "#app/server/payments/payment-views.ts";

// The invoice pages' contract (decision 026): what the loaders give and the actions answer. The components import
// these types (never the server modules' code). Money is formatted on the server; dates are YYYY-MM-DD.

/**
 * What an invoice is now: 'partly_paid', 'paid' and 'overdue' are read from its payments, credit notes, due date
 * and the company's today, never stored (app/server/invoices/invoice-balances.server.ts).
 */
export type InvoiceStatus = "draft" | "issued" | "partly_paid" | "paid" | "overdue" | "void";
export type InvoiceKindView = "invoice" | "credit_note";

export type InvoiceListRow = {
  id: string;
  /** Null for a draft. */
  number: string | null;
  kind: InvoiceKindView;
  customer: string;
  issueDate: string | null;
  dueDate: string | null;
  total: string;
  status: InvoiceStatus;
};

export type InvoiceListQuery = { q: string; state: "" | InvoiceStatus };

export type InvoiceListData = {
  query: InvoiceListQuery;
  rows: InvoiceListRow[];
  total: number;
  page: number;
  pageCount: number;
};

/** An address-book party the customer can be picked from; `value` is 'shipper:<id>' or 'consignee:<id>'. */
export type InvoicePartyChoice = {
  value: string;
  kind: "shipper" | "consignee";
  label: string;
  name: string;
  company: string;
  email: string;
  address: string;
};

export type InvoiceLinkView = { id: string; label: string };

/** The draft form: a new draft (from a quote, a shipment, an invoice to credit, or blank) or a saved one. */
export type InvoiceFormData = {
  kind: InvoiceKindView;
  /** Null for a new draft. */
  id: string | null;
  values: InvoiceFormValues;
  /** The settings' rates: `name` is posted, `label` shown ('GST (12 %)'), `basisPoints` for the live totals. */
  taxRates: { name: string; label: string; basisPoints: number }[];
  parties: InvoicePartyChoice[];
  /** The shipments the draft is for (their ids are posted as hidden fields). */
  shipments: { id: string; trackingNumber: string }[];
  /** Where it comes from: the accepted quote's request, or the invoice a credit note corrects. */
  quote: InvoiceLinkView | null;
  creditedInvoice: InvoiceLinkView | null;
  /** Whether the signed-in role may issue (Administrator, Accounts). */
  canIssue: boolean;
};

export type InvoiceLineView = {
  description: string;
  quantity: string;
  unitPrice: string;
  tax: string;
  amount: string;
};

/** An issued or void document, read-only. */
export type InvoiceDocumentView = {
  id: string;
  kind: InvoiceKindView;
  number: string;
  status: InvoiceStatus;
  customer: { name: string; company: string | null; email: string | null; billingAddress: string | null };
  currency: string;
  lines: InvoiceLineView[];
  subtotal: string;
  /** One line per tax rate: 'GST (12 %)' and its total. */
  taxes: { label: string; amount: string }[];
  total: string;
  /** An issued invoice's 'Less credit note CN-…' lines and its balance due, as the PDF prints them; none else. */
  credits: { label: string; amount: string }[];
  /** What payments took off an issued invoice, when anything. */
  paid: string | null;
  balanceDue: string | null;
  issueDate: string;
  dueDate: string;
  notes: string | null;
  paymentInstructions: string | null;
  shipments: { id: string; trackingNumber: string }[];
  quote: InvoiceLinkView | null;
  creditedInvoice: InvoiceLinkView | null;
  creditNotes: (InvoiceLinkView & { status: InvoiceStatus; total: string })[];
  voidReason: string | null;
  /** Whether the signed-in role may issue and void (Administrator, Accounts). */
  canIssue: boolean;
  /** 'Send a reminder now': an issued invoice with something owed, and a role that may send it. */
  canRemind: boolean;
  /** The 'Send' form, when it can be sent (an issued invoice) by the signed-in role; else null. */
  send: InvoiceSendView | null;
  /** Issued, sent, opened, reminded, paid, credited, voided: oldest first. */
  history: InvoiceHistoryEntry[];
};

/** The 'Send' form: its own random key (one e-mail however often posted) and the address it offers. */
export type InvoiceSendView = { id: string; kind: InvoiceKindView; number: string; key: string; to: string };

export type InvoiceSendPageData = { send: InvoiceSendView };

export type InvoiceSendActionData = { errors: { to?: string; form?: string }; to: string };

/** One line of an invoice's history, as the staff page lists it. */
export type InvoiceHistoryEntry = {
  /** When, as shown: 'November 23, 2026 3:45 PM', or a payment's day 'November 23, 2026'. */
  when: string;
  title: string;
  detail: string | null;
  /** A reversed payment: crossed out, with why. */
  reversed?: boolean;
};

export type InvoicePageData =
  | { mode: "draft"; form: InvoiceFormData }
  | { mode: "document"; document: InvoiceDocumentView; payments: InvoicePaymentsView };

/** A new draft's page: the form, or why it cannot start (an unknown quote, shipment or invoice). */
export type NewInvoicePageData = { form: InvoiceFormData; problem: string | null };

export type InvoiceActionData = { intent: string; errors: InvoiceFormErrors; values?: InvoiceFormValues };

/** What the customer reads as the invoice's status. */
export const CUSTOMER_STATUS_LABELS = {
  issued: "Awaiting payment",
  partly_paid: "Partly paid",
  paid: "Paid",
  overdue: "Overdue",
  void: "Void",
  draft: "Draft",
} as const;

export type PublicInvoice = {
  company: string;
  number: string;
  customer: string;
  issueDate: string;
  dueDate: string;
  status: (typeof CUSTOMER_STATUS_LABELS)[keyof typeof CUSTOMER_STATUS_LABELS] | "Credit note";
  /** A credit note (the account lists them too); the public link opens invoices only. */
  creditNote: boolean;
  lines: { description: string; quantity: string; unitPrice: string; tax: string; amount: string }[];
  subtotal: string;
  taxes: { label: string; amount: string }[];
  total: string;
  /** 'Less credit note CN-…' lines of the issued credit notes. */
  credits: { label: string; amount: string }[];
  /** What was received, shown as the PDF shows it: null for a credit note and while nothing was paid. */
  paid: string | null;
  /** Null for a void invoice: nothing is owed. */
  balanceDue: string | null;
  paymentInstructions: string | null;
  pdfPath: string;
  /** Whether 'Pay by mobile money' is offered: something is due, mobile money is on, in this currency. */
  mobileMoney: boolean;
};

/** A payment received on an invoice, as its customer reads it. */
export type InvoicePaymentView = { number: string; receivedOn: string; method: string; amount: string };

/** What /invoice/:token gives: the customer's invoice, or why it is not shown (its words beside). */
export type PublicInvoicePageData = WithWords &
  (
    | { kind: "rate-limited"; retryAfterSeconds: number }
    | { kind: "not-found" }
    | { kind: "found"; invoice: PublicInvoice; mobileMoney: boolean }
  );
