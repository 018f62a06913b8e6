import { renderShipmentDetailsDocument } from "#app/server/customers/shipment-details-page.server.ts";
import type { Route } from "./+types/track.$tracking-number.details.delivery-note.pdf";

/** The signed delivery note of 'Show full details' (decision 029): for a customer of the shipment or a browser with its grant. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return renderShipmentDetailsDocument({
    request,
    context,
    trackingNumber: params.trackingNumber,
    document: "delivery-note",
  });
}
