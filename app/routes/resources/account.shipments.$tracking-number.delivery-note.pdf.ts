import { localeOf } from "#app/lib/i18n/locale.ts";
import { notFound } from "#app/server/customers/customer-guards.server.ts";
import { requireCompanyShipment } from "#app/server/customers/customer-shipment-pages.server.ts";
import { deliveryNotePdfResponse } from "#app/server/documents/shipment-pdfs.server.ts";
import type { Route } from "./+types/account.shipments.$tracking-number.delivery-note.pdf";

/**
 * The signed delivery note of one of the signed-in customer's shipments, as the consignee's link gives it: only
 * once a delivery is recorded (404 before, and for any other shipment).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const shipmentId = await requireCompanyShipment({
    request,
    context,
    trackingNumber: params.trackingNumber,
  });
  return (
    (await deliveryNotePdfResponse({
      context,
      shipmentId,
      deliveredOnly: true,
      locale: localeOf(request),
    })) ?? notFound()
  );
}
