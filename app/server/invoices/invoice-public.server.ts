import { and, eq, isNull } from "drizzle-orm";
import { formatMoney } from "#app/lib/money.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { invoiceEvents, invoiceLinks } from "#app/server/db/schema.ts";
import type { DocumentContext } from "#app/server/documents/document-context.server.ts";
import { invoiceFigures } from "#app/server/invoices/invoice-figures.server.ts";
import { findInvoiceLink, invoicePath } from "#app/server/invoices/invoice-links.server.ts";
import { renderInvoicePdf } from "#app/server/invoices/invoice-pdf.server.ts";
import { getInvoice } from "#app/server/invoices/invoices.server.ts";
import { getInvoiceBalances, invoiceStatusOf } from "#app/server/payments/balances.server.ts";
import { closedReason } from "#app/server/payments/mobile-money/pay-page.server.ts";

// The customer's invoice, `/invoice/:token` (issue 28): what the page shows, the PDF it offers, and the first
// opening of each link, recorded once in the invoice's history.

/** What the customer reads as the invoice's status. */
const STATUS_LABELS = {
  issued: "Awaiting payment",
  partly_paid: "Partly paid",
  paid: "Paid",
  overdue: "Overdue",
  void: "Void",
  draft: "Draft",
} as const;

export type PublicInvoice = {
  company: string;
  number: string;
  customer: string;
  issueDate: string;
  dueDate: string;
  status: (typeof STATUS_LABELS)[keyof typeof STATUS_LABELS];
  lines: { description: string; quantity: string; unitPrice: string; tax: string; amount: string }[];
  subtotal: string;
  taxes: { label: string; amount: string }[];
  total: string;
  /** 'Less credit note CN-…' lines of the issued credit notes. */
  credits: { label: string; amount: string }[];
  paid: string;
  /** Null for a void invoice: nothing is owed. */
  balanceDue: string | null;
  paymentInstructions: string | null;
  pdfPath: string;
  /** Whether 'Pay by mobile money' is offered: something is due, mobile money is on, in this currency. */
  mobileMoney: boolean;
};

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

/** The invoice a token opens, as its page shows it (its first opening recorded); null for a wrong token. */
export async function openPublicInvoice({
  db,
  token,
  companyName,
  today,
  walletCurrency,
  now = new Date(),
}: {
  db: Db;
  token: string;
  companyName: string;
  /** The company's calendar day (overdue is read from it). */
  today: string;
  /** What mobile money charges in; null when it is off. */
  walletCurrency: string | null;
  now?: Date;
}): Promise<PublicInvoice | null> {
  const link = await findInvoiceLink({ db, token, now });
  if (!link) return null;
  const [invoice, balances] = await Promise.all([
    getInvoice({ db, id: link.invoiceId }),
    getInvoiceBalances({ db, ids: [link.invoiceId] }),
  ]);
  const balance = balances.get(link.invoiceId);
  if (!invoice || !balance) return null;
  if (!link.firstOpenedAt) await recordInvoiceOpened({ db, linkId: link.linkId, now });
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  const owes = invoice.state === "issued";
  return {
    company: companyName,
    number: invoice.number ?? "",
    customer: [invoice.customerName, invoice.customerCompany].filter(Boolean).join(", "),
    issueDate: invoice.issueDate ?? "",
    dueDate: invoice.dueDate ?? "",
    status: STATUS_LABELS[invoiceStatusOf(invoice, balance, today)],
    ...invoiceFigures(invoice),
    paid: money(balance.paidMinor),
    balanceDue: owes ? money(balance.balanceMinor) : null,
    paymentInstructions: owes ? invoice.paymentInstructions : null,
    pdfPath: `${invoicePath(token)}/invoice.pdf`,
    mobileMoney:
      closedReason(
        { state: invoice.state, currency: invoice.currency, balanceMinor: balance.balanceMinor },
        walletCurrency,
      ) === null,
  };
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
    link: `${context.siteUrl}${invoicePath(token)}`,
  });
}
