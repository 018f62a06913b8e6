// /admin/dashboard: the counts of several domains on one page (shipments, exceptions, the inboxes, what is owed),
// at the top of the order like the shipment page, since it reads them all.
import type { RouterContextProvider } from "react-router";
import { servicesContext } from "#app/context.ts";
import { formatDate } from "#app/lib/format.ts";
import { roleMayUse } from "#app/lib/roles.ts";
import { countUnreadInbox } from "#app/server/inbox/unread.server.ts";
import { loadReceivablesCard } from "#app/server/receivables/receivables-pages.server.ts";
import { countExceptions, getExceptionSettings } from "#app/server/shipments/exceptions.server.ts";
import { countShipments, getShipmentStats } from "#app/server/shipments/shipment-dashboard.server.ts";
import { requireAdmin } from "#app/server/staff/staff-guards.server.ts";

/** Every count on the dashboard, for the signed-in staff member (receivables only for the roles that see them). */
export async function loadDashboardPage({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}) {
  const user = await requireAdmin({ request, context });
  const { db, siteSettings } = context.get(servicesContext);
  // One clock and the company's time zone for every count on the page (decision 010).
  const now = new Date();
  const [{ timeZone }, { stallDays }] = await Promise.all([siteSettings.get(), getExceptionSettings({ db })]);
  const [counts, stats, unread, exceptions, receivables] = await Promise.all([
    countShipments({ db }),
    getShipmentStats({ db, timeZone, now }),
    countUnreadInbox({ db }),
    countExceptions({ db, stallDays, timeZone, now }),
    // What is owed: for the roles that see receivables (decision 026).
    roleMayUse(user.role, "/admin/receivables") ? loadReceivablesCard({ db, timeZone }) : null,
  ]);
  // Dates formatted here so the server and the browser show the same text.
  return {
    counts,
    receivables,
    unread,
    exceptions,
    byStatus: stats.byStatus,
    weeks: stats.weeks.map((week) => ({
      ...week,
      label: formatDate(`${week.weekStart}T00:00:00Z`).replace(/, \d{4}$/, ""),
    })),
    overdue: stats.overdue.map((row) => ({
      id: row.id,
      trackingNumber: row.trackingNumber,
      status: row.status,
      destination: row.destinationLocation,
      estimatedDelivery: row.estimatedDelivery ? formatDate(row.estimatedDelivery) : "-",
    })),
  };
}
