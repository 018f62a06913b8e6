import type { QuoteFormStart } from "#app/schemas/rules/quote-request-rules.ts";
import type { InvoicePaymentView, PublicInvoice } from "#app/server/invoices/invoice-views.ts";
import type { CustomerQuoteView, QuoteStatus } from "#app/server/quotes/quote-views.ts";

// The account's quotes, invoices and quote request (decision 029): what their loaders give and actions answer.
// Components import these types (never the server modules' code).

/** Rows per page of the account's lists. */
export const ACCOUNT_PAGE_SIZE = 20;

export type Paging = { page: number; pages: number; total: number };

export function pagingOf(page: number, total: number): Paging {
  return { page, pages: Math.max(1, Math.ceil(total / ACCOUNT_PAGE_SIZE)), total };
}

/** What the customer reads as a quote's state. */
export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  draft: "Draft",
  open: "Awaiting your answer",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Expired",
  replaced: "Replaced by a newer version",
};

export type AccountQuoteRow = {
  id: string;
  version: number;
  /** 'Monrovia to Abidjan'; the two places apart, for the page to write the route in its language. */
  route: string;
  from: string;
  to: string;
  status: QuoteStatus;
  statusLabel: string;
  total: string;
  /** YYYY-MM-DD. */
  validUntil: string;
  /** ISO. */
  sentAt: string | null;
};

export type AccountQuotesData = { rows: AccountQuoteRow[]; paging: Paging };

export type AccountQuoteData = {
  id: string;
  quote: CustomerQuoteView;
  /** The signed-in customer's name, which 'Accept quote' starts with. */
  defaultName: string;
  pdfHref: string;
};

export type AccountInvoiceRow = {
  id: string;
  creditNote: boolean;
  number: string;
  /** YYYY-MM-DD. */
  issueDate: string;
  dueDate: string | null;
  statusLabel: string;
  overdue: boolean;
  total: string;
  /** What is still owed; null for a credit note or a void invoice. */
  balance: string | null;
};

export type AccountInvoicesData = {
  rows: AccountInvoiceRow[];
  paging: Paging;
  /** What the company owes, one line per currency (none when nothing is owed). */
  owed: { currency: string; amount: string }[];
  /** One statement per billed party of the company. */
  statements: { label: string; href: string }[];
};

export type AccountInvoiceData = {
  id: string;
  invoice: PublicInvoice;
  payments: InvoicePaymentView[];
};

/** 'Pay' refused (mobile money off, nothing owed): the reason, shown above the payment instructions. */
export type AccountPayReply = { error: string };

/** The quote request form's starting values (the member's details; with 'book again', a shipment's route and cargo). */
export type QuoteRequestPrefill = QuoteFormStart;
