import { eq } from "drizzle-orm";
import { formatQuantity, taxRateLabel } from "#app/lib/invoice-math.ts";
import { minorToInput } from "#app/lib/money.ts";
import { mayIssueInvoices, type StaffRole } from "#app/lib/roles.ts";
import {
  type InvoiceFormValues,
  MAX_INVOICE_LINES,
  readInvoiceForm,
  validateInvoiceForm,
} from "#app/schemas/invoice.ts";
import type { InvoiceSettings } from "#app/schemas/invoice-settings.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { quotes } from "#app/server/db/schema.ts";
import type { InvoicePrefill } from "#app/server/invoices/invoice-prefills.server.ts";
import type {
  InvoiceFormData,
  InvoiceLinkView,
  InvoicePartyChoice,
} from "#app/server/invoices/invoice-views.ts";
import { getParty, listPartyContacts } from "#app/server/parties/parties.server.ts";

// The invoice draft form's server side (decision 026), shared by /admin/invoices/new and a draft's page: its
// values from a prefill or a saved draft, the address book to pick the customer from, and reading a post
// (the 'Add line' and 'Remove line' buttons work without JavaScript: the page comes back with the rows changed).

export const INVOICE_INTENTS = {
  save: "save-draft",
  issue: "issue-invoice",
  delete: "delete-draft",
  void: "void-invoice",
  addLine: "add-line",
  removeLine: "remove-line",
  remind: "send-reminder",
} as const;

type Line = InvoiceFormValues["lines"][number];
const emptyLine = (): Line => ({ description: "", quantity: "1", unitPrice: "", tax: "" });

/** A prefill (or a saved draft, in the same shape) as the form's typed values. */
export function prefillValues(
  prefill: Pick<
    InvoicePrefill,
    "party" | "customerName" | "customerCompany" | "customerEmail" | "billingAddress" | "currency" | "lines"
  > & { shipments: { id: string }[] },
  extra: { paymentTermsDays: number; notes: string | null; paymentInstructions: string | null },
): InvoiceFormValues {
  return {
    party: prefill.party ? `${prefill.party.kind}:${prefill.party.id}` : "",
    customerName: prefill.customerName,
    customerCompany: prefill.customerCompany ?? "",
    customerEmail: prefill.customerEmail ?? "",
    billingAddress: prefill.billingAddress ?? "",
    currency: prefill.currency,
    paymentTermsDays: String(extra.paymentTermsDays),
    notes: extra.notes ?? "",
    paymentInstructions: extra.paymentInstructions ?? "",
    lines:
      prefill.lines.length > 0
        ? prefill.lines.map((line) => ({
            description: line.description,
            quantity: formatQuantity(line.quantityMilli),
            unitPrice: minorToInput(line.unitPriceMinor, prefill.currency),
            tax: line.taxName ?? "",
          }))
        : [emptyLine()],
    shipmentIds: prefill.shipments.map((s) => s.id),
  };
}

/** Every shipper and consignee, for the customer picker (with what picking one fills in). */
async function partyChoices(db: Db): Promise<InvoicePartyChoice[]> {
  const [shipperRows, consigneeRows] = await Promise.all([
    listPartyContacts({ db, kind: "shipper" }),
    listPartyContacts({ db, kind: "consignee" }),
  ]);
  const choice =
    (kind: "shipper" | "consignee") =>
    (row: (typeof shipperRows)[number]): InvoicePartyChoice => ({
      value: `${kind}:${row.id}`,
      kind,
      label: row.company ? `${row.name} (${row.company})` : row.name,
      name: row.name,
      company: row.company ?? "",
      email: row.email ?? "",
      address: row.address ?? "",
    });
  return [...shipperRows.map(choice("shipper")), ...consigneeRows.map(choice("consignee"))];
}

/** The accepted quote an invoice comes from, as a link to its request's quote page. */
export async function quoteLink(db: Db, quoteId: string | null): Promise<InvoiceLinkView | null> {
  if (!quoteId) return null;
  const [quote] = await db
    .select({ requestId: quotes.quoteRequestId, version: quotes.version })
    .from(quotes)
    .where(eq(quotes.id, quoteId));
  return quote
    ? { id: `/admin/quote-requests/${quote.requestId}/quote`, label: `Quote, version ${quote.version}` }
    : null;
}

export async function invoiceFormData({
  db,
  settings,
  role,
  kind,
  id,
  values,
  shipments,
  quote,
  creditedInvoice,
}: {
  db: Db;
  settings: InvoiceSettings;
  role: StaffRole;
  kind: InvoiceFormData["kind"];
  id: string | null;
  values: InvoiceFormValues;
  shipments: InvoiceFormData["shipments"];
  quote: InvoiceLinkView | null;
  creditedInvoice: InvoiceLinkView | null;
}): Promise<InvoiceFormData> {
  return {
    kind,
    id,
    values,
    taxRates: settings.taxRates.map((rate) => ({
      name: rate.name,
      label: taxRateLabel(rate),
      basisPoints: rate.basisPoints,
    })),
    parties: await partyChoices(db),
    shipments,
    quote,
    creditedInvoice,
    canIssue: mayIssueInvoices(role),
  };
}

export type ReadDraftPost =
  /** 'Add line' / 'Remove line' without JavaScript: the form again, rows changed, nothing stored. */
  | { kind: "rows"; values: InvoiceFormValues }
  | { kind: "invalid"; values: InvoiceFormValues; errors: Record<string, string> }
  | {
      kind: "valid";
      values: InvoiceFormValues;
      input: Extract<ReturnType<typeof validateInvoiceForm>, { ok: true }>["value"];
    };

/**
 * Reads a posted draft form. A party picked from the address book with the name left empty (no JavaScript to
 * fill it in) takes the party's details for the empty fields.
 */
export async function readDraftPost({
  db,
  formData,
  intent,
  settings,
}: {
  db: Db;
  formData: FormData;
  intent: string;
  settings: InvoiceSettings;
}): Promise<ReadDraftPost> {
  const values = readInvoiceForm(formData);
  if (intent === INVOICE_INTENTS.addLine) {
    const lines = values.lines.length < MAX_INVOICE_LINES ? [...values.lines, emptyLine()] : values.lines;
    return { kind: "rows", values: { ...values, lines } };
  }
  if (intent.startsWith(`${INVOICE_INTENTS.removeLine}:`)) {
    const index = Number(intent.slice(INVOICE_INTENTS.removeLine.length + 1));
    const lines = values.lines.filter((_, i) => i !== index);
    return { kind: "rows", values: { ...values, lines: lines.length > 0 ? lines : [emptyLine()] } };
  }
  const picked = /^(shipper|consignee):(.+)$/.exec(values.party);
  if (picked && values.customerName.trim() === "") {
    const party = await getParty({ db, kind: picked[1] as "shipper", id: picked[2]! });
    if (party) {
      values.customerName = party.name;
      values.customerCompany ||= party.company ?? "";
      values.customerEmail ||= party.email ?? "";
      values.billingAddress ||= party.address ?? "";
    }
  }
  const checked = validateInvoiceForm(values, { taxRates: settings.taxRates });
  if (!checked.ok) return { kind: "invalid", values, errors: checked.errors };
  return { kind: "valid", values, input: checked.value };
}

/** Why a draft was not saved, in a clerk's words. */
export const SAVE_REFUSALS: Record<string, string> = {
  "not-found": "This invoice no longer exists.",
  "not-draft": "This invoice was issued meanwhile: an issued invoice cannot be changed.",
  "unknown-shipment":
    "One of the shipments of this invoice no longer exists. Please start again from the shipment.",
  "credit-too-large":
    "A credit note cannot take back more than is still owed on its invoice: lower the amounts. If it was paid, reverse the payment first, then record it again keeping the rest as the customer's credit.",
  "not-creditable":
    "Only an issued invoice can be credited, in its own currency: this one is a draft, void or a credit note.",
};
