import { data } from "react-router";
import { askedLanguage } from "#app/server/documents/document-language.server.ts";
import { waybillPdfResponse } from "#app/server/documents/shipment-pdfs.server.ts";
import { requireAdmin } from "#app/server/staff/staff-guards.server.ts";
import type { Route } from "./+types/admin.shipments.$id.waybill.pdf";

/**
 * The shipment's house waybill / cargo receipt, A4, with the terms of Settings → Documents: in the shipper's
 * language, or the one `?lang=en|fr` asks.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const response = await waybillPdfResponse({
    context,
    shipmentId: params.id,
    locale: askedLanguage(request),
  });
  if (!response) throw data(null, { status: 404 });
  return response;
}
