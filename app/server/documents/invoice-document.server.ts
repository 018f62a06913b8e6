import type { Translate } from "#app/lib/i18n/translate.ts";
import { balanceDueMinor, taxSummary } from "#app/lib/invoice-math.ts";
import { drawQr } from "#app/server/documents/barcodes.server.ts";
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
  pageFooters,
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
  type Pdf,
  textHeight,
} from "#app/server/documents/pdf-document.server.ts";

// An invoice or a credit note as the customer receives it (decision 026), A4: the letterhead, the customer's
// billing address, dates and terms, the shipments it bills, the lines (description wrapped, quantity, unit
// price, tax, amount), the subtotal, one line per tax rate, the total and the balance due, notes and payment
// instructions. Lines flow onto further pages, each with the table's header again; every page carries the
// document's number and 'Page n of m'. With a link (the e-mailed copy) its QR code and address close it. A draft has no number and prints 'DRAFT' across every page; a void
// document keeps its number and prints 'VOID'.

export type InvoiceDocumentLine = {
  description: string;
  quantityMilli: number;
  unitPriceMinor: number;
  taxName: string | null;
  /** Hundredths of a percent (12 % is 1200). */
  taxBasisPoints: number | null;
  amountMinor: number;
  taxMinor: number;
};

export type InvoiceDocument = {
  kind: "invoice" | "credit_note";
  state: "draft" | "issued" | "void";
  /** Null for a draft. */
  number: string | null;
  currency: string;
  /** YYYY-MM-DD, once issued. */
  issueDate: string | null;
  dueDate: string | null;
  paymentTermsDays: number;
  voidedAt: Date | null;
  customer: DocumentParty;
  /** The tracking numbers of the shipments it bills. */
  shipments: string[];
  /** A credit note's invoice. */
  creditedNumber: string | null;
  lines: InvoiceDocumentLine[];
  subtotalMinor: number;
  totalMinor: number;
  /** An invoice's issued credit notes: what they take off the balance. */
  credits: { number: string; totalMinor: number }[];
  /** What received payments took off it (app/server/payments/). */
  paidMinor: number;
  notes: string | null;
  paymentInstructions: string | null;
  /** The customer's page of it (`/invoice/:token`), printed with its QR code; null for a copy without a link. */
  link: string | null;
};

type Words = ReturnType<typeof documentWords>;

/** 'Invoice INV-2026-0001', 'Credit note (draft)': the document's name as its pages and the PDF's title say it. */
export const invoiceName = (invoice: Pick<InvoiceDocument, "kind" | "number">, t: Translate) => {
  const number = invoice.number ?? t("(draft)");
  return invoice.kind === "credit_note"
    ? t("Credit note {number}", { number })
    : t("Invoice {number}", { number });
};

/** What is still to be paid: the total less the issued credit notes and the payments received. */
const balanceDue = (invoice: Pick<InvoiceDocument, "totalMinor" | "credits" | "paidMinor">) =>
  Math.max(0, balanceDueMinor(invoice.totalMinor, invoice.credits) - invoice.paidMinor);

const day = (date: string, w: Words) => printedDate(new Date(`${date}T12:00:00Z`), "UTC", w.locale);

const BOTTOM = PAGE_SIZES.a4[1] - A4_MARGIN - 18;
const GAP = 8;
const ROW_PAD = 4;
const SIZE = 9;
/** A description longer than this many lines is cut with '…' (200 characters take at most 6). */
const MAX_DESCRIPTION_HEIGHT = 8 * 11.5;

type Columns = { x: number; width: number; description: number; qty: number; price: number; tax: number };

function columns(x: number, width: number): Columns {
  const qty = 48;
  const price = 82;
  const tax = 72;
  const amount = 92;
  return { x, width, qty, price, tax, description: width - qty - price - tax - amount - 4 * GAP };
}

/** The x and width of each column after the description, left to right. */
function cells(c: Columns) {
  const qtyX = c.x + c.description + GAP;
  const priceX = qtyX + c.qty + GAP;
  const taxX = priceX + c.price + GAP;
  const amountX = taxX + c.tax + GAP;
  return { qtyX, priceX, taxX, amountX, amount: c.x + c.width - amountX };
}

function tableHeader(doc: Pdf, c: Columns, currency: string, y: number, { t }: Words) {
  const { qtyX, priceX, taxX, amountX, amount } = cells(c);
  caption(doc, t("Description"), c.x, y, c.description);
  caption(doc, t("Quantity"), qtyX, y, c.qty, 6.5, "right");
  caption(doc, t("Unit price ({currency})", { currency }), priceX, y, c.price, 6.5, "right");
  caption(doc, t("Tax"), taxX, y, c.tax);
  caption(doc, t("Amount ({currency})", { currency }), amountX, y, amount, 6.5, "right");
  rule(doc, c.x, y + 10, c.width);
  return y + 14;
}

function lineRow(
  doc: Pdf,
  c: Columns,
  line: InvoiceDocumentLine,
  currency: string,
  y: number,
  height: number,
  w: Words,
) {
  const { qtyX, priceX, taxX, amountX, amount } = cells(c);
  flowText(doc, line.description, c.x, y, c.description, height, { size: SIZE, multiline: false });
  const one = { size: SIZE, minSize: 6.5 } as const;
  fitLine(doc, w.quantity(line.quantityMilli), qtyX, y, c.qty, { ...one, align: "right" });
  fitLine(doc, w.amount(line.unitPriceMinor, currency), priceX, y, c.price, { ...one, align: "right" });
  const tax =
    line.taxName !== null && line.taxBasisPoints !== null
      ? `${line.taxName} ${w.percent(line.taxBasisPoints)}`
      : w.t("None");
  fitLine(doc, tax, taxX, y, c.tax, one);
  fitLine(doc, w.amount(line.amountMinor, currency), amountX, y, amount, { ...one, align: "right" });
}

/** A continuation page's head: the company and the document's name, then a rule. */
function continuationHead(doc: Pdf, invoice: InvoiceDocument, context: DocumentContext, w: Words): number {
  doc.addPage({ size: [...PAGE_SIZES.a4], margin: 0 });
  const x = A4_MARGIN;
  const width = doc.page.width - 2 * A4_MARGIN;
  const half = (width - 10) / 2;
  fitLine(doc, context.company.companyName, x, A4_MARGIN, half, { size: 11, minSize: 8, bold: true });
  fitLine(
    doc,
    w.t("{name} (continued)", { name: invoiceName(invoice, w.t) }),
    x + half + 10,
    A4_MARGIN,
    half,
    {
      size: 11,
      minSize: 8,
      bold: true,
      align: "right",
    },
  );
  rule(doc, x, A4_MARGIN + 20, width);
  return A4_MARGIN + 28;
}

/** The right-hand cells beside the customer: dates and terms, and what is owed (a credit note: what it credits). */
function detailCells(
  doc: Pdf,
  invoice: InvoiceDocument,
  context: DocumentContext,
  x: number,
  y: number,
  width: number,
  w: Words,
) {
  const { t } = w;
  const half = width / 2;
  cell(doc, t("Issue date"), invoice.issueDate ? day(invoice.issueDate, w) : t("On issue"), x, y, half, 32);
  if (invoice.kind === "credit_note") {
    cell(doc, t("Currency"), invoice.currency, x + half, y, half, 32);
    cell(doc, t("Credit note for invoice"), invoice.creditedNumber ?? "", x, y + 32, width, 32);
  } else {
    const days = invoice.paymentTermsDays;
    const due = invoice.dueDate ? day(invoice.dueDate, w) : t("{days} days after issue", { days });
    cell(doc, t("Due date"), due, x + half, y, half, 32);
    const terms = days === 0 ? t("On receipt") : t("{days} days", { days });
    cell(doc, t("Payment terms"), terms, x, y + 32, half, 32);
    cell(doc, t("Currency"), invoice.currency, x + half, y + 32, half, 32);
  }
  const effect = invoice.kind === "credit_note" ? t("credits nothing") : t("not to be paid");
  const [label, value] =
    invoice.state === "void"
      ? [
          t("Status"),
          invoice.voidedAt
            ? t("Void since {date}: {effect}", {
                date: printedDate(invoice.voidedAt, context.timeZone, w.locale),
                effect,
              })
            : t("Void: {effect}", { effect }),
        ]
      : invoice.kind === "credit_note"
        ? [t("Total credited"), w.money(invoice.totalMinor, invoice.currency)]
        : [t("Balance due"), w.money(balanceDue(invoice), invoice.currency)];
  cell(doc, label, value, x, y + 64, width, 32);
}

/** The letterhead's line under the title. */
function subtitle(invoice: InvoiceDocument, w: Words): string {
  const { t } = w;
  if (invoice.state === "draft") return t("Not issued yet: no number");
  if (invoice.state === "void") return t("Void");
  if (invoice.kind === "credit_note")
    return invoice.creditedNumber ? t("For invoice {number}", { number: invoice.creditedNumber }) : "";
  return invoice.dueDate ? t("Due {date}", { date: day(invoice.dueDate, w) }) : "";
}

export async function renderInvoice({
  invoice,
  context,
}: {
  invoice: InvoiceDocument;
  context: DocumentContext;
}): Promise<Buffer> {
  const w = documentWords(context);
  const { t } = w;
  const doc = createPdf({
    title: invoiceName(invoice, t),
    author: context.company.companyName,
    bufferPages: true,
  });
  doc.addPage({ size: [...PAGE_SIZES.a4], margin: 0 });
  const x = A4_MARGIN;
  const width = doc.page.width - 2 * A4_MARGIN;
  const title = invoice.kind === "credit_note" ? t("CREDIT NOTE") : t("INVOICE");
  const mark = invoice.state === "draft" ? t("DRAFT") : invoice.state === "void" ? t("VOID") : null;
  // The letterhead's date is the issue date (a draft's: today), the company's calendar day either way.
  const dated = invoice.issueDate
    ? { ...context, now: new Date(`${invoice.issueDate}T12:00:00Z`), timeZone: "UTC" }
    : context;
  let y = letterhead(doc, dated, {
    title: mark ? `${title} (${mark})` : title,
    subtitle: subtitle(invoice, w),
    number: invoice.number,
  });

  const half = (width - 10) / 2;
  const partyLabel = invoice.kind === "credit_note" ? t("Credited to") : t("Bill to");
  partyBox(doc, partyLabel, invoice.customer, x, y, half, 96, w.locale);
  detailCells(doc, invoice, context, x + half + 10, y, half, w);
  y += 104;

  if (invoice.shipments.length > 0) {
    const text = invoice.shipments.join(", ");
    const height = textHeight(doc, text, width - 10, { size: 8.5 }) + 19;
    frame(doc, x, y, width, height);
    caption(doc, invoice.shipments.length === 1 ? t("Shipment") : t("Shipments"), x + 5, y + 4, width - 10);
    flowText(doc, text, x + 5, y + 15, width - 10, height - 15, { size: 8.5 });
    y += height + 10;
  } else {
    y += 4;
  }

  // The lines: each row as tall as its wrapped description; a row that does not fit starts a new page.
  const c = columns(x, width);
  y = tableHeader(doc, c, invoice.currency, y, w);
  for (const line of invoice.lines) {
    const height = Math.min(
      MAX_DESCRIPTION_HEIGHT,
      Math.max(textHeight(doc, line.description, c.description, { size: SIZE, multiline: false }), 11),
    );
    if (y + height + ROW_PAD > BOTTOM) {
      y = tableHeader(doc, c, invoice.currency, continuationHead(doc, invoice, context, w), w);
    }
    lineRow(doc, c, line, invoice.currency, y, height, w);
    y += height + ROW_PAD;
  }
  rule(doc, x, y, width);
  y += 6;

  // The totals, right-aligned under the amounts.
  const taxes = taxSummary(invoice.lines);
  const rows: { label: string; amount: string; strong?: boolean }[] = [
    { label: t("Subtotal"), amount: w.money(invoice.subtotalMinor, invoice.currency) },
    ...taxes.map((tax) => ({
      label: t("{tax} on {base}", {
        tax: `${tax.name} ${w.percent(tax.basisPoints)}`,
        base: w.amount(tax.baseMinor, invoice.currency),
      }),
      amount: w.money(tax.taxMinor, invoice.currency),
    })),
    {
      label: invoice.kind === "credit_note" ? t("Total credited") : t("Total"),
      amount: w.money(invoice.totalMinor, invoice.currency),
      strong: true,
    },
  ];
  if (invoice.kind === "invoice" && invoice.state !== "void") {
    for (const credit of invoice.credits)
      rows.push({
        label: t("Less credit note {number}", { number: credit.number }),
        amount: `-${w.money(credit.totalMinor, invoice.currency)}`,
      });
    if (invoice.paidMinor > 0)
      rows.push({ label: t("Amount paid"), amount: `-${w.money(invoice.paidMinor, invoice.currency)}` });
    rows.push({
      label: t("Balance due"),
      amount: w.money(balanceDue(invoice), invoice.currency),
      strong: true,
    });
  }
  const rowHeight = 16;
  if (y + rows.length * rowHeight > BOTTOM) y = continuationHead(doc, invoice, context, w);
  const totalsWidth = Math.min(width, 300);
  const tx = x + width - totalsWidth;
  for (const row of rows) {
    const size = row.strong ? 11 : SIZE;
    fitLine(doc, row.label, tx, y, totalsWidth - 140, { size, minSize: 6.5, bold: row.strong });
    fitLine(doc, row.amount, tx + totalsWidth - 135, y, 135, {
      size,
      minSize: 6.5,
      bold: row.strong,
      align: "right",
    });
    y += rowHeight;
  }
  y += 8;

  // Notes and payment instructions, each in a box as tall as its text; a box that does not fit starts a page.
  const boxes: [string, string | null][] = [
    [t("Notes"), invoice.notes],
    [
      t("How to pay"),
      invoice.kind === "invoice" && invoice.state !== "void" ? invoice.paymentInstructions : null,
    ],
  ];
  for (const [label, text] of boxes) {
    if (!text?.trim()) continue;
    const height = Math.min(BOTTOM - A4_MARGIN - 28, textHeight(doc, text, width - 10, { size: SIZE }) + 21);
    if (y + height > BOTTOM) y = continuationHead(doc, invoice, context, w);
    frame(doc, x, y, width, height);
    caption(doc, label, x + 5, y + 4, width - 10);
    flowText(doc, text, x + 5, y + 15, width - 10, height - 17, { size: SIZE });
    y += height + 10;
  }

  // The customer's page, to see it online and pay: the QR code with the address printed small beside it.
  if (invoice.link) {
    const qr = 84;
    if (y + qr > BOTTOM) y = continuationHead(doc, invoice, context, w);
    drawQr(doc, invoice.link, x + width - qr, y, qr);
    fitLine(doc, t("See this invoice online, download it and pay:"), x, y + 14, width - qr - 10, {
      size: 10,
      bold: true,
    });
    fitLine(doc, invoice.link, x, y + 32, width - qr - 10, { size: 8, minSize: 5.5 });
    y += qr + 10;
  }

  // Every page: the document's name and its page number at the foot, and the draft or void mark across it.
  pageFooters(doc, invoiceName(invoice, t), t, () => {
    if (mark) watermark(doc, mark);
  });
  return finishPdf(doc);
}
