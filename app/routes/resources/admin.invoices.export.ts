import { servicesContext } from "#app/context.ts";
import { companyToday } from "#app/lib/time-zone.ts";
import { documentRefusal } from "#app/server/documents/document-response.server.ts";
import { accountsExport, parseAccountsExportQuery } from "#app/server/receivables/accounts-export.server.ts";
import { exportFormatOf, exportResponse } from "#app/server/spreadsheets/exports.server.ts";
import { requireAdmin } from "#app/server/staff/staff-guards.server.ts";
import type { Route } from "./+types/admin.invoices.export";

/**
 * /admin/invoices/export.csv and .xlsx?what=documents|payments&from=&to= (Administrators and Accounts): the
 * invoices and credit notes issued, or the payments received, in a period, streamed (decisions 020 and 028).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin({ request, context });
  const { db, logger, siteSettings } = context.get(servicesContext);
  const parsed = parseAccountsExportQuery(new URL(request.url).searchParams);
  if (!parsed.ok) return documentRefusal(parsed.message);
  const format = exportFormatOf(request);
  const { query } = parsed;
  logger.info({ userId: user.id, format, ...query }, "Accounts exported");
  return exportResponse({
    table: accountsExport({ db, query, today: companyToday((await siteSettings.get()).timeZone) }),
    format,
    name: `${query.what === "payments" ? "payments" : "invoices"}-${query.from}-to-${query.to}`,
  });
}
