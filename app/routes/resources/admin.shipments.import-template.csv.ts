import { TEMPLATE_ROWS } from "#app/lib/shipment-import.ts";
import { csvLine } from "#app/server/spreadsheets/cells.server.ts";
import { requireAdmin } from "#app/server/staff/staff-guards.server.ts";
import type { Route } from "./+types/admin.shipments.import-template.csv";

/** /admin/shipments/import-template.csv: the import's columns with one example row (dates DD/MM/YYYY). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  return new Response(`\ufeff${TEMPLATE_ROWS.map((row) => csvLine(row)).join("")}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="shipment-import-template.csv"',
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
