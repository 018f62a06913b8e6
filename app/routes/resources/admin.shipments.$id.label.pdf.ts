import { data } from "react-router";
import { servicesContext } from "#app/context.ts";
import { MAX_LABELS_PER_RUN } from "#app/lib/freight-terms.ts";
import { LABEL_SIZES, type LabelSize, pieceCount } from "#app/server/documents/document-context.server.ts";
import { labelRuns } from "#app/server/documents/document-links.server.ts";
import { getDocumentShipment } from "#app/server/documents/document-model.server.ts";
import {
  documentContext,
  documentRefusal,
  pdfResponse,
} from "#app/server/documents/document-response.server.ts";
import { requireAdmin } from "#app/server/staff/staff-guards.server.ts";
import type { Route } from "./+types/admin.shipments.$id.label.pdf";

/**
 * A shipment's shipping labels, one page per piece ('n of N'), 4×6 in (`?size=4x6`, the default) or A6
 * (`?size=a6`). At most 100 pieces per run: a shipment with more prints in runs (`?from=101`, …), as its
 * Documents card links them.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const { db } = context.get(servicesContext);
  const shipment = await getDocumentShipment({ db, id: params.id });
  if (!shipment) throw data(null, { status: 404 });

  const query = new URL(request.url).searchParams;
  const size = query.get("size") ?? "4x6";
  if (!LABEL_SIZES.includes(size as LabelSize)) return documentRefusal("Choose a label size: 4x6 or a6.");

  const pieces = pieceCount(shipment);
  const runs = labelRuns(pieces);
  const fromParam = query.get("from");
  if (fromParam === null && runs.length > 1) {
    return documentRefusal(
      `This shipment has ${pieces} pieces; one label run prints at most ${MAX_LABELS_PER_RUN}. ` +
        `Print its labels in runs from the shipment's Documents card: ${runs.map((r) => `${r.from}–${r.to}`).join(", ")}.`,
    );
  }
  const run = fromParam === null ? runs[0]! : runs.find((r) => String(r.from) === fromParam);
  if (!run) {
    return documentRefusal(
      `A label run starts at piece ${runs.map((r) => r.from).join(", ")} (at most ${MAX_LABELS_PER_RUN} labels each).`,
    );
  }
  // The PDF code (PDFKit, fonts, barcodes: ~35 MB) loads at the first document, not with the app.
  const { renderLabels } = await import("#app/server/documents/shipping-label.server.ts");
  const pdf = await renderLabels({
    runs: [{ shipment, from: run.from, to: run.to }],
    size: size as LabelSize,
    context: await documentContext(context),
  });
  const suffix = runs.length > 1 ? `-${run.from}-${run.to}` : "";
  return pdfResponse(pdf, `${shipment.trackingNumber}-label${suffix}.pdf`);
}
