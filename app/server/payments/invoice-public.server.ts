import { and, eq, isNull } from "drizzle-orm";
import { formatMoneyIn } from "#app/lib/i18n/format.ts";
import type { Locale } from "#app/lib/i18n/locale.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { invoiceEvents, invoiceLinks } from "#app/server/db/schema.ts";
import type { DocumentContext } from "#app/server/documents/document-context.server.ts";
import { getInvoiceBalances, invoiceStatusOf } from "#app/server/invoices/invoice-balances.server.ts";
import { invoiceFigures } from "#app/server/invoices/invoice-figures.server.ts";
import { findInvoiceLink, invoicePath } from "#app/server/invoices/invoice-links.server.ts";
import { renderInvoicePdf } from "#app/server/invoices/invoice-pdf.server.ts";
import { CUSTOMER_STATUS_LABELS, type PublicInvoice } from "#app/server/invoices/invoice-views.ts";
import { getInvoice } from "#app/server/invoices/invoices.server.ts";
import { closedReason } from "#app/server/payments/mobile-money/mobile-money.server.ts";

// The customer's invoice, `/invoice/:token` (decision 026): what the page shows, the PDF it offers, and the first
// opening of each link, recorded once in the invoice's history.

export type { PublicInvoice } from "#app/server/invoices/invoice-views.ts";

/**
 * The first opening of a link: its `first_opened_at` and one 'opened' row in the history. Two openings at once
 * record one (the conditional update lets one through); later openings record nothing.
 */
export async function recordInvoiceOpened({
  db,
  linkId,
  now = new Date(),
}: {
  db: Db;
  linkId: string;
  now?: Date;
}) {
  await db.transaction(async (tx) => {
    const [opened] = await tx
      .update(invoiceLinks)
      .set({ firstOpenedAt: now })
      .where(and(eq(invoiceLinks.id, linkId), isNull(invoiceLinks.firstOpenedAt)))
      .returning({ invoiceId: invoiceLinks.invoiceId });
    if (!opened) return;
    await tx
      .insert(invoiceEvents)
      .values({
        invoiceId: opened.invoiceId,
        kind: "opened",
        dedupeKey: `invoice-opened:${linkId}`,
        createdAt: now,
      })
      .onConflictDoNothing({ target: invoiceEvents.dedupeKey });
  });
}

/**
 * An issued or void invoice (or credit note) as its customer reads it: the public page of its link and the
 * account's page show this. Null when there is none with this id.
 */
export async function customerInvoiceView({
  db,
  invoiceId,
  companyName,
  today,
  walletCurrency,
  pdfPath,
  locale = "en",
}: {
  db: Db;
  invoiceId: string;
  companyName: string;
  /** The company's calendar day (overdue is read from it). */
  today: string;
  /** What mobile money charges in; null when it is off. */
  walletCurrency: string | null;
  pdfPath: string;
  /** The page's language: its money is written in it. */
  locale?: Locale;
}): Promise<PublicInvoice | null> {
  const [invoice, balances] = await Promise.all([
    getInvoice({ db, id: invoiceId }),
    getInvoiceBalances({ db, ids: [invoiceId] }),
  ]);
  const balance = balances.get(invoiceId);
  if (!invoice || !balance) return null;
  const money = (minor: number) => formatMoneyIn(locale, minor, invoice.currency);
  const creditNote = invoice.kind === "credit_note";
  const owes = invoice.state === "issued" && !creditNote;
  return {
    company: companyName,
    number: invoice.number ?? "",
    customer: [invoice.customerName, invoice.customerCompany].filter(Boolean).join(", "),
    issueDate: invoice.issueDate ?? "",
    dueDate: creditNote ? "" : (invoice.dueDate ?? ""),
    status:
      creditNote && invoice.state === "issued"
        ? "Credit note"
        : CUSTOMER_STATUS_LABELS[invoiceStatusOf(invoice, balance, today)],
    creditNote,
    ...invoiceFigures(invoice, locale),
    // As the PDF prints it: a credit note is never paid, and an invoice with nothing received has no such row.
    paid: !creditNote && balance.paidMinor > 0 ? money(balance.paidMinor) : null,
    balanceDue: owes ? money(balance.balanceMinor) : null,
    paymentInstructions: owes ? invoice.paymentInstructions : null,
    pdfPath,
    mobileMoney:
      !creditNote &&
      closedReason(
        { state: invoice.state, currency: invoice.currency, balanceMinor: balance.balanceMinor },
        walletCurrency,
      ) === null,
  };
}

/** The invoice a token opens, as its page shows it (its first opening recorded); null for a wrong token. */
export async function openPublicInvoice({
  db,
  token,
  companyName,
  today,
  walletCurrency,
  now = new Date(),
  locale = "en",
}: {
  db: Db;
  token: string;
  companyName: string;
  /** The company's calendar day (overdue is read from it). */
  today: string;
  /** What mobile money charges in; null when it is off. */
  walletCurrency: string | null;
  now?: Date;
  /** The page's language: its money and its PDF's address (the French PDF at a French address). */
  locale?: Locale;
}): Promise<PublicInvoice | null> {
  const link = await findInvoiceLink({ db, token, now });
  if (!link) return null;
  const view = await customerInvoiceView({
    db,
    invoiceId: link.invoiceId,
    companyName,
    today,
    walletCurrency,
    pdfPath: localizePath(`${invoicePath(token)}/invoice.pdf`, locale),
    locale,
  });
  if (!view) return null;
  if (!link.firstOpenedAt) await recordInvoiceOpened({ db, linkId: link.linkId, now });
  return view;
}

/** The PDF of the invoice a token opens, with the QR code of that same page; null for a wrong token. */
export async function renderPublicInvoicePdf({
  db,
  token,
  context,
}: {
  db: Db;
  token: string;
  context: DocumentContext;
}): Promise<{ pdf: Buffer; filename: string } | null> {
  const link = await findInvoiceLink({ db, token, now: context.now });
  if (!link) return null;
  return renderInvoicePdf({
    db,
    id: link.invoiceId,
    context,
    // The QR code opens the page in the PDF's own language (/fr/facture/… for the French copy).
    link: `${context.siteUrl}${localizePath(invoicePath(token), context.locale ?? "en")}`,
  });
}
