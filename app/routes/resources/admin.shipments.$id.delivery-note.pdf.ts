import { data } from "react-router";
import { servicesContext } from "#app/context.ts";
import { requireAdmin } from "#app/server/auth/auth.server.ts";
import { getDocumentShipment } from "#app/server/documents/document-model.server.ts";
import { documentContext, pdfResponse } from "#app/server/documents/document-response.server.ts";
import type { Route } from "./+types/admin.shipments.$id.delivery-note.pdf";

/**
 * The shipment's delivery note, A4. No delivery is recorded from a phone yet (a later step of issue 16), so its
 * proof boxes (receiver's name, date, time, signature) are empty, to be filled in on paper.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const { db } = context.get(servicesContext);
  const shipment = await getDocumentShipment({ db, id: params.id });
  if (!shipment) throw data(null, { status: 404 });
  // The PDF code loads at the first document, not with the app.
  const { renderDeliveryNote } = await import("#app/server/documents/delivery-note.server.ts");
  const pdf = await renderDeliveryNote({ shipment, proof: null, context: await documentContext(context) });
  return pdfResponse(pdf, `${shipment.trackingNumber}-delivery-note.pdf`);
}
