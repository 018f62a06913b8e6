// Settings → Invoices (decision 015): numbering, payment terms, tax rates and the payment instructions
// printed on every invoice. Read and checked on the server; the messages are shown beside the fields.
import { formatPercent, parsePercent } from "#app/lib/invoice-math.ts";
import { CONTROL_CHARACTER, CONTROL_CHARACTER_EXCEPT_LINES } from "#app/schemas/rules/form-rules.ts";

export type TaxRate = { name: string; basisPoints: number };

export type InvoiceSettings = {
  /** 'INV-{YYYY}-{NNNN}': {YYYY} is the year of issue, {NNNN} the number in the year, zero-padded. */
  invoicePattern: string;
  creditNotePattern: string;
  paymentTermsDays: number;
  taxRates: TaxRate[];
  paymentInstructions: string;
  /** Reminders e-mailed this many days before the due date, and after it (decision 026); empty: none. */
  reminderDaysBefore: number[];
  reminderDaysAfter: number[];
};

export const DEFAULT_INVOICE_SETTINGS: InvoiceSettings = {
  invoicePattern: "INV-{YYYY}-{NNNN}",
  creditNotePattern: "CN-{YYYY}-{NNNN}",
  paymentTermsDays: 30,
  taxRates: [],
  paymentInstructions: "",
  reminderDaysBefore: [3],
  reminderDaysAfter: [7, 30],
};

/** At most this many reminders on each side of the due date. */
export const MAX_REMINDERS = 5;

export const MAX_TAX_RATES = 10;
export const MAX_PAYMENT_TERMS_DAYS = 365;
export const INVOICE_SETTINGS_LIMITS = { pattern: 40, taxName: 40, paymentInstructions: 1000 } as const;

/** A number from its series' pattern: ('INV-{YYYY}-{NNNN}', 2026, 7) → 'INV-2026-0007'. */
export function formatDocumentNumber(pattern: string, year: number, sequence: number): string {
  return pattern
    .replace("{YYYY}", String(year))
    .replace(/\{(N+)\}/, (_, digits: string) => String(sequence).padStart(digits.length, "0"));
}

/** Why a numbering pattern cannot be used, or null: it needs {NNNN} (numbers must differ) and {YYYY}. */
function patternProblem(pattern: string): string | null {
  if (pattern === "") return "Enter a numbering pattern";
  if (pattern.length > INVOICE_SETTINGS_LIMITS.pattern)
    return `At most ${INVOICE_SETTINGS_LIMITS.pattern} characters`;
  if (!/\{N{3,6}\}/.test(pattern)) return "The pattern needs the number, written {NNNN} (3 to 6 N)";
  if (!pattern.includes("{YYYY}")) return "The pattern needs the year, written {YYYY}";
  if (/[^A-Za-z0-9{}/_.-]/.test(pattern))
    return "Use letters, digits, - _ / . and the {YYYY} and {NNNN} parts";
  return null;
}

/** '3, 7,30' → [3, 7, 30]: whole days from 1 to 365, at most MAX_REMINDERS, each once; empty: none. */
function parseReminderDays(text: string): { ok: true; value: number[] } | { ok: false; message: string } {
  if (text === "") return { ok: true, value: [] };
  const parts = text.split(/[\s,]+/).filter(Boolean);
  if (parts.length > MAX_REMINDERS || !parts.every((part) => /^\d{1,3}$/.test(part)))
    return {
      ok: false,
      message: `Enter up to ${MAX_REMINDERS} numbers of days, separated by commas, like 7, 30`,
    };
  const days = [...new Set(parts.map(Number))].sort((a, b) => a - b);
  if (days.some((day) => day < 1 || day > MAX_PAYMENT_TERMS_DAYS))
    return { ok: false, message: `Each number of days goes from 1 to ${MAX_PAYMENT_TERMS_DAYS}` };
  return { ok: true, value: days };
}

export type InvoiceSettingsValues = {
  invoicePattern: string;
  creditNotePattern: string;
  paymentTermsDays: string;
  paymentInstructions: string;
  taxRates: { name: string; percent: string }[];
  reminderDaysBefore: string;
  reminderDaysAfter: string;
};

const text = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
};

export function readInvoiceSettingsForm(formData: FormData): InvoiceSettingsValues {
  const names = formData.getAll("taxName").map((v) => (typeof v === "string" ? v : ""));
  const percents = formData.getAll("taxPercent").map((v) => (typeof v === "string" ? v : ""));
  const count = Math.min(Math.max(names.length, percents.length), MAX_TAX_RATES + 5);
  return {
    invoicePattern: text(formData, "invoicePattern").trim(),
    creditNotePattern: text(formData, "creditNotePattern").trim(),
    paymentTermsDays: text(formData, "paymentTermsDays").trim(),
    paymentInstructions: text(formData, "paymentInstructions"),
    reminderDaysBefore: text(formData, "reminderDaysBefore").trim(),
    reminderDaysAfter: text(formData, "reminderDaysAfter").trim(),
    taxRates: Array.from({ length: count }, (_, i) => ({ name: names[i] ?? "", percent: percents[i] ?? "" })),
  };
}

export function invoiceSettingsValues(settings: InvoiceSettings): InvoiceSettingsValues {
  return {
    invoicePattern: settings.invoicePattern,
    creditNotePattern: settings.creditNotePattern,
    paymentTermsDays: String(settings.paymentTermsDays),
    paymentInstructions: settings.paymentInstructions,
    // A row saved before reminders existed has none: it gets the defaults.
    reminderDaysBefore: (settings.reminderDaysBefore ?? DEFAULT_INVOICE_SETTINGS.reminderDaysBefore).join(
      ", ",
    ),
    reminderDaysAfter: (settings.reminderDaysAfter ?? DEFAULT_INVOICE_SETTINGS.reminderDaysAfter).join(", "),
    taxRates: settings.taxRates.map((rate) => ({
      name: rate.name,
      percent: formatPercent(rate.basisPoints).replace(" %", ""),
    })),
  };
}

/** Field → message; a rate's fields are `taxRates.0.name` and `taxRates.0.percent`. */
export type InvoiceSettingsErrors = Record<string, string>;

export function validateInvoiceSettings(
  values: InvoiceSettingsValues,
): { ok: true; value: InvoiceSettings } | { ok: false; errors: InvoiceSettingsErrors } {
  const errors: InvoiceSettingsErrors = {};
  const invoiceProblem = patternProblem(values.invoicePattern);
  if (invoiceProblem) errors.invoicePattern = invoiceProblem;
  const creditProblem = patternProblem(values.creditNotePattern);
  if (creditProblem) errors.creditNotePattern = creditProblem;
  if (!invoiceProblem && !creditProblem && values.invoicePattern === values.creditNotePattern)
    errors.creditNotePattern =
      "Credit notes need a pattern of their own, so their numbers differ from invoices'";
  const days = /^\d{1,3}$/.test(values.paymentTermsDays) ? Number(values.paymentTermsDays) : Number.NaN;
  if (!(days >= 0 && days <= MAX_PAYMENT_TERMS_DAYS))
    errors.paymentTermsDays = `Enter a number of days from 0 to ${MAX_PAYMENT_TERMS_DAYS}`;
  const instructions = values.paymentInstructions.trim();
  if (instructions.length > INVOICE_SETTINGS_LIMITS.paymentInstructions)
    errors.paymentInstructions = `At most ${INVOICE_SETTINGS_LIMITS.paymentInstructions} characters`;
  else if (CONTROL_CHARACTER_EXCEPT_LINES.test(instructions))
    errors.paymentInstructions = "Contains characters that are not allowed";

  const taxRates: TaxRate[] = [];
  const seen = new Set<string>();
  values.taxRates.forEach((rate, index) => {
    const name = rate.name.trim();
    if (name === "" && rate.percent.trim() === "") return;
    if (name === "") errors[`taxRates.${index}.name`] = "Enter the tax's name, like GST";
    else if (name.length > INVOICE_SETTINGS_LIMITS.taxName)
      errors[`taxRates.${index}.name`] = `At most ${INVOICE_SETTINGS_LIMITS.taxName} characters`;
    else if (CONTROL_CHARACTER.test(name))
      errors[`taxRates.${index}.name`] = "Contains characters that are not allowed";
    else if (seen.has(name.toLowerCase())) errors[`taxRates.${index}.name`] = "Each tax needs its own name";
    seen.add(name.toLowerCase());
    const percent = parsePercent(rate.percent);
    if (!percent.ok) errors[`taxRates.${index}.percent`] = percent.message;
    else if (name !== "") taxRates.push({ name, basisPoints: percent.value });
  });
  if (taxRates.length > MAX_TAX_RATES) errors.taxRates = `At most ${MAX_TAX_RATES} tax rates`;
  const reminderDaysBefore = parseReminderDays(values.reminderDaysBefore);
  if (!reminderDaysBefore.ok) errors.reminderDaysBefore = reminderDaysBefore.message;
  const reminderDaysAfter = parseReminderDays(values.reminderDaysAfter);
  if (!reminderDaysAfter.ok) errors.reminderDaysAfter = reminderDaysAfter.message;

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      invoicePattern: values.invoicePattern,
      creditNotePattern: values.creditNotePattern,
      paymentTermsDays: days,
      taxRates,
      paymentInstructions: instructions.replace(/\r\n?/g, "\n"),
      reminderDaysBefore: reminderDaysBefore.ok ? reminderDaysBefore.value : [],
      reminderDaysAfter: reminderDaysAfter.ok ? reminderDaysAfter.value : [],
    },
  };
}
