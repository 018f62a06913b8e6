import { defaultSiteSettings } from "#app/content/company.ts";
import { companyToday } from "#app/lib/time-zone.ts";
import { type InvoiceFormValues, validateInvoiceForm } from "#app/schemas/invoice.ts";
import { DEFAULT_INVOICE_SETTINGS } from "#app/schemas/invoice-settings.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { shippers } from "#app/server/db/schema.ts";
import { issueInvoice, saveInvoiceDraft } from "#app/server/invoices/invoices.server.ts";
import { type PaymentInput, recordPayment } from "#app/server/payments/payments.server.ts";

// Tests' fixture: a customer in the address book and invoices issued to them through the same functions as the
// pages (payments, receivables, statements and reminders start from them).

let counter = 0;

/** A shipper of the address book to bill; `noReminders` as the party form sets it. */
export async function billedCustomer(db: Db, { name = "Mensah Trading", noReminders = false } = {}) {
  counter += 1;
  const [row] = await db
    .insert(shippers)
    .values({
      name: `Ama Mensah ${counter}`,
      company: name,
      email: `ama${counter}@example.com`,
      address: "12 Broad Street\nMonrovia",
      noReminders,
    })
    .returning();
  return { kind: "shipper" as const, id: row!.id, name: row!.name, email: row!.email! };
}

/** The invoice form as a clerk fills it for `customer`: one line of `amount`. */
export function invoiceFormValues({
  customer,
  amount,
  currency = "USD",
  termsDays = 30,
  description = "Sea freight",
}: {
  customer: { kind: "shipper" | "consignee"; id: string; name: string; email: string };
  amount: string;
  currency?: string;
  termsDays?: number;
  description?: string;
}): InvoiceFormValues {
  return {
    party: `${customer.kind}:${customer.id}`,
    customerName: customer.name,
    customerCompany: "",
    customerEmail: customer.email,
    billingAddress: "12 Broad Street\nMonrovia",
    currency,
    paymentTermsDays: String(termsDays),
    notes: "",
    paymentInstructions: "",
    lines: [{ description, quantity: "1", unitPrice: amount, tax: "" }],
    shipmentIds: [],
  };
}

/**
 * Issues an invoice of one line (`amount`, like '100.00', in `currency`) to `customer`, on `today` (by default the
 * company's real today, as the invoice page reads overdue from it: a fixed date would turn every default invoice
 * overdue once the calendar passes its due date); its number and id.
 */
export async function issuedInvoice({
  db,
  staffId,
  customer,
  amount = "100.00",
  currency = "USD",
  today = companyToday(defaultSiteSettings.timeZone),
  termsDays = 30,
  paymentInstructions = "",
}: {
  db: Db;
  staffId: string;
  customer: { kind: "shipper" | "consignee"; id: string; name: string; email: string };
  amount?: string;
  currency?: string;
  today?: string;
  termsDays?: number;
  /** 'How to pay' as the form takes it. */
  paymentInstructions?: string;
}) {
  const values = { ...invoiceFormValues({ customer, amount, currency, termsDays }), paymentInstructions };
  const checked = validateInvoiceForm(values, { taxRates: [] });
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  const saved = await saveInvoiceDraft({ db, id: null, input: checked.value, staffId });
  if (!saved.ok) throw new Error(saved.reason);
  const issued = await issueInvoice({ db, id: saved.id, staffId, today, settings: DEFAULT_INVOICE_SETTINGS });
  if (!issued.ok) throw new Error(issued.reason);
  return { id: saved.id, number: issued.number };
}

/** A credit note of one line (`amount`) against the issued invoice `invoiceId`, issued on `today`; its number. */
export async function issuedCreditNote({
  db,
  staffId,
  customer,
  invoiceId,
  amount,
  today,
}: {
  db: Db;
  staffId: string;
  customer: { kind: "shipper" | "consignee"; id: string; name: string; email: string };
  invoiceId: string;
  amount: string;
  today: string;
}) {
  const values = invoiceFormValues({ customer, amount, termsDays: 0, description: "Handling charged twice" });
  const checked = validateInvoiceForm(values, { taxRates: [] });
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  const saved = await saveInvoiceDraft({
    db,
    id: null,
    input: checked.value,
    staffId,
    creditedInvoiceId: invoiceId,
  });
  if (!saved.ok) throw new Error(saved.reason);
  const issued = await issueInvoice({ db, id: saved.id, staffId, today, settings: DEFAULT_INVOICE_SETTINGS });
  if (!issued.ok) throw new Error(issued.reason);
  return issued.number;
}

/**
 * Records a payment from `customer` (cash in US dollars on `receivedOn` unless `overrides` say otherwise) through
 * recordPayment, as the payment form does; throws when it is refused.
 */
export async function paidBy({
  db,
  staffId,
  customer,
  overrides,
}: {
  db: Db;
  staffId: string;
  customer: { kind: "shipper" | "consignee"; id: string; name: string };
  overrides: Partial<PaymentInput> & Pick<PaymentInput, "receivedOn" | "amountMinor">;
}) {
  const result = await recordPayment({
    db,
    input: {
      party: { kind: customer.kind, id: customer.id },
      customerName: customer.name,
      method: "cash",
      reference: null,
      note: null,
      currency: "USD",
      settledCurrency: "USD",
      rateMicro: null,
      allocations: [],
      overpayment: false,
      submissionKey: null,
      ...overrides,
    },
    staffId,
    today: overrides.receivedOn,
  });
  if (!result.ok) throw new Error(result.reason);
  return result;
}
