import { servicesContext } from "#app/context.ts";
import { notFound } from "#app/server/customers/customer-guards.server.ts";
import { requireCompanyShipment } from "#app/server/customers/customer-shipment-pages.server.ts";
import { getShipmentDeliveryPhoto } from "#app/server/customers/customer-shipments.server.ts";
import { deliveryImageResponse } from "#app/server/shipments/delivery-form-page.server.ts";
import type { Route } from "./+types/account.shipments.$tracking-number.photos.$photo-id";

/**
 * A photo of a recorded delivery of one of the signed-in customer's shipments: never a pending one, never
 * another shipment's (404, like one that does not exist). Not stored by any cache.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const shipmentId = await requireCompanyShipment({
    request,
    context,
    trackingNumber: params.trackingNumber,
  });
  const { db } = context.get(servicesContext);
  const photo = await getShipmentDeliveryPhoto({ db, shipmentId, photoId: params.photoId });
  return photo ? deliveryImageResponse(photo) : notFound();
}
