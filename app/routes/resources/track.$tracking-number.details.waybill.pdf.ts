import { renderShipmentDetailsDocument } from "#app/server/customers/shipment-details-page.server.ts";
import type { Route } from "./+types/track.$tracking-number.details.waybill.pdf";

/** The house waybill of 'Show full details' (decision 029): for a customer of the shipment or a browser with its grant. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return renderShipmentDetailsDocument({
    request,
    context,
    trackingNumber: params.trackingNumber,
    document: "waybill",
  });
}
