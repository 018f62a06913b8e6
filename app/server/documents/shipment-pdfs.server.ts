import type { RouterContextProvider } from "react-router";
import { servicesContext } from "#app/context.ts";
import { MAX_LABELS_PER_RUN } from "#app/lib/freight-terms.ts";
import type { Locale } from "#app/lib/i18n/locale.ts";
import { LABEL_SIZES, type LabelSize, pieceCount } from "#app/server/documents/document-context.server.ts";
import { getDocumentShipment } from "#app/server/documents/document-model.server.ts";
import {
  documentContext,
  documentRefusal,
  pdfResponse,
} from "#app/server/documents/document-response.server.ts";
import { getDocumentSettings, waybillTermsIn } from "#app/server/settings/document-settings.server.ts";
import { getDeliveryProof } from "#app/server/shipments/deliveries.server.ts";
import { labelRuns } from "#app/server/shipments/shipment-document-links.server.ts";

// A shipment's PDFs as the routes answer them, for staff (/admin/shipments/:id/…) and for the shipment's
// customers (/account/shipments/:trackingNumber/…): the callers check who may have them. null: no such shipment.

type Ctx = Readonly<RouterContextProvider>;

/**
 * The house waybill / cargo receipt, A4, with the terms of Settings → Documents: in `locale` (a customer's copy:
 * the address's language), else in the shipper's.
 */
export async function waybillPdfResponse({
  context,
  shipmentId,
  locale,
}: {
  context: Ctx;
  shipmentId: string;
  locale?: Locale | undefined;
}) {
  const { db } = context.get(servicesContext);
  const [shipment, settings] = await Promise.all([
    getDocumentShipment({ db, id: shipmentId }),
    getDocumentSettings({ db }),
  ]);
  if (!shipment) return null;
  // The PDF code loads at the first document, not with the app.
  const { renderWaybill } = await import("#app/server/documents/house-waybill.server.ts");
  const language = locale ?? shipment.shipper?.language ?? "en";
  const pdf = await renderWaybill({
    shipment,
    terms: waybillTermsIn(settings, language),
    context: await documentContext(context, undefined, language),
  });
  return pdfResponse(pdf, `${shipment.trackingNumber}-waybill.pdf`);
}

/**
 * The delivery note, A4, with the proof of the latest recorded delivery (receiver's name, time, signature,
 * photos). Without one it has empty proof boxes to fill in on paper, for staff; `deliveredOnly` (the customer's
 * copy) answers null then. In `locale` (a customer's copy: the address's language), else in the consignee's.
 */
export async function deliveryNotePdfResponse({
  context,
  shipmentId,
  deliveredOnly,
  locale,
}: {
  context: Ctx;
  shipmentId: string;
  deliveredOnly: boolean;
  locale?: Locale | undefined;
}) {
  const { db } = context.get(servicesContext);
  const shipment = await getDocumentShipment({ db, id: shipmentId });
  if (!shipment) return null;
  const proof = await getDeliveryProof({ db, shipmentId });
  if (!proof && deliveredOnly) return null;
  const { renderDeliveryNote } = await import("#app/server/documents/delivery-note.server.ts");
  const pdf = await renderDeliveryNote({
    shipment,
    proof,
    context: await documentContext(context, undefined, locale ?? shipment.consignee?.language),
  });
  return pdfResponse(pdf, `${shipment.trackingNumber}-delivery-note.pdf`);
}

/**
 * The shipping labels, one page per piece ('n of N'), 4×6 in (`?size=4x6`, the default) or A6 (`?size=a6`). At
 * most 100 pieces per run: a shipment with more prints in runs (`?from=101`, …); `where` names where its runs are
 * linked, for the refusal.
 */
export async function labelPdfResponse({
  context,
  shipmentId,
  query,
  where,
  locale,
}: {
  context: Ctx;
  shipmentId: string;
  query: URLSearchParams;
  where: string;
  /** A French copy asked for (a customer's French address, staff's `?lang=fr`): its words in French. */
  locale?: Locale | undefined;
}) {
  const { db } = context.get(servicesContext);
  const shipment = await getDocumentShipment({ db, id: shipmentId });
  if (!shipment) return null;

  const size = query.get("size") ?? "4x6";
  if (!LABEL_SIZES.includes(size as LabelSize)) return documentRefusal("Choose a label size: 4x6 or a6.");

  const pieces = pieceCount(shipment);
  const runs = labelRuns(pieces);
  const fromParam = query.get("from");
  if (fromParam === null && runs.length > 1) {
    return documentRefusal(
      `This shipment has ${pieces} pieces; one label run prints at most ${MAX_LABELS_PER_RUN}. ` +
        `Print its labels in runs from ${where}: ${runs.map((r) => `${r.from}–${r.to}`).join(", ")}.`,
    );
  }
  const run = fromParam === null ? runs[0]! : runs.find((r) => String(r.from) === fromParam);
  if (!run) {
    return documentRefusal(
      `A label run starts at piece ${runs.map((r) => r.from).join(", ")} (at most ${MAX_LABELS_PER_RUN} labels each).`,
    );
  }
  // The PDF code (PDFKit, fonts, barcodes: ~35 MB) loads at the first document, not with the app.
  const { renderLabels } = await import("#app/server/documents/shipping-label.server.ts");
  const pdf = await renderLabels({
    runs: [{ shipment, from: run.from, to: run.to }],
    size: size as LabelSize,
    context: await documentContext(context, undefined, locale),
  });
  const suffix = runs.length > 1 ? `-${run.from}-${run.to}` : "";
  return pdfResponse(pdf, `${shipment.trackingNumber}-label${suffix}.pdf`);
}
