import { MAX_LABELS_PER_RUN } from "#app/lib/freight-terms.ts";
import type { ShipmentDocumentLinks } from "#app/server/documents/document-views.ts";
import type { Config } from "#app/server/platform/config.server.ts";

// The Documents card's links (shipment detail) and the URLs of the PDFs.

export const labelPath = (id: string) => `/admin/shipments/${id}/label.pdf`;
export const waybillPath = (id: string) => `/admin/shipments/${id}/waybill.pdf`;
export const deliveryNotePath = (id: string) => `/admin/shipments/${id}/delivery-note.pdf`;
export const BULK_LABELS_PATH = "/admin/shipments/labels.pdf";

/** Pieces 1…N in runs of at most MAX_LABELS_PER_RUN: [1–100], [101–200], … */
export function labelRuns(pieces: number): Array<{ from: number; to: number }> {
  const runs = [];
  for (let from = 1; from <= pieces; from += MAX_LABELS_PER_RUN) {
    runs.push({ from, to: Math.min(pieces, from + MAX_LABELS_PER_RUN - 1) });
  }
  return runs;
}

export function documentLinks({
  shipment,
  config,
}: {
  shipment: { id: string; pieces: number | null };
  config: Pick<Config, "SITE_URL" | "siteUrl">;
}): ShipmentDocumentLinks {
  const pieces = shipment.pieces ?? 1;
  return {
    siteUrlSet: Boolean(config.SITE_URL),
    siteUrl: config.siteUrl,
    pieces,
    labelRuns: labelRuns(pieces).map(({ from, to }) => ({
      from,
      to,
      href:
        from === 1 ? `${labelPath(shipment.id)}?size=4x6` : `${labelPath(shipment.id)}?size=4x6&from=${from}`,
    })),
    waybill: waybillPath(shipment.id),
    deliveryNote: deliveryNotePath(shipment.id),
  };
}
