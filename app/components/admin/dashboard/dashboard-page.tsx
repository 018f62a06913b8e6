import type { ComponentProps } from "react";
import {
  InboxCard,
  OverdueList,
  StatCard,
  StatusBreakdown,
  WeeklyChart,
} from "#app/components/admin/dashboard/dashboard-widgets.tsx";
import { ExceptionCards } from "#app/components/admin/exceptions/exceptions-board.tsx";
import { ReceivablesCard } from "#app/components/admin/receivables/receivables-card.tsx";

/** What the dashboard shows, each part as its card takes it. */
export type DashboardPageData = {
  counts: { total: number; active: number };
  receivables: ComponentProps<typeof ReceivablesCard>["rows"] | null;
  unread: { quoteRequests: number; messages: number };
  exceptions: ComponentProps<typeof ExceptionCards>["counts"];
  byStatus: ComponentProps<typeof StatusBreakdown>["rows"];
  weeks: ComponentProps<typeof WeeklyChart>["weeks"];
  overdue: ComponentProps<typeof OverdueList>["rows"];
};

/** /admin/dashboard: shipment counts, what is owed, exceptions, unread inbox items, the weeks and the overdue. */
export function DashboardPage({ data }: { data: DashboardPageData }) {
  const { counts, receivables, unread, exceptions, byStatus, weeks, overdue } = data;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold text-slate-900">Dashboard</h1>
      <div className="grid gap-6 md:grid-cols-2">
        <StatCard
          icon="total"
          title="Total Shipments"
          value={counts.total}
          caption="All time shipments"
          action="Manage Shipments"
          to="/admin/shipments"
        />
        <StatCard
          icon="active"
          title="Active Shipments"
          value={counts.active}
          caption="Currently in transit"
          // The spec's count (every status but Delivered) under its caption 'Currently in transit', meaning on the
          // way: no second count beside it (a number 'In Transit', the status, read as contradicting the caption).
          // Shipments by Status below splits it.
          detail="Every shipment not delivered yet, whatever its status."
          action="View Active"
          to="/admin/shipments?status=active"
        />
      </div>
      {receivables ? <ReceivablesCard rows={receivables} /> : null}
      <section aria-labelledby="exceptions-title" className="flex flex-col gap-3">
        <h2 id="exceptions-title" className="text-lg font-semibold text-slate-900">
          Exceptions
        </h2>
        <ExceptionCards counts={exceptions} />
      </section>
      <section aria-labelledby="inbox-title" className="flex flex-col gap-3">
        <h2 id="inbox-title" className="text-lg font-semibold text-slate-900">
          Inbox
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <InboxCard
            kind="quotes"
            title="Unread quote requests"
            count={unread.quoteRequests}
            to="/admin/quote-requests"
          />
          <InboxCard
            kind="messages"
            title="Unread messages"
            count={unread.messages}
            to="/admin/contact-submissions"
          />
        </div>
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        <WeeklyChart weeks={weeks} />
        <StatusBreakdown rows={byStatus} />
      </div>
      <OverdueList rows={overdue} />
    </div>
  );
}
