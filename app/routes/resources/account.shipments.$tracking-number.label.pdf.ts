import { localeOf } from "#app/lib/i18n/locale.ts";
import { notFound } from "#app/server/customers/customer-guards.server.ts";
import { requireCompanyShipment } from "#app/server/customers/customer-shipment-pages.server.ts";
import { labelPdfResponse } from "#app/server/documents/shipment-pdfs.server.ts";
import type { Route } from "./+types/account.shipments.$tracking-number.label.pdf";

/** The shipping labels of one of the signed-in customer's shipments (in runs of 100 pieces); 404 for any other. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const shipmentId = await requireCompanyShipment({
    request,
    context,
    trackingNumber: params.trackingNumber,
  });
  const response = await labelPdfResponse({
    context,
    shipmentId,
    query: new URL(request.url).searchParams,
    where: "the shipment's page in your account",
    locale: localeOf(request),
  });
  return response ?? notFound();
}
