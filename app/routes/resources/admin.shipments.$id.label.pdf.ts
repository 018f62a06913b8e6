import { data } from "react-router";
import { askedLanguage } from "#app/server/documents/document-language.server.ts";
import { labelPdfResponse } from "#app/server/documents/shipment-pdfs.server.ts";
import { requireAdmin } from "#app/server/staff/staff-guards.server.ts";
import type { Route } from "./+types/admin.shipments.$id.label.pdf";

/**
 * A shipment's shipping labels, one page per piece ('n of N'), 4×6 in (`?size=4x6`, the default) or A6
 * (`?size=a6`). At most 100 pieces per run: a shipment with more prints in runs (`?from=101`, …), as its
 * Documents card links them.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const response = await labelPdfResponse({
    context,
    shipmentId: params.id,
    query: new URL(request.url).searchParams,
    where: "the shipment's Documents card",
    locale: askedLanguage(request),
  });
  if (!response) throw data(null, { status: 404 });
  return response;
}
