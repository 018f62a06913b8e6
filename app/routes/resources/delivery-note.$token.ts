import { servicesContext } from "#app/context.ts";
import { getDocumentShipment } from "#app/server/documents/document-model.server.ts";
import {
  documentContext,
  documentRefusal,
  pdfResponse,
} from "#app/server/documents/document-response.server.ts";
import { limitLinkOpening } from "#app/server/platform/forms.server.ts";
import { findDeliveryNoteByToken, getDeliveryProof } from "#app/server/shipments/deliveries.server.ts";
import type { Route } from "./+types/delivery-note.$token";

/**
 * The signed delivery note for the consignee, through the link in their delivery message (decision 015,
 * 'Proof of delivery'): the token is 32 random bytes, stored as a hash, valid for 30 days. Anything else is a
 * plain 404 that says the link is unknown or has expired.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const wait = await limitLinkOpening(context);
  if (wait !== null) {
    const refusal = documentRefusal(
      "Too many requests from your address. Please try again in a minute.",
      429,
    );
    refusal.headers.set("Retry-After", String(wait));
    refusal.headers.set("Referrer-Policy", "no-referrer");
    refusal.headers.set("X-Robots-Tag", "noindex");
    return refusal;
  }
  const found = await findDeliveryNoteByToken({ db, token: params.token });
  const shipment = found ? await getDocumentShipment({ db, id: found.shipmentId }) : null;
  const proof = found ? await getDeliveryProof({ db, shipmentId: found.shipmentId }) : null;
  if (!shipment || !proof) {
    const refusal = documentRefusal(
      "This delivery note link has expired or does not exist. Please ask us for the delivery note.",
      404,
    );
    refusal.headers.set("Referrer-Policy", "no-referrer");
    refusal.headers.set("X-Robots-Tag", "noindex");
    return refusal;
  }
  const { renderDeliveryNote } = await import("#app/server/documents/delivery-note.server.ts");
  const pdf = await renderDeliveryNote({ shipment, proof, context: await documentContext(context) });
  const response = pdfResponse(pdf, `${shipment.trackingNumber}-delivery-note.pdf`);
  // The link's token stays out of any Referer the PDF's own links would send.
  response.headers.set("Referrer-Policy", "no-referrer");
  return response;
}
