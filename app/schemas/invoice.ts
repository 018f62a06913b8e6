// The invoice and credit-note draft form (decision 015): read and checked on the server, messages beside
// the fields. Lines come as repeated `lineDescription` / `lineQuantity` / `lineUnitPrice` / `lineTax` fields (the
// tax is a rate's name from the settings, or empty for none); a row left wholly empty is no line.
import { CURRENCIES, type Currency } from "#app/lib/freight-terms.ts";
import {
  computeLine,
  computeTotals,
  type LineAmounts,
  parseQuantity,
  type Totals,
} from "#app/lib/invoice-math.ts";
import { parseAmount } from "#app/lib/money.ts";
import type { TaxRate } from "#app/schemas/invoice-settings.ts";
import { MAX_PAYMENT_TERMS_DAYS } from "#app/schemas/invoice-settings.ts";
import {
  CONTROL_CHARACTER,
  CONTROL_CHARACTER_EXCEPT_LINES,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
} from "#app/schemas/rules/form-rules.ts";

export const MAX_INVOICE_LINES = 50;
export const MAX_INVOICE_SHIPMENTS = 50;
export const INVOICE_TEXT_LIMITS = {
  description: 200,
  customerName: 120,
  customerCompany: 120,
  billingAddress: 500,
  notes: 2000,
  paymentInstructions: 1000,
} as const;

export type InvoiceLineInput = {
  description: string;
  quantityMilli: number;
  unitPriceMinor: number;
  taxName: string | null;
  taxBasisPoints: number | null;
} & LineAmounts;

export type InvoiceInput = {
  party: { kind: "shipper" | "consignee"; id: string } | null;
  customerName: string;
  customerCompany: string | null;
  customerEmail: string | null;
  billingAddress: string | null;
  currency: Currency;
  paymentTermsDays: number;
  notes: string | null;
  paymentInstructions: string | null;
  lines: InvoiceLineInput[];
  shipmentIds: string[];
  totals: Totals;
};

/** The form's values as typed (echoed back after an error). */
export type InvoiceFormValues = {
  party: string;
  customerName: string;
  customerCompany: string;
  customerEmail: string;
  billingAddress: string;
  currency: string;
  paymentTermsDays: string;
  notes: string;
  paymentInstructions: string;
  lines: { description: string; quantity: string; unitPrice: string; tax: string }[];
  shipmentIds: string[];
};

/** Field → message; lines are `lines.0.quantity` and so on; the list itself is `lines`; `form` the whole form. */
export type InvoiceFormErrors = Record<string, string>;

const text = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
};
const all = (formData: FormData, name: string) =>
  formData.getAll(name).map((value) => (typeof value === "string" ? value : ""));

export function readInvoiceForm(formData: FormData): InvoiceFormValues {
  const descriptions = all(formData, "lineDescription");
  const quantities = all(formData, "lineQuantity");
  const prices = all(formData, "lineUnitPrice");
  const taxes = all(formData, "lineTax");
  const count = Math.min(
    Math.max(descriptions.length, quantities.length, prices.length, taxes.length),
    MAX_INVOICE_LINES + 5,
  );
  return {
    party: text(formData, "party").trim(),
    customerName: text(formData, "customerName"),
    customerCompany: text(formData, "customerCompany"),
    customerEmail: text(formData, "customerEmail").trim(),
    billingAddress: text(formData, "billingAddress"),
    currency: text(formData, "currency").trim(),
    paymentTermsDays: text(formData, "paymentTermsDays").trim(),
    notes: text(formData, "notes"),
    paymentInstructions: text(formData, "paymentInstructions"),
    lines: Array.from({ length: count }, (_, i) => ({
      description: descriptions[i] ?? "",
      quantity: quantities[i] ?? "",
      unitPrice: prices[i] ?? "",
      tax: taxes[i] ?? "",
    })),
    shipmentIds: all(formData, "shipmentId").slice(0, MAX_INVOICE_SHIPMENTS + 5),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PARTY = /^(shipper|consignee):([0-9a-f-]{36})$/i;

const optional = (value: string) => {
  const trimmed = value.trim().replace(/\r\n?/g, "\n");
  return trimmed === "" ? null : trimmed;
};

/**
 * Checks the form: a customer's name, a known currency, payment terms in days, at least one line (each with a
 * description, a quantity above zero, a unit price in the currency's minor digits and a tax rate of the
 * settings or none), texts within their limits and without control characters. Totals are computed here, on
 * the server, never taken from the browser.
 */
export function validateInvoiceForm(
  values: InvoiceFormValues,
  { taxRates }: { taxRates: readonly TaxRate[] },
): { ok: true; value: InvoiceInput } | { ok: false; errors: InvoiceFormErrors } {
  const errors: InvoiceFormErrors = {};
  const currency = (CURRENCIES as readonly string[]).includes(values.currency)
    ? (values.currency as Currency)
    : null;
  if (!currency) errors.currency = "Choose a currency";

  let party: InvoiceInput["party"] = null;
  if (values.party !== "") {
    const match = PARTY.exec(values.party);
    if (match && UUID.test(match[2]!)) party = { kind: match[1]!.toLowerCase() as "shipper", id: match[2]! };
    else errors.party = "Choose the customer from the address book again";
  }
  const single: [keyof typeof INVOICE_TEXT_LIMITS, string, boolean][] = [
    ["customerName", values.customerName, true],
    ["customerCompany", values.customerCompany, true],
    ["billingAddress", values.billingAddress, false],
    ["notes", values.notes, false],
    ["paymentInstructions", values.paymentInstructions, false],
  ];
  for (const [name, value, oneLine] of single) {
    if (value.trim().length > INVOICE_TEXT_LIMITS[name])
      errors[name] = `At most ${INVOICE_TEXT_LIMITS[name]} characters`;
    else if ((oneLine ? CONTROL_CHARACTER : CONTROL_CHARACTER_EXCEPT_LINES).test(value))
      errors[name] = "Contains characters that are not allowed";
  }
  if (!errors.customerName && values.customerName.trim() === "")
    errors.customerName = "Enter the customer's name";
  if (
    values.customerEmail !== "" &&
    (values.customerEmail.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(values.customerEmail))
  )
    errors.customerEmail = "Enter a valid e-mail address, or leave it empty";
  const days = /^\d{1,3}$/.test(values.paymentTermsDays) ? Number(values.paymentTermsDays) : Number.NaN;
  if (!(days >= 0 && days <= MAX_PAYMENT_TERMS_DAYS))
    errors.paymentTermsDays = `Enter a number of days from 0 to ${MAX_PAYMENT_TERMS_DAYS}`;

  const lines: InvoiceLineInput[] = [];
  values.lines.forEach((line, index) => {
    const description = line.description.trim();
    if ([description, line.quantity.trim(), line.unitPrice.trim(), line.tax.trim()].every((v) => v === ""))
      return;
    const at = (field: string) => `lines.${index}.${field}`;
    if (description === "") errors[at("description")] = "Enter a description";
    else if (description.length > INVOICE_TEXT_LIMITS.description)
      errors[at("description")] = `At most ${INVOICE_TEXT_LIMITS.description} characters`;
    else if (CONTROL_CHARACTER.test(description))
      errors[at("description")] = "Contains characters that are not allowed";
    const quantity = parseQuantity(line.quantity);
    if (!quantity.ok) errors[at("quantity")] = quantity.message;
    const price = parseAmount(line.unitPrice, currency ?? "USD");
    if (!price.ok) errors[at("unitPrice")] = price.message;
    const taxName = line.tax.trim();
    const rate = taxName === "" ? null : taxRates.find((r) => r.name === taxName);
    if (rate === undefined) errors[at("tax")] = "Choose a tax rate from the settings, or none";
    if (!quantity.ok || !price.ok || rate === undefined || errors[at("description")]) return;
    const input = {
      quantityMilli: quantity.value,
      unitPriceMinor: price.minor,
      taxBasisPoints: rate?.basisPoints ?? null,
    };
    const amounts = computeLine(input);
    if (!amounts) {
      errors[at("unitPrice")] = "This line comes to more than an invoice can hold";
      return;
    }
    lines.push({ description, ...input, taxName: rate?.name ?? null, ...amounts });
  });
  const filled = values.lines.filter((l) =>
    [l.description, l.quantity, l.unitPrice, l.tax].some((v) => v.trim() !== ""),
  ).length;
  if (filled === 0) errors.lines = "An invoice needs at least one line";
  else if (filled > MAX_INVOICE_LINES)
    errors.lines = `An invoice can have at most ${MAX_INVOICE_LINES} lines`;

  const shipmentIds = [...new Set(values.shipmentIds.map((id) => id.trim()).filter((id) => id !== ""))];
  if (shipmentIds.some((id) => !UUID.test(id)) || shipmentIds.length > MAX_INVOICE_SHIPMENTS)
    errors.form = "The shipments of this invoice could not be read. Please start again from the shipment.";

  const totals = computeTotals(lines);
  if (!totals && !errors.lines) errors.lines = "The lines come to more than an invoice can hold";
  if (Object.keys(errors).length > 0 || !currency || !totals) return { ok: false, errors };
  return {
    ok: true,
    value: {
      party,
      customerName: values.customerName.trim(),
      customerCompany: optional(values.customerCompany),
      customerEmail: optional(values.customerEmail),
      billingAddress: optional(values.billingAddress),
      currency,
      paymentTermsDays: days,
      notes: optional(values.notes),
      paymentInstructions: optional(values.paymentInstructions),
      lines,
      shipmentIds,
      totals,
    },
  };
}
