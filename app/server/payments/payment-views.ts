import type { WithWords } from "#app/lib/i18n/use-words.ts";
import type { PaymentFormErrors, PaymentFormValues } from "#app/schemas/payment.ts";

// The payment pages' contract (decision 026): what the loaders give and the actions answer. The components import
// these types (never the server modules' code). Money is formatted on the server; dates are YYYY-MM-DD.

/** An open invoice of the customer the payment may settle. */
export type OpenInvoiceView = {
  id: string;
  number: string;
  issueDate: string;
  dueDate: string;
  total: string;
  balance: string;
  /** The balance in minor units of the invoices' currency: the form caps what it fills in at it. */
  balanceMinor: number;
  overdue: boolean;
};

export type NewPaymentPageData = {
  customer: string;
  /** The invoices' currency: what is applied is in it. */
  currency: string;
  currencies: readonly string[];
  invoices: OpenInvoiceView[];
  values: PaymentFormValues;
  /** The customer's credit already held in this currency ('20.00 USD'), or null. */
  credit: string | null;
  submissionKey: string;
  /** Where the form was opened from (the invoice), for 'Cancel'. */
  backTo: string;
};

export type PaymentActionData = {
  intent: string;
  errors: PaymentFormErrors;
  values?: PaymentFormValues;
};

export type PaymentView = {
  id: string;
  number: string;
  state: "received" | "reversed";
  customer: string;
  partyId: string | null;
  receivedOn: string;
  method: string;
  reference: string | null;
  note: string | null;
  /** What was handed over ('19,050.00 LRD'). */
  received: string;
  /** '1 USD = 190.5 LRD', when in another currency. */
  rate: string | null;
  /** Its worth in the invoices' currency, when different ('100.00 USD'). */
  settled: string | null;
  allocations: { invoiceId: string; number: string; amount: string }[];
  /** What is left as the customer's credit ('20.00 USD'), or null. */
  unapplied: string | null;
  recordedBy: string | null;
  reversal: { at: string; by: string | null; reason: string } | null;
  /** The address receipts are e-mailed to, when there is one. */
  email: string | null;
  submissionKey: string;
};

export type PaymentListRow = {
  id: string;
  number: string;
  receivedOn: string;
  customer: string;
  method: string;
  amount: string;
  reversed: boolean;
};

export type PaymentListData = {
  q: string;
  rows: PaymentListRow[];
  total: number;
  page: number;
  pageCount: number;
};

/** The invoice page's payments card. */
export type InvoicePaymentsView = {
  rows: {
    paymentId: string;
    number: string;
    receivedOn: string;
    method: string;
    amount: string;
    /** 'Paid 19,050.00 LRD at 190.5', when in another currency. */
    detail: string | null;
    reversed: boolean;
  }[];
  /** Whether the signed-in role may record payments and there is something owed. */
  canRecord: boolean;
  /** The customer's credit that could be used on it ('20.00 USD'), or null. */
  credit: string | null;
  /**
   * Mobile-money requests of the invoice MTN has not settled (decision 027), newest first: the one the customer
   * waits for, and those they stopped waiting for that would still be recorded if MTN approved them.
   */
  mobileMoney: {
    id: string;
    /** The wallet's number in full (staff only). */
    payer: string;
    amount: string;
    /** When it was asked (ISO). */
    startedAt: string;
    waiting: boolean;
    /** 'Waiting for the customer to approve on their phone', or why it ended. */
    status: string;
  }[];
};

// ------------------------------------------------------------------------------------------------------------
// The customer's '/invoice/:token/pay' (decision 027)

export type PayRequestView = {
  id: string;
  amount: string;
  /** The wallet's number masked ('•••0003'): the page's address is a link that may be passed on. */
  payer: string;
} & ({ state: "pending" | "successful" } | { state: "failed" | "ended"; reason: string });

export type PayPage =
  | { kind: "not-found" }
  | {
      kind: "found";
      number: string;
      customerName: string;
      balance: string;
      balanceInput: string;
      currency: string;
      /** Why the form is not offered, or null when it is. */
      closed: string | null;
      request: PayRequestView | null;
    };

/** What the pay page gives: too many requests, or the invoice (or none) with its words beside. */
export type PayPageData = WithWords & ({ kind: "rate-limited" } | PayPage);

/** The pay form's refusals, by field ('form': the whole form's). */
export type PayFormErrors = { payer?: string; amount?: string; form?: string };

/** What a post to the pay page answers (a request started redirects to the page instead). */
export type PayActionData = { errors: PayFormErrors };
