// The 'Prepare quote' form (decision 016): read and checked on the server, messages beside the fields.
// Lines come as repeated `lineDescription` / `lineAmount` fields; a row with both left empty is no line.
import { CURRENCIES, type Currency, INCOTERM_CODES, type Incoterm } from "#app/lib/freight-terms.ts";
import { parseAmount } from "#app/lib/money.ts";
import {
  CONTROL_CHARACTER,
  CONTROL_CHARACTER_EXCEPT_LINES,
  isIsoDate,
} from "#app/schemas/rules/form-rules.ts";

export const MAX_QUOTE_LINES = 20;
export const QUOTE_TEXT_LIMITS = { description: 200, transitTime: 100, terms: 4000, note: 2000 } as const;
export const DEFAULT_VALIDITY_DAYS = 14;

export type QuoteLineInput = { description: string; amountMinor: number };
export type QuoteInput = {
  currency: Currency;
  validUntil: string;
  transitTime: string | null;
  incoterm: Incoterm | null;
  terms: string | null;
  note: string | null;
  lines: QuoteLineInput[];
};

/** The form's values as typed (echoed back after an error). */
export type QuoteFormValues = {
  currency: string;
  validUntil: string;
  transitTime: string;
  incoterm: string;
  terms: string;
  note: string;
  lines: { description: string; amount: string }[];
};

/** Field → message; lines are `lines.0.amount`, `lines.0.description`; the list itself is `lines`. */
export type QuoteFormErrors = Record<string, string>;

const text = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
};

export function readQuoteForm(formData: FormData): QuoteFormValues {
  const descriptions = formData.getAll("lineDescription").map((v) => (typeof v === "string" ? v : ""));
  const amounts = formData.getAll("lineAmount").map((v) => (typeof v === "string" ? v : ""));
  const count = Math.min(Math.max(descriptions.length, amounts.length), MAX_QUOTE_LINES + 5);
  const lines = Array.from({ length: count }, (_, i) => ({
    description: descriptions[i] ?? "",
    amount: amounts[i] ?? "",
  }));
  return {
    currency: text(formData, "currency").trim(),
    validUntil: text(formData, "validUntil").trim(),
    transitTime: text(formData, "transitTime"),
    incoterm: text(formData, "incoterm").trim(),
    terms: text(formData, "terms"),
    note: text(formData, "note"),
    lines,
  };
}

const optional = (value: string) => {
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
};

/**
 * Checks the form: a known currency, a real validity date not before `today` (the company's date), at least one
 * line, each with a description and an amount that parses in the currency's minor units.
 */
export function validateQuoteForm(
  values: QuoteFormValues,
  { today }: { today: string },
): { ok: true; value: QuoteInput } | { ok: false; errors: QuoteFormErrors } {
  const errors: QuoteFormErrors = {};
  const currency = (CURRENCIES as readonly string[]).includes(values.currency)
    ? (values.currency as Currency)
    : null;
  if (!currency) errors.currency = "Choose a currency";
  if (!isIsoDate(values.validUntil)) errors.validUntil = "Enter a date";
  else if (values.validUntil < today) errors.validUntil = "The validity date cannot be in the past";
  const incoterm = values.incoterm === "" ? null : values.incoterm;
  if (incoterm !== null && !(INCOTERM_CODES as string[]).includes(incoterm))
    errors.incoterm = "Choose an incoterm";
  const limits: [keyof typeof QUOTE_TEXT_LIMITS, string][] = [
    ["transitTime", values.transitTime],
    ["terms", values.terms],
    ["note", values.note],
  ];
  for (const [name, value] of limits) {
    if (value.trim().length > QUOTE_TEXT_LIMITS[name]) {
      errors[name] = `At most ${QUOTE_TEXT_LIMITS[name]} characters`;
    }
    // The quote's texts reach the customer's e-mail and PDF: no control characters (line breaks only where a
    // text has lines).
    const forbidden = name === "transitTime" ? CONTROL_CHARACTER : CONTROL_CHARACTER_EXCEPT_LINES;
    if (forbidden.test(value)) errors[name] = "Contains characters that are not allowed";
  }

  const lines: QuoteLineInput[] = [];
  values.lines.forEach((line, index) => {
    const description = line.description.trim();
    const amount = line.amount.trim();
    if (description === "" && amount === "") return;
    if (description === "") errors[`lines.${index}.description`] = "Enter a description";
    else if (description.length > QUOTE_TEXT_LIMITS.description) {
      errors[`lines.${index}.description`] = `At most ${QUOTE_TEXT_LIMITS.description} characters`;
    } else if (CONTROL_CHARACTER.test(description)) {
      errors[`lines.${index}.description`] = "Contains characters that are not allowed";
    }
    const parsed = parseAmount(amount, currency ?? "USD");
    if (!parsed.ok) errors[`lines.${index}.amount`] = parsed.message;
    else lines.push({ description, amountMinor: parsed.minor });
  });
  const filled = values.lines.filter((l) => l.description.trim() !== "" || l.amount.trim() !== "").length;
  if (filled === 0) errors.lines = "A quote needs at least one line";
  else if (filled > MAX_QUOTE_LINES) errors.lines = `A quote can have at most ${MAX_QUOTE_LINES} lines`;

  if (Object.keys(errors).length > 0 || !currency) return { ok: false, errors };
  return {
    ok: true,
    value: {
      currency,
      validUntil: values.validUntil,
      transitTime: optional(values.transitTime),
      incoterm: incoterm as Incoterm | null,
      terms: optional(values.terms),
      note: optional(values.note),
      lines,
    },
  };
}
