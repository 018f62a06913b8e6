import {
  type DocumentContext,
  type DocumentParty,
  printedDate,
} from "#app/server/documents/document-context.server.ts";
import {
  A4_MARGIN,
  cell,
  frame,
  letterhead,
  partyBox,
  rule,
  watermark,
} from "#app/server/documents/document-parts.server.ts";
import { documentWords } from "#app/server/documents/document-words.server.ts";
import {
  caption,
  createPdf,
  finishPdf,
  fitLine,
  flowText,
  PAGE_SIZES,
} from "#app/server/documents/pdf-document.server.ts";

// A payment's receipt as the customer receives it (decision 026), A4, one page: the letterhead with the receipt
// number and the day it was received, who paid, how, what was handed over (and at what rate, in another
// currency), each invoice it settled and what it took off, and what is left as the customer's credit. A
// reversed payment prints 'REVERSED' across the page, with the reason.

export type ReceiptDocument = {
  number: string;
  /** YYYY-MM-DD. */
  receivedOn: string;
  customer: DocumentParty;
  method: string;
  reference: string | null;
  currency: string;
  amountMinor: number;
  settledCurrency: string;
  settledMinor: number;
  /** '1 USD = 190.5 LRD', in another currency. */
  rate: string | null;
  allocations: { number: string; amountMinor: number }[];
  unappliedMinor: number;
  reversal: { at: Date; reason: string } | null;
};

/** At most this many settled invoices are listed one per row; the rest are summed in one row. */
const MAX_ROWS = 30;

export async function renderReceipt({
  receipt,
  context,
}: {
  receipt: ReceiptDocument;
  context: DocumentContext;
}): Promise<Buffer> {
  const w = documentWords(context);
  const { t } = w;
  const receiptName = t("Receipt {number}", { number: receipt.number });
  const doc = createPdf({ title: receiptName, author: context.company.companyName });
  doc.addPage({ size: [...PAGE_SIZES.a4], margin: 0 });
  const x = A4_MARGIN;
  const width = doc.page.width - 2 * A4_MARGIN;
  const dated = { ...context, now: new Date(`${receipt.receivedOn}T12:00:00Z`), timeZone: "UTC" };
  let y = letterhead(doc, dated, {
    title: receipt.reversal ? t("RECEIPT (REVERSED)") : t("RECEIPT"),
    subtitle: t("Payment received with thanks"),
    number: receipt.number,
  });
  const half = (width - 10) / 2;
  partyBox(doc, t("Received from"), receipt.customer, x, y, half, 96, w.locale);
  const rx = x + half + 10;
  const q = half / 2;
  const receivedOn = printedDate(new Date(`${receipt.receivedOn}T12:00:00Z`), "UTC", w.locale);
  cell(doc, t("Received on"), receivedOn, rx, y, q, 32);
  // The method is one of the app's own words ('Bank transfer').
  cell(doc, t("Method"), w.word(receipt.method), rx + q, y, q, 32);
  cell(doc, t("Amount received"), w.money(receipt.amountMinor, receipt.currency), rx, y + 32, half, 32);
  cell(
    doc,
    receipt.rate ? t("Worth, at {rate}", { rate: receipt.rate }) : t("Reference"),
    receipt.rate ? w.money(receipt.settledMinor, receipt.settledCurrency) : (receipt.reference ?? ""),
    rx,
    y + 64,
    half,
    32,
  );
  y += 104;
  if (receipt.rate && receipt.reference) {
    cell(doc, t("Reference"), receipt.reference, x, y, width, 32);
    y += 40;
  }

  caption(doc, t("Applied to"), x, y, width);
  y += 14;
  const money = (minor: number) => w.money(minor, receipt.settledCurrency);
  const listed = receipt.allocations.slice(0, MAX_ROWS);
  const rest = receipt.allocations.slice(MAX_ROWS);
  const rows: [string, string][] = listed.map((a) => [
    t("Invoice {number}", { number: a.number }),
    money(a.amountMinor),
  ]);
  if (rest.length > 0)
    rows.push([
      t("{count} more invoices", { count: rest.length }),
      money(rest.reduce((sum, a) => sum + a.amountMinor, 0)),
    ]);
  if (receipt.unappliedMinor > 0)
    rows.push([t("Kept as your credit, for a later invoice"), money(receipt.unappliedMinor)]);
  if (rows.length === 0) rows.push([t("Nothing yet"), ""]);
  for (const [label, amount] of rows) {
    fitLine(doc, label, x, y, width - 150, { size: 9.5, minSize: 7 });
    fitLine(doc, amount, x + width - 145, y, 145, { size: 9.5, minSize: 7, align: "right" });
    y += 15;
  }
  rule(doc, x, y, width);
  y += 6;
  fitLine(doc, t("Total"), x, y, width - 150, { size: 11, bold: true });
  fitLine(doc, money(receipt.settledMinor), x + width - 145, y, 145, {
    size: 11,
    bold: true,
    align: "right",
  });
  y += 24;

  if (receipt.reversal) {
    const text = t(
      "Reversed on {date}: {reason}. This payment no longer counts; what it settled is owed again.",
      { date: printedDate(receipt.reversal.at, context.timeZone, w.locale), reason: receipt.reversal.reason },
    );
    frame(doc, x, y, width, 48);
    caption(doc, t("Reversed"), x + 5, y + 4, width - 10);
    flowText(doc, text, x + 5, y + 15, width - 10, 30, { size: 9 });
    watermark(doc, t("REVERSED"));
  }
  const footY = doc.page.height - A4_MARGIN - 8;
  fitLine(doc, receiptName, x, footY, width, { size: 7.5 });
  return finishPdf(doc);
}
