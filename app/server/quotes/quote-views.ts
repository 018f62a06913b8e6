import type { QuoteRequestStage } from "#app/lib/quote-stage.ts";
import type { QuoteFormErrors, QuoteFormValues } from "#app/schemas/quote.ts";

// /admin/quote-requests/:id/quote's contract (decision 016): what its loader gives and its action answers. The
// components import these types (never the server modules' code).

/** What a quote is now, for the customer and for staff. `expired` is read from the clock, never stored. */
export type QuoteStatus = "draft" | "open" | "accepted" | "declined" | "expired" | "replaced";

/** One version of the request's quote; money already formatted, times as ISO. */
export type QuoteVersionView = {
  id: string;
  version: number;
  status: QuoteStatus;
  currency: string;
  total: string;
  lines: { description: string; amount: string }[];
  validUntil: string;
  transitTime: string | null;
  incoterm: string | null;
  terms: string | null;
  note: string | null;
  sentAt: string | null;
  acceptedName: string | null;
  acceptedAt: string | null;
  declinedAt: string | null;
  declineComment: string | null;
};

export type QuoteActionData = { intent: string; errors: QuoteFormErrors; values?: QuoteFormValues };

/** The request as the quote page shows it; `parcelType` and `weight` are 'Not specified' when not given. */
export type QuotePageRequest = {
  id: string;
  name: string;
  company: string | null;
  email: string;
  phone: string | null;
  route: string;
  parcelType: string;
  weight: string;
  /** YYYY-MM-DD, or null. */
  readyDate: string | null;
  freightTypes: string[];
  specialInfo: string | null;
  /** ISO. */
  submittedOn: string;
  stage: QuoteRequestStage;
  bookedShipmentId: string | null;
};

/** The quote page: the request, the form's values (the draft's, else the latest version's), every version. */
export type QuotePageData = {
  request: QuotePageRequest;
  hasDraft: boolean;
  canEdit: boolean;
  /** YYYY-MM-DD in the company's time zone. */
  today: string;
  values: QuoteFormValues;
  /** Newest first. */
  versions: QuoteVersionView[];
};

/** A sent quote as its customer reads it (the e-mail's link, /quote/:token, and the account's /account/quotes/:id). */
export type CustomerQuoteView = {
  status: QuoteStatus;
  customer: string;
  route: string;
  version: number;
  lines: { description: string; amount: string }[];
  total: string;
  /** YYYY-MM-DD. */
  validUntil: string;
  transitTime: string | null;
  incoterm: string | null;
  terms: string | null;
  note: string | null;
  acceptedName: string | null;
  acceptedAt: string | null;
  declinedAt: string | null;
};

/** What 'Accept quote' and 'Decline' answer, from the e-mail's link and from the account alike. */
export type QuoteAnswerReply =
  | { ok: true; outcome: "accepted" | "declined" }
  | { ok: false; errors: { name?: string; comment?: string; form?: string } };

/** The longest name and decline comment the answer forms take. */
export const QUOTE_ANSWER_LIMITS = { name: 100, comment: 1000 } as const;

/** The customer's quote page from the link in the quote e-mail: the quote, or why it cannot be shown. */
export type CustomerQuotePageData =
  | { kind: "rate-limited"; retryAfterSeconds: number }
  | { kind: "not-found" }
  | ({ kind: "found" } & CustomerQuoteView);
