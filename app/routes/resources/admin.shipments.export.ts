import { servicesContext } from "#app/context.ts";
import { shipmentExport } from "#app/server/shipments/shipment-export.server.ts";
import { exportFormatOf, exportResponse } from "#app/server/spreadsheets/exports.server.ts";
import { requireAdmin } from "#app/server/staff/staff-guards.server.ts";
import type { Route } from "./+types/admin.shipments.export";

/**
 * /admin/shipments/export.csv and /admin/shipments/export.xlsx: every shipment the list shows for its q, status and
 * sort (not only the page), with parties and latest status, streamed (decision 020).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin({ request, context });
  const { db, logger } = context.get(servicesContext);
  const format = exportFormatOf(request);
  logger.info({ userId: user.id, format }, "Shipments exported");
  return exportResponse({
    table: shipmentExport({ db, params: new URL(request.url).searchParams }),
    format,
    name: "shipments",
  });
}
