// What a browser that may see a shipment's full details is shown (docs/decisions/029, 'Tracking in tiers'): the
// details page's data, in the page's language, and the documents of 'Show full details' (the house waybill, and
// the delivery note once delivered). Who may see them, and the code that opens them, is
// shipment-details-access.server.ts.
import type { RouterContextProvider } from "react-router";
import { requestContext, servicesContext } from "#app/context.ts";
import { formatNumberIn } from "#app/lib/i18n/format.ts";
import { type Locale, localeOf } from "#app/lib/i18n/locale.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import { formatDeclaredValueIn } from "#app/lib/i18n/shipment-format.ts";
import { trackingPath } from "#app/lib/tracking-number.ts";
import {
  findDetailsShipment,
  findShipmentDetailsAccess,
} from "#app/server/customers/shipment-details-access.server.ts";
import type { DetailsParty, ShipmentDetailsView } from "#app/server/customers/shipment-details-views.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { getDocumentShipment } from "#app/server/documents/document-model.server.ts";
import {
  documentContext,
  documentRefusal,
  pdfResponse,
} from "#app/server/documents/document-response.server.ts";
import type { Party } from "#app/server/parties/parties.server.ts";
import { limitClientLookups } from "#app/server/platform/rate-limit.server.ts";
import { getDocumentSettings, waybillTermsIn } from "#app/server/settings/document-settings.server.ts";
import { getDeliveryProof, getShipmentDelivery } from "#app/server/shipments/deliveries.server.ts";
import { getShipmentById } from "#app/server/shipments/shipments.server.ts";
import { statusToTranslate } from "#app/server/shipments/standard-status.server.ts";

const detailsParty = (party: Party | null): DetailsParty | null =>
  party
    ? {
        name: party.name,
        company: party.company,
        address: party.address,
        email: party.email,
        phone: party.phone,
      }
    : null;

/** One shipment's full details as the details page shows them; null when it no longer exists. */
export async function getShipmentDetails({
  db,
  shipmentId,
  locale = "en",
}: {
  db: Db;
  shipmentId: string;
  /** The page's language: the documents' addresses are in it. */
  locale?: Locale;
}): Promise<ShipmentDetailsView | null> {
  const [row, delivery] = await Promise.all([
    getShipmentById({ db, id: shipmentId }),
    getShipmentDelivery({ db, shipmentId }),
  ]);
  if (!row) return null;
  const base = localizePath(`${trackingPath(row.trackingNumber)}/details`, locale);
  return {
    trackingNumber: row.trackingNumber,
    // The page translates it: a usual status typed in another case reads French too.
    status: statusToTranslate(locale, row.status),
    originLocation: row.originLocation,
    destinationLocation: row.destinationLocation,
    shipper: detailsParty(row.shipper),
    consignee: detailsParty(row.consignee),
    goodsDescription: row.goodsDescription,
    pieces: row.pieces,
    // In the page's language: '1 250,5 kg', '4 800,00 $US' on a French page.
    weight: row.weight === null ? null : `${formatNumberIn(locale, row.weight)} kg`,
    dimensions: row.dimensions,
    declaredValue:
      row.declaredValue === null || !row.declaredCurrency
        ? null
        : formatDeclaredValueIn(locale, row.declaredValue, row.declaredCurrency),
    documents: {
      waybill: `${base}/waybill.pdf`,
      deliveryNote: delivery ? `${base}/delivery-note.pdf` : null,
    },
  };
}

/**
 * A document of 'Show full details' (the house waybill, or the delivery note once delivered) for a browser that
 * may see the shipment's details: counted like a tracking lookup, before it; an unknown number and a shipment
 * this browser may not see answer the same 404.
 */
export async function renderShipmentDetailsDocument({
  request,
  context,
  trackingNumber,
  document,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  trackingNumber: string;
  document: "waybill" | "delivery-note";
}): Promise<Response> {
  const { db, config } = context.get(servicesContext);
  const { clientIp } = context.get(requestContext);
  const limit = await limitClientLookups({ db, config, clientIp, kind: "track" });
  if (!limit.allowed) {
    const refusal = documentRefusal("Too many lookups from your address. Please try again later.", 429);
    refusal.headers.set("Retry-After", String(limit.retryAfterSeconds));
    return refusal;
  }
  const shipment = await findDetailsShipment({ db, trackingNumber });
  const access =
    shipment && shipment.trackingNumber === trackingNumber
      ? await findShipmentDetailsAccess({ request, context, shipment })
      : null;
  const [documentShipment, proof] =
    shipment && access
      ? await Promise.all([
          getDocumentShipment({ db, id: shipment.id }),
          document === "delivery-note" ? getDeliveryProof({ db, shipmentId: shipment.id }) : null,
        ])
      : [null, null];
  if (!documentShipment || (document === "delivery-note" && !proof)) {
    return documentRefusal(
      "This document is not available. Open the shipment's full details on its tracking page first.",
      404,
    );
  }
  const documentSettings = document === "waybill" ? await getDocumentSettings({ db }) : null;
  // In the address's language (/fr/suivi/:n/details/*.pdf: French).
  const pdfContext = await documentContext(context, undefined, localeOf(request));
  // The PDF code loads at the first document, not with the app.
  const pdf = proof
    ? await (await import("#app/server/documents/delivery-note.server.ts")).renderDeliveryNote({
        shipment: documentShipment,
        proof,
        context: pdfContext,
      })
    : await (await import("#app/server/documents/house-waybill.server.ts")).renderWaybill({
        shipment: documentShipment,
        terms: waybillTermsIn(documentSettings!, localeOf(request)),
        context: pdfContext,
      });
  const response = pdfResponse(pdf, `${documentShipment.trackingNumber}-${document}.pdf`);
  response.headers.set("Referrer-Policy", "no-referrer");
  return response;
}
