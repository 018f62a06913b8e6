import { data } from "react-router";
import { servicesContext } from "#app/context.ts";
import { getDocumentShipment } from "#app/server/documents/document-model.server.ts";
import { documentContext, pdfResponse } from "#app/server/documents/document-response.server.ts";
import { getDocumentSettings } from "#app/server/documents/document-settings.server.ts";
import { requireAdmin } from "#app/server/staff/staff-guards.server.ts";
import type { Route } from "./+types/admin.shipments.$id.waybill.pdf";

/** The shipment's house waybill / cargo receipt, A4, with the terms of Settings → Documents. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const { db } = context.get(servicesContext);
  const [shipment, settings] = await Promise.all([
    getDocumentShipment({ db, id: params.id }),
    getDocumentSettings({ db }),
  ]);
  if (!shipment) throw data(null, { status: 404 });
  // The PDF code loads at the first document, not with the app.
  const { renderWaybill } = await import("#app/server/documents/house-waybill.server.ts");
  const pdf = await renderWaybill({
    shipment,
    terms: settings.waybillTerms,
    context: await documentContext(context),
  });
  return pdfResponse(pdf, `${shipment.trackingNumber}-waybill.pdf`);
}
