import { data } from "react-router";
import { servicesContext } from "#app/context.ts";
import { getDocumentShipment } from "#app/server/documents/document-model.server.ts";
import { documentContext, pdfResponse } from "#app/server/documents/document-response.server.ts";
import { getDeliveryProof } from "#app/server/shipments/deliveries.server.ts";
import { requireAdmin } from "#app/server/staff/staff-guards.server.ts";
import type { Route } from "./+types/admin.shipments.$id.delivery-note.pdf";

/**
 * The shipment's delivery note, A4, with the proof of its latest recorded delivery (receiver's name, time,
 * signature, photos); without one, its proof boxes are empty, to be filled in on paper.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const { db } = context.get(servicesContext);
  const shipment = await getDocumentShipment({ db, id: params.id });
  if (!shipment) throw data(null, { status: 404 });
  const proof = await getDeliveryProof({ db, shipmentId: params.id });
  // The PDF code loads at the first document, not with the app.
  const { renderDeliveryNote } = await import("#app/server/documents/delivery-note.server.ts");
  const pdf = await renderDeliveryNote({ shipment, proof, context: await documentContext(context) });
  return pdfResponse(pdf, `${shipment.trackingNumber}-delivery-note.pdf`);
}
