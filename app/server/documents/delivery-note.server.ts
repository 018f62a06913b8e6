import type { DocumentContext, DocumentShipment } from "#app/server/documents/document-context.server.ts";
import { printedDateTime } from "#app/server/documents/document-context.server.ts";
import {
  A4_MARGIN,
  cell,
  frame,
  modeText,
  shipmentPageHead,
  textBox,
  weightText,
} from "#app/server/documents/document-parts.server.ts";
import { documentWords } from "#app/server/documents/document-words.server.ts";
import {
  caption,
  finishPdf,
  fitLine,
  PAGE_SIZES,
  type Pdf,
} from "#app/server/documents/pdf-document.server.ts";

// The delivery note, A4: what is delivered, to whom, and the proof of delivery. Until a delivery is recorded
// (the 'Record delivery' page, a later step) its proof boxes are empty, to be signed on paper.

/** A delivery as it will be recorded from a phone: who received it, when, their signature and up to 3 photos. */
export type DeliveryProof = {
  receiverName: string;
  deliveredAt: Date;
  /** The drawn signature as PNG or JPEG bytes (checked and re-encoded on upload); null when the name was typed. */
  signature: Buffer | null;
  /** Up to 3 photos (JPEG or PNG, already checked and re-encoded), printed on a second page. */
  photos: Buffer[];
  /** What the receiver remarked on delivery; the delivery's internal note is never printed. */
  receiverRemarks: string | null;
};

function proofBoxes(doc: Pdf, proof: DeliveryProof | null, context: DocumentContext, y: number) {
  const { t, locale } = documentWords(context);
  const x = A4_MARGIN;
  const width = doc.page.width - 2 * A4_MARGIN;
  const when = proof ? printedDateTime(proof.deliveredAt, context.timeZone, locale) : null;
  caption(doc, t("Proof of delivery"), x, y, width, 8);
  y += 14;
  const third = (width - 20) / 3;
  const box = (label: string, bx: number, value: string | null) => {
    frame(doc, bx, y, third, 40);
    caption(doc, label, bx + 5, y + 4, third - 10);
    if (value) fitLine(doc, value, bx + 5, y + 17, third - 10, { size: 10, minSize: 7, bold: true });
  };
  box(t("Receiver's name"), x, proof?.receiverName ?? null);
  box(t("Date"), x + third + 10, when?.date ?? null);
  box(t("Time"), x + 2 * (third + 10), when?.time ?? null);
  y += 48;
  frame(doc, x, y, width, 96);
  caption(doc, t("Receiver's signature"), x + 5, y + 4, width - 10);
  if (proof?.signature) {
    doc.image(proof.signature, x + 10, y + 16, { fit: [width - 20, 74], align: "center", valign: "center" });
  } else if (proof) {
    fitLine(doc, t("Signed by typed name: {name}", { name: proof.receiverName }), x + 5, y + 40, width - 10, {
      size: 10,
      minSize: 7,
    });
  }
  return y + 104;
}

function photoPage(doc: Pdf, shipment: DocumentShipment, photos: Buffer[], context: DocumentContext) {
  const { t } = documentWords(context);
  doc.addPage({ size: [...PAGE_SIZES.a4], margin: 0 });
  const x = A4_MARGIN;
  const width = doc.page.width - 2 * A4_MARGIN;
  fitLine(doc, t("Delivery photos: {number}", { number: shipment.trackingNumber }), x, A4_MARGIN, width, {
    size: 13,
    bold: true,
  });
  const slot = (doc.page.height - 2 * A4_MARGIN - 30) / 3;
  photos.slice(0, 3).forEach((photo, i) => {
    doc.image(photo, x, A4_MARGIN + 30 + i * slot, {
      fit: [width, slot - 10],
      align: "center",
      valign: "center",
    });
  });
}

export async function renderDeliveryNote({
  shipment,
  proof = null,
  context,
}: {
  shipment: DocumentShipment;
  proof?: DeliveryProof | null;
  context: DocumentContext;
}): Promise<Buffer> {
  const w = documentWords(context);
  const { t, locale } = w;
  const head = shipmentPageHead({
    shipment,
    context,
    pdfTitle: t("Delivery note {number}", { number: shipment.trackingNumber }),
    title: t("DELIVERY NOTE"),
    subtitle: t("Proof of delivery"),
    parties: [
      [t("Deliver to (consignee)"), shipment.consignee],
      [t("From (shipper)"), shipment.shipper],
    ],
  });
  const { doc, x, width } = head;
  let { y } = head;

  const quarter = width / 4;
  (
    [
      [t("Origin"), shipment.originLocation],
      [t("Destination"), shipment.destinationLocation],
      [t("Pieces"), shipment.pieces === null ? "" : String(shipment.pieces)],
      [t("Gross weight"), weightText(shipment, locale)],
    ] as const
  ).forEach(([label, value], i) => {
    cell(doc, label, value, x + i * quarter, y, quarter, 32);
  });
  y += 32;
  cell(doc, t("Dimensions"), shipment.dimensions ?? "", x, y, quarter * 2, 32);
  cell(doc, t("Mode"), modeText(shipment, locale), x + 2 * quarter, y, quarter, 32);
  // The usual statuses are the app's words; one staff typed stays as typed.
  cell(doc, t("Status"), w.word(shipment.status), x + 3 * quarter, y, quarter, 32);
  y += 40;

  textBox(doc, t("Goods delivered"), shipment.goodsDescription, x, y, width, 60);
  y += 68;
  // Left blank (not "-") until a delivery is recorded: it is written on paper.
  textBox(doc, t("Remarks on delivery (damage, shortage)"), proof?.receiverRemarks ?? " ", x, y, width, 70);
  y += 80;
  fitLine(
    doc,
    t(
      "Received the goods described above in apparent good order and condition, unless noted in the remarks.",
    ),
    x,
    y,
    width,
    { size: 8.5, minSize: 6.5 },
  );
  y += 16;
  proofBoxes(doc, proof, context, y);
  if (proof && proof.photos.length > 0) photoPage(doc, shipment, proof.photos, context);
  return finishPdf(doc);
}
