import { servicesContext } from "#app/context.ts";
import { contactSubmissionExport } from "#app/server/inbox/contact-export.server.ts";
import { exportFormatOf, exportResponse } from "#app/server/spreadsheets/exports.server.ts";
import { requireAdmin } from "#app/server/staff/staff-guards.server.ts";
import type { Route } from "./+types/admin.contact-submissions.export";

/** /admin/contact-submissions/export.csv and .xlsx: the messages the inbox shows for its read and q (decision 020). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin({ request, context });
  const { db, logger } = context.get(servicesContext);
  const format = exportFormatOf(request);
  logger.info({ userId: user.id, format }, "Contact messages exported");
  return exportResponse({
    table: contactSubmissionExport({ db, params: new URL(request.url).searchParams }),
    format,
    name: "contact-messages",
  });
}
