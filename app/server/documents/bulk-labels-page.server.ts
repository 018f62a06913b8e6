// The bulk labels of the shipments list (decision 015): what /admin/shipments/labels.pdf answers.
import { type RouterContextProvider, redirect } from "react-router";
import { servicesContext } from "#app/context.ts";
import { bulkLabelsSchema, planBulkLabels } from "#app/server/documents/bulk-labels.server.ts";
import { getDocumentShipments } from "#app/server/documents/document-model.server.ts";
import { documentContext, pdfResponse } from "#app/server/documents/document-response.server.ts";
import { readFormData } from "#app/server/platform/forms.server.ts";
import { redirectWithToast } from "#app/server/platform/toast.server.ts";
import { listReturnPath } from "#app/server/shipments/shipment-views.ts";
import { requireAdmin } from "#app/server/staff/staff-guards.server.ts";

type PageArgs = { request: Request; context: Readonly<RouterContextProvider> };

const LIST = "/admin/shipments";

/** Nothing to show at this address: the list's 'Print labels' form posts here. */
export async function loadBulkLabelsPage({ request, context }: PageArgs) {
  await requireAdmin({ request, context });
  return redirect(LIST);
}

/**
 * The labels of the shipments selected on the list, in one PDF (one page per piece). Refused, back on the list
 * with the reason, when nothing is selected, when a shipment has more than 100 pieces, or when the whole
 * selection needs more than 500 labels.
 */
export async function bulkLabelsPageAction({ request, context }: PageArgs) {
  await requireAdmin({ request, context });
  const { db, logger } = context.get(servicesContext);
  const formData = await readFormData(request);
  const parsed = bulkLabelsSchema.safeParse({
    ids: formData?.getAll("id") ?? [],
    size: formData?.get("size") ?? "4x6",
  });
  const back = listReturnPath(formData?.get("returnTo"));
  if (!parsed.success) {
    return redirectWithToast(back, {
      type: "error",
      title: "Labels not printed",
      description: parsed.error.issues[0]?.message ?? "The selection could not be read.",
    });
  }
  const found = await getDocumentShipments({ db, ids: parsed.data.ids });
  const plan = planBulkLabels(found.map((f) => f.shipment));
  if (!plan.ok) {
    return redirectWithToast(back, { type: "error", title: "Labels not printed", description: plan.message });
  }
  // The PDF code loads at the first document, not with the app.
  const { renderLabels } = await import("#app/server/documents/shipping-label.server.ts");
  const pdf = await renderLabels({
    runs: plan.runs,
    size: parsed.data.size,
    context: await documentContext(context),
  });
  logger.info({ shipments: plan.runs.length, labels: plan.labels }, "Bulk labels printed");
  return pdfResponse(pdf, `labels-${plan.runs.length}-shipments.pdf`);
}
