import { z } from "zod";
import { MAX_LABELS_PER_BULK, MAX_LABELS_PER_RUN } from "#app/lib/freight-terms.ts";
import {
  type DocumentShipment,
  LABEL_SIZES,
  type LabelRun,
  pieceCount,
} from "#app/server/documents/document-context.server.ts";

/** The list's 'Print labels' post: the ticked shipments' ids and the label size. */
export const bulkLabelsSchema = z.object({
  ids: z
    .array(z.string())
    .transform((ids) => [...new Set(ids.map((id) => id.trim()))])
    .pipe(
      z
        .array(z.uuid({ message: "Some selected shipments do not exist." }))
        .min(1, { message: "Select at least one shipment to print labels for." })
        .max(MAX_LABELS_PER_BULK, {
          message: `Select at most ${MAX_LABELS_PER_BULK} shipments: a bulk PDF holds at most ${MAX_LABELS_PER_BULK} labels.`,
        }),
    ),
  size: z.enum(LABEL_SIZES, { message: "Choose a label size: 4×6 in or A6." }),
});

export type BulkLabelPlan = { ok: true; runs: LabelRun[]; labels: number } | { ok: false; message: string };

/** One run per shipment (all its pieces), unless one has more than 100 pieces or all need more than 500 labels. */
export function planBulkLabels(shipments: DocumentShipment[]): BulkLabelPlan {
  if (shipments.length === 0) return { ok: false, message: "The selected shipments no longer exist." };
  const tooMany = shipments.find((s) => pieceCount(s) > MAX_LABELS_PER_RUN);
  if (tooMany) {
    return {
      ok: false,
      message: `${tooMany.trackingNumber} has ${pieceCount(tooMany)} pieces: more than ${MAX_LABELS_PER_RUN} labels per run. Print its labels in runs from its own page.`,
    };
  }
  const labels = shipments.reduce((sum, s) => sum + pieceCount(s), 0);
  if (labels > MAX_LABELS_PER_BULK) {
    return {
      ok: false,
      message: `The selection needs ${labels} labels; one PDF holds at most ${MAX_LABELS_PER_BULK}. Select fewer shipments.`,
    };
  }
  return {
    ok: true,
    runs: shipments.map((shipment) => ({ shipment, from: 1, to: pieceCount(shipment) })),
    labels,
  };
}
