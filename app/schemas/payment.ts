// The 'Record payment' form (decision 026): read and checked on the server, messages beside the fields.
// What to take off each open invoice comes as repeated `applyInvoice` / `applyAmount` fields; an empty amount
// takes nothing off that invoice. Amounts are exact (app/lib/money.ts); the exchange rate is a decimal with at
// most 6 places, kept in millionths.
import { CURRENCIES } from "#app/lib/freight-terms.ts";
import { MAX_TOTAL_MINOR } from "#app/lib/invoice-math.ts";
import { convertMinor, parseAmount } from "#app/lib/money.ts";
import {
  CONTROL_CHARACTER,
  CONTROL_CHARACTER_EXCEPT_LINES,
  isIsoDate,
} from "#app/schemas/rules/form-rules.ts";

export const PAYMENT_METHOD_LABELS = {
  cash: "Cash",
  bank_transfer: "Bank transfer",
  cheque: "Cheque",
  mobile_money: "Mobile money",
  card: "Card",
} as const;
export type PaymentMethodName = keyof typeof PAYMENT_METHOD_LABELS;
const METHODS = Object.keys(PAYMENT_METHOD_LABELS) as PaymentMethodName[];

export const PAYMENT_TEXT_LIMITS = { reference: 100, note: 1000, reason: 500 } as const;
export const MAX_APPLIED_INVOICES = 50;
/** The highest rate accepted: a million units of one currency for one of another. */
const MAX_RATE_MICRO = 1_000_000 * 1_000_000;

export type PaymentFormValues = {
  receivedOn: string;
  method: string;
  reference: string;
  currency: string;
  amount: string;
  rate: string;
  overpayment: boolean;
  note: string;
  /** The open invoices listed, with what the clerk typed for each. */
  applied: { invoiceId: string; amount: string }[];
};

export type PaymentFormInput = {
  receivedOn: string;
  method: PaymentMethodName;
  reference: string | null;
  note: string | null;
  currency: string;
  amountMinor: number;
  rateMicro: number | null;
  overpayment: boolean;
  allocations: { invoiceId: string; amountMinor: number }[];
};

/** Field → message (`applied.3` for the fourth invoice's amount); `form` is the whole form. */
export type PaymentFormErrors = Record<string, string>;

const text = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
};
const all = (formData: FormData, name: string) =>
  formData.getAll(name).map((value) => (typeof value === "string" ? value : ""));

export function readPaymentForm(formData: FormData): PaymentFormValues {
  const ids = all(formData, "applyInvoice").slice(0, MAX_APPLIED_INVOICES + 1);
  const amounts = all(formData, "applyAmount");
  return {
    receivedOn: text(formData, "receivedOn").trim(),
    method: text(formData, "method"),
    reference: text(formData, "reference").trim(),
    currency: text(formData, "currency"),
    amount: text(formData, "amount"),
    rate: text(formData, "rate").trim(),
    overpayment: text(formData, "overpayment") === "on",
    note: text(formData, "note").trim(),
    applied: ids.map((invoiceId, i) => ({ invoiceId, amount: amounts[i] ?? "" })),
  };
}

/** '190.5' → 190500000 (millionths); null when it is not a positive decimal of at most 6 places. */
export function parseRate(value: string): number | null {
  const match = /^(\d{1,7})(?:\.(\d{1,6}))?$/.exec(value.replace(/,/g, ""));
  if (!match) return null;
  const micro = Number(match[1]) * 1_000_000 + Number((match[2] ?? "").padEnd(6, "0"));
  return micro > 0 && micro <= MAX_RATE_MICRO ? micro : null;
}

/** 190500000 → '190.5'. */
export function formatRate(micro: number): string {
  const whole = Math.floor(micro / 1_000_000);
  const fraction = String(micro % 1_000_000)
    .padStart(6, "0")
    .replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/**
 * What the typed amount is worth in the invoices' currency at the typed rate, by the rule the server records
 * it with (convertMinor); null while the amount or the rate cannot be read. The form shows it as the clerk types.
 */
export function typedPaymentWorth(
  values: Pick<PaymentFormValues, "currency" | "amount" | "rate">,
  settledCurrency: string,
): number | null {
  if (!(CURRENCIES as readonly string[]).includes(values.currency)) return null;
  const amount = parseAmount(values.amount, values.currency);
  if (!amount.ok || amount.minor === 0 || amount.minor > MAX_TOTAL_MINOR) return null;
  const rateMicro = values.currency === settledCurrency ? null : parseRate(values.rate.trim());
  return convertMinor({ amountMinor: amount.minor, currency: values.currency, settledCurrency, rateMicro });
}

/**
 * Checks the form against what the server knows: the invoices' currency (`settledCurrency`), the ids of the
 * invoices that may be paid, and the company's today (a payment is not received in the future).
 */
export function validatePaymentForm(
  values: PaymentFormValues,
  {
    settledCurrency,
    invoiceIds,
    today,
  }: { settledCurrency: string; invoiceIds: readonly string[]; today: string },
): { ok: true; value: PaymentFormInput } | { ok: false; errors: PaymentFormErrors } {
  const errors: PaymentFormErrors = {};
  if (!isIsoDate(values.receivedOn)) errors.receivedOn = "Enter the date it was received (YYYY-MM-DD)";
  else if (values.receivedOn > today) errors.receivedOn = "A payment cannot be received in the future";
  if (!(METHODS as string[]).includes(values.method)) errors.method = "Choose how it was paid";
  if (values.reference.length > PAYMENT_TEXT_LIMITS.reference)
    errors.reference = `At most ${PAYMENT_TEXT_LIMITS.reference} characters`;
  else if (CONTROL_CHARACTER.test(values.reference)) errors.reference = "Use plain characters";
  if (values.note.length > PAYMENT_TEXT_LIMITS.note)
    errors.note = `At most ${PAYMENT_TEXT_LIMITS.note} characters`;
  else if (CONTROL_CHARACTER_EXCEPT_LINES.test(values.note)) errors.note = "Use plain characters";

  const currencyKnown = (CURRENCIES as readonly string[]).includes(values.currency);
  if (!currencyKnown) errors.currency = "Choose the currency received";
  let amountMinor = 0;
  if (currencyKnown) {
    const amount = parseAmount(values.amount, values.currency);
    if (!amount.ok) errors.amount = amount.message;
    else if (amount.minor === 0) errors.amount = "Enter the amount received";
    else if (amount.minor > MAX_TOTAL_MINOR) errors.amount = "The amount is too large";
    else amountMinor = amount.minor;
  }
  let rateMicro: number | null = null;
  if (currencyKnown && values.currency !== settledCurrency) {
    rateMicro = parseRate(values.rate);
    if (rateMicro === null)
      errors.rate =
        values.rate === ""
          ? `Enter how many ${values.currency} were counted for one ${settledCurrency}`
          : "Enter the rate as a number, like 190.50 (at most 6 decimals)";
    // What the money is worth must be a sum an invoice can hold: a rate typed a thousand times too small would
    // make it larger than any total (and than PostgreSQL's bigint), one too large would make it nothing.
    else if (amountMinor > 0) {
      const worth = convertMinor({ amountMinor, currency: values.currency, settledCurrency, rateMicro });
      if (worth === 0)
        errors.rate = `At this rate the payment is worth nothing in ${settledCurrency}: check the rate`;
      else if (worth === null || worth > MAX_TOTAL_MINOR)
        errors.rate = `At this rate the payment is worth more than any invoice can hold: check the rate`;
    }
  }

  if (values.applied.length > MAX_APPLIED_INVOICES) errors.form = "Too many invoices at once";
  const allocations: PaymentFormInput["allocations"] = [];
  const seen = new Set<string>();
  values.applied.forEach((row, i) => {
    if (!invoiceIds.includes(row.invoiceId) || seen.has(row.invoiceId)) {
      errors.form = "The list of invoices changed: reload the page and try again";
      return;
    }
    seen.add(row.invoiceId);
    if (row.amount.trim() === "") return;
    const amount = parseAmount(row.amount, settledCurrency);
    if (!amount.ok) errors[`applied.${i}`] = amount.message;
    else if (amount.minor > 0) allocations.push({ invoiceId: row.invoiceId, amountMinor: amount.minor });
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      receivedOn: values.receivedOn,
      method: values.method as PaymentMethodName,
      reference: values.reference || null,
      note: values.note || null,
      currency: values.currency,
      amountMinor,
      rateMicro,
      overpayment: values.overpayment,
      allocations,
    },
  };
}

/** The reversal form's reason: its message, or null when it may be used. */
export function reversalReasonProblem(reason: string): string | null {
  if (reason === "") return "Say why it is reversed";
  if (reason.length > PAYMENT_TEXT_LIMITS.reason || CONTROL_CHARACTER_EXCEPT_LINES.test(reason))
    return `Write the reason in at most ${PAYMENT_TEXT_LIMITS.reason} plain characters`;
  return null;
}
