import { data } from "react-router";
import { askedLanguage } from "#app/server/documents/document-language.server.ts";
import { deliveryNotePdfResponse } from "#app/server/documents/shipment-pdfs.server.ts";
import { requireAdmin } from "#app/server/staff/staff-guards.server.ts";
import type { Route } from "./+types/admin.shipments.$id.delivery-note.pdf";

/**
 * The shipment's delivery note, A4, with the proof of its latest recorded delivery (receiver's name, time,
 * signature, photos); without one, its proof boxes are empty, to be filled in on paper. In the consignee's
 * language, or the one `?lang=en|fr` asks.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const response = await deliveryNotePdfResponse({
    context,
    shipmentId: params.id,
    deliveredOnly: false,
    locale: askedLanguage(request),
  });
  if (!response) throw data(null, { status: 404 });
  return response;
}
