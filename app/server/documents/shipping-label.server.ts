import { drawCode128, drawQr } from "#app/server/documents/barcodes.server.ts";
import {
  type DocumentContext,
  type DocumentShipment,
  type LabelRun,
  type LabelSize,
  pieceCount,
  trackingUrl,
} from "#app/server/documents/document-context.server.ts";
import { modeText, weightText } from "#app/server/documents/document-parts.server.ts";
import { documentWords } from "#app/server/documents/document-words.server.ts";
import {
  caption,
  createPdf,
  finishPdf,
  fitLine,
  flowText,
  PAGE_SIZES,
  type Pdf,
} from "#app/server/documents/pdf-document.server.ts";

// Shipping labels, 4×6 in or A6: one page per piece, 'n of N'. Codes, numbers and places are the same in every
// language; the few words around them follow the context's language where a French copy is asked (decision 030).

const M = 12;

function drawLabel(doc: Pdf, shipment: DocumentShipment, piece: number, of: number, ctx: DocumentContext) {
  const { t, locale } = documentWords(ctx);
  const W = doc.page.width;
  const H = doc.page.height;
  const inner = W - 2 * M;
  const line = (y: number) =>
    doc
      .save()
      .lineWidth(1.2)
      .moveTo(M, y)
      .lineTo(W - M, y)
      .stroke()
      .restore();

  // Company, its phone, and the mode in a box on the right.
  const mode = modeText(shipment, locale).toUpperCase();
  const modeWidth = mode ? 58 : 0;
  fitLine(doc, ctx.company.companyName, M, M, inner - modeWidth - 6, { size: 11, minSize: 7, bold: true });
  fitLine(doc, t("Tel {phone}", { phone: ctx.company.phone }), M, M + 15, inner - modeWidth - 6, {
    size: 8.5,
    minSize: 6.5,
  });
  if (mode) {
    doc
      .save()
      .lineWidth(1.5)
      .rect(W - M - modeWidth, M, modeWidth, 26)
      .stroke()
      .restore();
    fitLine(doc, mode, W - M - modeWidth + 3, M + 7, modeWidth - 6, {
      size: 12,
      minSize: 8,
      bold: true,
      align: "center",
    });
  }
  line(M + 32);

  // From → To: city, then name and company of the shipper and the consignee.
  const half = (inner - 16) / 2;
  const top = M + 38;
  const party = (
    label: string,
    city: string,
    name: string | undefined,
    company: string | null | undefined,
    x: number,
  ) => {
    caption(doc, label, x, top, half);
    fitLine(doc, city, x, top + 9, half, { size: 13, minSize: 7.5, bold: true });
    fitLine(doc, name ?? "-", x, top + 27, half, { size: 9, minSize: 6.5 });
    if (company) fitLine(doc, company, x, top + 39, half, { size: 8, minSize: 6.5 });
  };
  party(t("From (shipper)"), shipment.originLocation, shipment.shipper?.name, shipment.shipper?.company, M);
  fitLine(doc, "→", M + half, top + 9, 16, { size: 13, bold: true, align: "center" });
  party(
    t("To (consignee)"),
    shipment.destinationLocation,
    shipment.consignee?.name,
    shipment.consignee?.company,
    M + half + 16,
  );
  line(top + 54);

  // Piece n of N, weight, dimensions.
  const row = top + 60;
  const third = inner / 3;
  caption(doc, t("Piece"), M, row, third);
  fitLine(doc, t("{piece} of {count}", { piece, count: of }), M, row + 9, third - 4, {
    size: 17,
    minSize: 9,
    bold: true,
  });
  caption(doc, t("Gross weight"), M + third, row, third);
  fitLine(doc, weightText(shipment, locale) || "-", M + third, row + 11, third - 4, {
    size: 11,
    minSize: 7,
    bold: true,
  });
  caption(doc, t("Dimensions"), M + 2 * third, row, third);
  flowText(doc, shipment.dimensions || "-", M + 2 * third, row + 11, third, 24, {
    size: 8.5,
    multiline: false,
  });
  line(row + 38);

  // The tracking number: Code 128 and large text.
  const codeTop = row + 46;
  drawCode128(doc, shipment.trackingNumber, M, codeTop, inner, 78);
  fitLine(doc, shipment.trackingNumber, M, codeTop + 84, inner, {
    size: 24,
    minSize: 10,
    bold: true,
    align: "center",
  });
  line(codeTop + 116);

  // QR to the tracking page, with the address and the goods beside it.
  const qrSize = Math.min(118, H - (codeTop + 122) - M);
  const qrTop = H - M - qrSize;
  const url = trackingUrl(ctx.siteUrl, shipment.trackingNumber, locale);
  drawQr(doc, url, W - M - qrSize, qrTop, qrSize);
  const textWidth = inner - qrSize - 6;
  let ty = codeTop + 124;
  caption(doc, t("Track at"), M, ty, textWidth);
  ty += 9;
  ty += flowText(doc, url, M, ty, textWidth, 30, { size: 8, multiline: false }) + 6;
  if (shipment.goodsDescription) {
    caption(doc, t("Contents"), M, ty, textWidth);
    flowText(doc, shipment.goodsDescription, M, ty + 9, textWidth, Math.max(10, H - M - ty - 9), { size: 8 });
  }
}

/** All labels of `runs` in one PDF, in order: each run's pieces `from`…`to` 'of' the shipment's piece count. */
export async function renderLabels({
  runs,
  size,
  context,
}: {
  runs: LabelRun[];
  size: LabelSize;
  context: DocumentContext;
}): Promise<Buffer> {
  const { t } = documentWords(context);
  const title =
    runs.length === 1
      ? t("Labels {number}", { number: runs[0]!.shipment.trackingNumber })
      : t("Shipping labels");
  const doc = createPdf({ title, author: context.company.companyName });
  for (const run of runs) {
    const of = pieceCount(run.shipment);
    for (let piece = run.from; piece <= run.to; piece++) {
      doc.addPage({ size: [...PAGE_SIZES[size]], margin: 0 });
      drawLabel(doc, run.shipment, piece, of, context);
    }
  }
  return finishPdf(doc);
}
