import { localizePath } from "#app/lib/i18n/paths.ts";
import type { InvoiceSettings } from "#app/schemas/invoice-settings.ts";
import type { DbOrTx } from "#app/server/db/client.server.ts";
import { isUuid } from "#app/server/db/text-search.server.ts";
import type { DocumentContext } from "#app/server/documents/document-context.server.ts";
import { partyLanguage } from "#app/server/documents/document-language.server.ts";
import type { InvoiceDocument } from "#app/server/documents/invoice-document.server.ts";
import { getInvoiceBalances } from "#app/server/invoices/invoice-balances.server.ts";
import { invoicePath, printedInvoiceLink } from "#app/server/invoices/invoice-links.server.ts";
import { getInvoice, type InvoiceWithParts } from "#app/server/invoices/invoices.server.ts";
import { getInvoiceSettings } from "#app/server/settings/invoice-settings.server.ts";

// The PDF of an invoice or a credit note (decision 026): what is printed, from the invoice with its parts and the
// invoice settings, and the rendering, whose PDF code loads at the first document (not with the app).

/**
 * What the PDF prints: only what the customer may see (never who issued or voided it, nor why it was voided).
 * The payment instructions are the invoice's own; a draft without any shows the settings' of today.
 */
export function invoiceDocument({
  invoice,
  settings,
  paidMinor,
  link = null,
}: {
  invoice: InvoiceWithParts;
  settings: Pick<InvoiceSettings, "paymentInstructions">;
  /** What received payments took off it. */
  paidMinor: number;
  /** The customer's page of it, when this copy goes with a link (the e-mailed one): its QR code is printed. */
  link?: string | null;
}): InvoiceDocument {
  return {
    kind: invoice.kind,
    state: invoice.state,
    number: invoice.number,
    currency: invoice.currency,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    paymentTermsDays: invoice.paymentTermsDays,
    voidedAt: invoice.voidedAt,
    customer: {
      name: invoice.customerName,
      company: invoice.customerCompany,
      email: invoice.customerEmail,
      phone: null,
      address: invoice.billingAddress,
    },
    shipments: invoice.shipments.map((shipment) => shipment.trackingNumber),
    creditedNumber: invoice.creditedInvoice?.number ?? null,
    lines: invoice.lines.map((line) => ({
      description: line.description,
      quantityMilli: line.quantityMilli,
      unitPriceMinor: line.unitPriceMinor,
      taxName: line.taxName,
      taxBasisPoints: line.taxBasisPoints,
      amountMinor: line.amountMinor,
      taxMinor: line.taxMinor,
    })),
    subtotalMinor: invoice.subtotalMinor,
    totalMinor: invoice.totalMinor,
    credits: invoice.creditNotes
      .filter((credit) => credit.state === "issued" && credit.number !== null)
      .map((credit) => ({ number: credit.number!, totalMinor: credit.totalMinor })),
    paidMinor,
    notes: invoice.notes,
    // Issued: what it was issued with (issueInvoice keeps the settings' then). A draft, not yet sent to anyone,
    // shows what issuing it today would print.
    paymentInstructions:
      invoice.state === "draft"
        ? invoice.paymentInstructions?.trim() || settings.paymentInstructions || null
        : invoice.paymentInstructions,
    link,
  };
}

/**
 * The PDF's file name: 'Invoice-INV-2026-0001.pdf', 'Credit-note-CN-2026-0001.pdf', a draft's
 * 'Invoice-draft-3f2a9c1b.pdf' (the first 8 characters of its id). A number's '/' (a pattern may use it) is
 * written '-'.
 */
export function invoiceFilename(invoice: Pick<InvoiceWithParts, "id" | "kind" | "number">): string {
  const prefix = invoice.kind === "credit_note" ? "Credit-note" : "Invoice";
  const number = invoice.number ? invoice.number.replace(/[^A-Za-z0-9._-]+/g, "-") : null;
  return number ? `${prefix}-${number}.pdf` : `${prefix}-draft-${invoice.id.slice(0, 8)}.pdf`;
}

/**
 * The PDF of an invoice or a credit note and its file name; null when there is none with this id. With `link`
 * (the customer's page, as the e-mailed copy has it) it prints that page's QR code and address. In the
 * context's language when it names one (a customer's copy: the address's), else in the billed party's (a staff
 * copy, an e-mailed one); only the words around its contents change.
 */
export async function renderInvoicePdf({
  db,
  id,
  context,
  link = null,
}: {
  db: DbOrTx;
  id: string;
  context: DocumentContext;
  link?: string | null;
}): Promise<{ pdf: Buffer; filename: string } | null> {
  // Not an id at all: no invoice (the balances' query would fail on it).
  if (!isUuid(id)) return null;
  const [invoice, settings, balances] = await Promise.all([
    getInvoice({ db, id }),
    getInvoiceSettings({ db }),
    getInvoiceBalances({ db, ids: [id] }),
  ]);
  if (!invoice) return null;
  const paidMinor = balances.get(id)?.paidMinor ?? 0;
  const locale =
    context.locale ?? (await partyLanguage(db, { kind: invoice.partyKind, id: invoice.partyId }));
  const { renderInvoice } = await import("#app/server/documents/invoice-document.server.ts");
  const pdf = await renderInvoice({
    invoice: invoiceDocument({ invoice, settings, paidMinor, link }),
    context: { ...context, locale },
  });
  return { pdf, filename: invoiceFilename(invoice) };
}

/**
 * The PDF staff download: an issued invoice with something owed carries the customer's link and its QR code, as
 * the customer's copy does (printedInvoiceLink: the same link every time), in the PDF's language; a draft, a
 * void or paid invoice and a credit note have none. Null when there is no document with this id.
 */
export async function renderStaffInvoicePdf({
  db,
  id,
  context,
  staffId,
}: {
  db: DbOrTx;
  id: string;
  context: DocumentContext;
  staffId: string;
}): Promise<{ pdf: Buffer; filename: string } | null> {
  if (!isUuid(id)) return null;
  const [invoice, balances] = await Promise.all([
    getInvoice({ db, id }),
    getInvoiceBalances({ db, ids: [id] }),
  ]);
  if (!invoice) return null;
  const payable =
    invoice.kind === "invoice" && invoice.state === "issued" && (balances.get(id)?.balanceMinor ?? 0) > 0;
  if (!payable) return renderInvoicePdf({ db, id, context });
  const locale =
    context.locale ?? (await partyLanguage(db, { kind: invoice.partyKind, id: invoice.partyId }));
  const token = await printedInvoiceLink({ db, invoiceId: id, staffId });
  const link = `${context.siteUrl.replace(/\/+$/, "")}${localizePath(invoicePath(token), locale)}`;
  return renderInvoicePdf({ db, id, context: { ...context, locale }, link });
}
