import type { DocumentContext, DocumentShipment } from "#app/server/documents/document-context.server.ts";
import {
  cell,
  declaredText,
  frame,
  incotermText,
  modeText,
  shipmentPageHead,
  textBox,
  weightText,
} from "#app/server/documents/document-parts.server.ts";
import { documentWords } from "#app/server/documents/document-words.server.ts";
import { caption, finishPdf, fitLine, flowText } from "#app/server/documents/pdf-document.server.ts";

// The house waybill / cargo receipt, one A4 page: for staff and the shipper. Every text has its box; what does
// not fit is cut with '…' (notes print their first ~8 lines, the terms their first ~14), so the page count is 1.

export async function renderWaybill({
  shipment,
  terms,
  context,
}: {
  shipment: DocumentShipment;
  /** Settings → Documents: the conditions of carriage printed on every waybill. */
  terms: string;
  context: DocumentContext;
}): Promise<Buffer> {
  const { t, locale } = documentWords(context);
  const head = shipmentPageHead({
    shipment,
    context,
    pdfTitle: t("Waybill {number}", { number: shipment.trackingNumber }),
    title: t("HOUSE WAYBILL"),
    subtitle: t("Cargo receipt"),
    parties: [
      [t("Shipper"), shipment.shipper],
      [t("Consignee"), shipment.consignee],
    ],
  });
  const { doc, x, width } = head;
  let { y } = head;

  const quarter = width / 4;
  const row = (cells: [string, string][]) => {
    cells.forEach(([label, value], i) => {
      cell(doc, label, value, x + i * quarter, y, quarter, 32);
    });
    y += 32;
  };
  row([
    [t("Origin"), shipment.originLocation],
    [t("Destination"), shipment.destinationLocation],
    [t("Mode"), modeText(shipment, locale)],
    [t("Incoterm (2020)"), incotermText(shipment)],
  ]);
  row([
    [t("Pieces"), shipment.pieces === null ? "" : String(shipment.pieces)],
    [t("Gross weight"), weightText(shipment, locale)],
    [t("Dimensions"), shipment.dimensions ?? ""],
    [t("Declared value"), declaredText(shipment, locale)],
  ]);
  y += 8;

  textBox(doc, t("Goods description"), shipment.goodsDescription, x, y, width, 52);
  y += 60;
  textBox(doc, t("Notes"), shipment.notes, x, y, width, 104, 8.5);
  y += 112;
  frame(doc, x, y, width, 138);
  caption(doc, t("Terms and conditions"), x + 5, y + 4, width - 10);
  flowText(doc, terms, x + 5, y + 15, width - 10, 119, { size: 7 });
  y += 146;

  // Signatures: the shipper's, and the company's on receiving the cargo.
  const half = (width - 10) / 2;
  const sig = (label: string, sx: number) => {
    frame(doc, sx, y, half, 78);
    caption(doc, label, sx + 5, y + 4, half - 10);
    doc.save().strokeColor("#999999").lineWidth(0.5);
    doc
      .moveTo(sx + 5, y + 48)
      .lineTo(sx + half - 5, y + 48)
      .stroke();
    doc.restore();
    caption(doc, t("Signature"), sx + 5, y + 51, half / 2);
    caption(doc, t("Name and date"), sx + half / 2, y + 51, half / 2 - 5);
  };
  sig(t("Shipper's signature"), x);
  sig(t("Received for {company}", { company: context.company.companyName }), x + half + 10);
  y += 86;
  fitLine(
    doc,
    t(
      "Received the packages above in apparent good order and condition, unless noted, subject to the terms above.",
    ),
    x,
    y,
    width,
    { size: 7, minSize: 6 },
  );
  return finishPdf(doc);
}
