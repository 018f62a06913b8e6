import { servicesContext } from "#app/context.ts";
import { quoteRequestExport } from "#app/server/quotes/quote-request-export.server.ts";
import { exportFormatOf, exportResponse } from "#app/server/spreadsheets/exports.server.ts";
import { requireAdmin } from "#app/server/staff/staff-guards.server.ts";
import type { Route } from "./+types/admin.quote-requests.export";

/** /admin/quote-requests/export.csv and .xlsx: the requests the inbox shows for its read, q and stage (decision 020). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin({ request, context });
  const { db, logger } = context.get(servicesContext);
  const format = exportFormatOf(request);
  logger.info({ userId: user.id, format }, "Quote requests exported");
  return exportResponse({
    table: quoteRequestExport({ db, params: new URL(request.url).searchParams }),
    format,
    name: "quote-requests",
  });
}
