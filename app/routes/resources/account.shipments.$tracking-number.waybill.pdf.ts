import { localeOf } from "#app/lib/i18n/locale.ts";
import { notFound } from "#app/server/customers/customer-guards.server.ts";
import { requireCompanyShipment } from "#app/server/customers/customer-shipment-pages.server.ts";
import { waybillPdfResponse } from "#app/server/documents/shipment-pdfs.server.ts";
import type { Route } from "./+types/account.shipments.$tracking-number.waybill.pdf";

/** The house waybill of one of the signed-in customer's shipments; 404 for any other. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const shipmentId = await requireCompanyShipment({
    request,
    context,
    trackingNumber: params.trackingNumber,
  });
  return (await waybillPdfResponse({ context, shipmentId, locale: localeOf(request) })) ?? notFound();
}
