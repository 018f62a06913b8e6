import { INCOTERMS, TRANSPORT_MODE_LABELS } from "#app/lib/freight-terms.ts";
import type { Locale } from "#app/lib/i18n/locale.ts";
import { formatDeclaredValueIn } from "#app/lib/i18n/shipment-format.ts";
import type { Translate } from "#app/lib/i18n/translate.ts";
import { drawCode128, drawQr } from "#app/server/documents/barcodes.server.ts";
import {
  type DocumentContext,
  type DocumentParty,
  type DocumentShipment,
  printedDate,
  trackingUrl,
} from "#app/server/documents/document-context.server.ts";
import { documentWords } from "#app/server/documents/document-words.server.ts";
import {
  caption,
  createPdf,
  fitLine,
  flowText,
  PAGE_SIZES,
  type Pdf,
} from "#app/server/documents/pdf-document.server.ts";

// Blocks shared by the A4 documents (waybill, delivery note): their page head (letterhead, codes, party boxes),
// cells and text boxes.

export const A4_MARGIN = 36;
const LINE = "#999999";

export function rule(doc: Pdf, x: number, y: number, width: number) {
  doc
    .save()
    .strokeColor(LINE)
    .lineWidth(0.75)
    .moveTo(x, y)
    .lineTo(x + width, y)
    .stroke()
    .restore();
}

export function frame(doc: Pdf, x: number, y: number, width: number, height: number) {
  doc.save().strokeColor(LINE).lineWidth(0.75).rect(x, y, width, height).stroke().restore();
}

/**
 * Company name, address and contacts on the left; the document's title, number and date on the right (no number
 * line for a document that has none yet: a draft invoice).
 */
export function letterhead(
  doc: Pdf,
  ctx: DocumentContext,
  { title, subtitle, number }: { title: string; subtitle: string; number: string | null },
) {
  const { t, locale } = documentWords(ctx);
  const x = A4_MARGIN;
  const width = doc.page.width - 2 * A4_MARGIN;
  const left = width * 0.58;
  fitLine(doc, ctx.company.companyName, x, A4_MARGIN, left, { size: 18, minSize: 11, bold: true });
  flowText(doc, ctx.company.address, x, A4_MARGIN + 25, left, 22, { size: 9, multiline: false });
  const contacts = `${t("Tel {phone}", { phone: ctx.company.phone })}  ·  ${ctx.company.email}`;
  fitLine(doc, contacts, x, A4_MARGIN + 50, left, {
    size: 9,
    minSize: 7,
  });
  const rx = x + left + 10;
  const rw = width - left - 10;
  fitLine(doc, title, rx, A4_MARGIN, rw, { size: 15, minSize: 10, bold: true, align: "right" });
  fitLine(doc, subtitle, rx, A4_MARGIN + 20, rw, { size: 9, align: "right" });
  if (number !== null)
    fitLine(doc, t("No. {number}", { number }), rx, A4_MARGIN + 35, rw, {
      size: 11,
      minSize: 8,
      bold: true,
      align: "right",
    });
  fitLine(
    doc,
    t("Date {date}", { date: printedDate(ctx.now, ctx.timeZone, locale) }),
    rx,
    A4_MARGIN + 52,
    rw,
    {
      size: 9,
      align: "right",
    },
  );
  rule(doc, x, A4_MARGIN + 70, width);
  return A4_MARGIN + 78;
}

/**
 * At the foot of every page of a document drawn with `bufferPages`: its name on the left, 'Page n of m' on the
 * right (in the reader's words); `each` draws anything else every page carries.
 */
export function pageFooters(doc: Pdf, name: string, t: Translate, each?: () => void) {
  const x = A4_MARGIN;
  const { start, count } = doc.bufferedPageRange();
  for (let page = start; page < start + count; page++) {
    doc.switchToPage(page);
    const width = doc.page.width - 2 * A4_MARGIN;
    const footY = doc.page.height - A4_MARGIN - 8;
    fitLine(doc, name, x, footY, width / 2, { size: 7.5 });
    const number = t("Page {page} of {count}", { page: page - start + 1, count });
    fitLine(doc, number, x + width / 2, footY, width / 2, { size: 7.5, align: "right" });
    each?.();
  }
}

/** A word across the current page in large pale letters ('DRAFT', 'VOID'): seen at a glance, text still legible. */
export function watermark(doc: Pdf, word: string) {
  doc.save();
  doc.rotate(-35, { origin: [doc.page.width / 2, doc.page.height / 2] });
  doc.fillColor("#c8c8c8").fillOpacity(0.45);
  fitLine(doc, word, 0, doc.page.height / 2 - 60, doc.page.width, { size: 120, bold: true, align: "center" });
  doc.restore();
}

/** The tracking number as a Code 128 barcode and in large text, and the QR code of the tracking page. */
export function codesRow(doc: Pdf, shipment: DocumentShipment, ctx: DocumentContext, y: number) {
  const x = A4_MARGIN;
  const width = doc.page.width - 2 * A4_MARGIN;
  const { t, locale } = documentWords(ctx);
  const url = trackingUrl(ctx.siteUrl, shipment.trackingNumber, locale);
  drawCode128(doc, shipment.trackingNumber, x, y + 2, 260, 44);
  fitLine(doc, shipment.trackingNumber, x, y + 50, 260, {
    size: 16,
    minSize: 9,
    bold: true,
    align: "center",
  });
  const qr = 84;
  drawQr(doc, url, x + width - qr, y - 4, qr);
  const tx = x + 280;
  const tw = width - qr - 290;
  caption(doc, t("Track this shipment"), tx, y + 14, tw);
  flowText(doc, url, tx, y + 26, tw, 34, { size: 8, multiline: false });
  return y + 86;
}

/**
 * The head of an A4 shipment document (the house waybill, the delivery note), on a new document's first page:
 * the letterhead with the document's title and the tracking number, the codes row, and two party boxes side by
 * side (labelled and ordered as the document names them). Returns the document, the page's left edge and width
 * inside the margins, and where the rest of the page begins.
 */
export function shipmentPageHead({
  shipment,
  context,
  pdfTitle,
  title,
  subtitle,
  parties,
}: {
  shipment: DocumentShipment;
  context: DocumentContext;
  /** The PDF's own title (what a viewer shows as the document's name). */
  pdfTitle: string;
  title: string;
  subtitle: string;
  parties: [[string, DocumentParty | null], [string, DocumentParty | null]];
}) {
  const doc = createPdf({ title: pdfTitle, author: context.company.companyName });
  doc.addPage({ size: [...PAGE_SIZES.a4], margin: 0 });
  const x = A4_MARGIN;
  const width = doc.page.width - 2 * A4_MARGIN;
  let y = letterhead(doc, context, { title, subtitle, number: shipment.trackingNumber });
  y = codesRow(doc, shipment, context, y);
  const half = (width - 10) / 2;
  const [[leftLabel, left], [rightLabel, right]] = parties;
  partyBox(doc, leftLabel, left, x, y, half, 112, context.locale);
  partyBox(doc, rightLabel, right, x + half + 10, y, half, 112, context.locale);
  return { doc, x, width, y: y + 120 };
}

/** A bordered box: a caption, the party's name in bold, company, address (up to 3 lines), phone and e-mail. */
export function partyBox(
  doc: Pdf,
  label: string,
  party: DocumentParty | null,
  x: number,
  y: number,
  width: number,
  height: number,
  locale: Locale = "en",
) {
  const { t } = documentWords({ locale });
  frame(doc, x, y, width, height);
  const ix = x + 6;
  const iw = width - 12;
  let cy = y + 5;
  cy += caption(doc, label, ix, cy, iw) + 2;
  if (!party) {
    fitLine(doc, t("Not recorded"), ix, cy, iw, { size: 9 });
    return;
  }
  cy += fitLine(doc, party.name, ix, cy, iw, { size: 10.5, minSize: 8, bold: true }) + 1;
  if (party.company) cy += fitLine(doc, party.company, ix, cy, iw, { size: 9, minSize: 7 }) + 1;
  const reserve = 2 * 12 + 6;
  const addressHeight = Math.max(0, Math.min(36, y + height - cy - reserve));
  if (party.address && addressHeight > 0)
    cy += flowText(doc, party.address, ix, cy, iw, addressHeight, { size: 8.5 }) + 2;
  if (party.phone)
    cy += fitLine(doc, t("Tel {phone}", { phone: party.phone }), ix, cy, iw, { size: 8.5, minSize: 7 }) + 1;
  if (party.email) fitLine(doc, party.email, ix, cy, iw, { size: 8.5, minSize: 7 });
}

/** One labelled cell of a grid. */
export function cell(
  doc: Pdf,
  label: string,
  value: string,
  x: number,
  y: number,
  width: number,
  height: number,
) {
  frame(doc, x, y, width, height);
  caption(doc, label, x + 5, y + 4, width - 10);
  fitLine(doc, value || "-", x + 5, y + 15, width - 10, { size: 10, minSize: 7, bold: true });
}

/** A bordered box with a caption and text flowing inside it (cut with '…' past its height). */
export function textBox(
  doc: Pdf,
  label: string,
  text: string | null,
  x: number,
  y: number,
  width: number,
  height: number,
  size = 9,
) {
  frame(doc, x, y, width, height);
  caption(doc, label, x + 5, y + 4, width - 10);
  flowText(doc, text || "-", x + 5, y + 15, width - 10, height - 19, { size });
}

// The shipment's values as printed, in the reader's language.
export const modeText = (s: DocumentShipment, locale: Locale = "en") =>
  s.transportMode ? documentWords({ locale }).word(TRANSPORT_MODE_LABELS[s.transportMode]) : "";
export const weightText = (s: DocumentShipment, locale: Locale = "en") =>
  s.weight === null ? "" : `${documentWords({ locale }).number(s.weight)} kg`;
/** The rule's code alone ('CIF'): its name does not fit a cell, and the code is what the trade reads. */
export const incotermText = (s: DocumentShipment) =>
  s.incoterm && s.incoterm in INCOTERMS ? s.incoterm : "";
export const declaredText = (s: DocumentShipment, locale: Locale = "en") =>
  s.declaredValue === null || !s.declaredCurrency
    ? ""
    : formatDeclaredValueIn(locale, s.declaredValue, s.declaredCurrency);
