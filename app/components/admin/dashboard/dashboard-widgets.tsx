import { Activity, AlertTriangle, Inbox, Mail, Package } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ShipmentStatusBadge } from "#app/components/admin/shipments/shipment-status-badge.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";

/** A count with its caption and a button: 'Total Shipments' / 'All time shipments' / 'Manage Shipments'. */
export function StatCard({
  title,
  value,
  caption,
  action,
  to,
  icon,
  detail,
}: {
  title: string;
  value: number;
  caption: string;
  /** What the count holds, where the spec's caption alone would say less than it. */
  detail?: string;
  action: string;
  to: string;
  icon: "total" | "active";
}) {
  const Icon = icon === "total" ? Package : Activity;
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between pb-2">
        <CardTitle className="text-base font-medium text-slate-700">{title}</CardTitle>
        <Icon aria-hidden="true" className="size-5 text-brand-700" />
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div>
          <p className="text-3xl font-bold text-slate-900">{value.toLocaleString("en-US")}</p>
          <p className="text-sm text-slate-600">{caption}</p>
          {detail ? <p className="text-sm text-slate-600">{detail}</p> : null}
        </div>
        <Link to={to} className={buttonClass({ variant: "outline", size: "sm", className: "self-start" })}>
          {action}
        </Link>
      </CardContent>
    </Card>
  );
}

/** Unread quote requests or messages, linking to the inbox. */
export function InboxCard({
  title,
  count,
  to,
  kind,
}: {
  title: string;
  count: number;
  to: string;
  kind: "quotes" | "messages";
}) {
  const Icon = kind === "quotes" ? Inbox : Mail;
  return (
    <Link
      to={to}
      className="flex items-center gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-300 hover:bg-brand-50"
    >
      <span
        aria-hidden="true"
        className="flex size-10 items-center justify-center rounded-full bg-brand-50 text-brand-700"
      >
        <Icon className="size-5" />
      </span>
      <span>
        <span className="block text-2xl font-bold text-slate-900">{count.toLocaleString("en-US")}</span>
        <span className="block text-sm text-slate-700">{title}</span>
      </span>
    </Link>
  );
}

/** Shipments by status: each status with its badge, count and a bar relative to the largest. */
export function StatusBreakdown({ rows }: { rows: { status: string; count: number }[] }) {
  const max = Math.max(1, ...rows.map((row) => row.count));
  return (
    <Panel title="Shipments by Status" id="by-status-title">
      {rows.length === 0 ? (
        <p className="text-slate-600">No shipments yet.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {rows.map((row) => (
            <li
              key={row.status}
              className="grid grid-cols-[minmax(0,10rem)_minmax(0,1fr)_3rem] items-center gap-3"
            >
              <span className="truncate">
                <ShipmentStatusBadge status={row.status} />
              </span>
              <span aria-hidden="true" className="h-2.5 rounded-full bg-slate-100">
                <span
                  className="block h-full rounded-full bg-brand-600"
                  style={{ width: `${Math.max(2, (row.count / max) * 100)}%` }}
                />
              </span>
              <span className="text-right font-semibold text-slate-900">{row.count}</span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** Shipments created per week (12 weeks): CSS bars, with a table for screen readers. */
export function WeeklyChart({ weeks }: { weeks: { weekStart: string; label: string; count: number }[] }) {
  const max = Math.max(1, ...weeks.map((week) => week.count));
  const total = weeks.reduce((sum, week) => sum + week.count, 0);
  return (
    <Panel title="Shipments Created per Week" id="weekly-title">
      <p id="weekly-summary" className="mb-4 text-sm text-slate-600">
        {total} {total === 1 ? "shipment" : "shipments"} created in the last 12 weeks.
      </p>
      <div aria-hidden="true" className="flex h-44 items-end gap-1.5 border-b border-slate-300">
        {weeks.map((week) => (
          <div key={week.weekStart} className="flex h-full flex-1 flex-col items-center justify-end gap-1">
            <span className="text-xs font-semibold text-slate-700">{week.count > 0 ? week.count : ""}</span>
            <span
              className="block w-full rounded-t bg-brand-600"
              style={{ height: `${(week.count / max) * 85}%`, minHeight: week.count > 0 ? "4px" : "1px" }}
            />
          </div>
        ))}
      </div>
      <div aria-hidden="true" className="mt-1 flex gap-1.5">
        {weeks.map((week, index) => (
          <span key={week.weekStart} className="flex-1 text-center text-[0.65rem] text-slate-600">
            {index % 2 === 0 ? week.label : ""}
          </span>
        ))}
      </div>
      {/* A table ignores sr-only's 1 px size (it grows to its content): the box around it takes it. */}
      <div className="sr-only">
        <table>
          <caption>Shipments created per week, last 12 weeks</caption>
          <thead>
            <tr>
              <th scope="col">Week starting</th>
              <th scope="col">Shipments</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.weekStart}>
                <th scope="row">{week.label}</th>
                <td>{week.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Panel>
  );
}

type OverdueRow = {
  id: string;
  trackingNumber: string;
  status: string;
  estimatedDelivery: string;
  destination: string;
};

/** Shipments whose estimated delivery has passed without a 'Delivered' status. */
export function OverdueList({ rows }: { rows: OverdueRow[] }) {
  return (
    <Panel
      title="Overdue Deliveries"
      id="overdue-title"
      icon={<AlertTriangle aria-hidden="true" className="size-5 text-red-700" />}
    >
      {rows.length === 0 ? (
        <p className="text-slate-600">No shipments are past their estimated delivery.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {rows.map((row) => (
            <li key={row.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
              <span className="flex flex-col">
                <Link
                  to={`/admin/shipments/${row.id}`}
                  className="font-medium text-brand-700 underline-offset-4 hover:underline"
                >
                  {row.trackingNumber}
                </Link>
                <span className="text-sm text-slate-600">
                  To {row.destination}, expected {row.estimatedDelivery}
                </span>
              </span>
              <ShipmentStatusBadge status={row.status} />
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function Panel({
  title,
  id,
  icon,
  children,
}: {
  title: string;
  id: string;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <Card className="h-full">
        <CardHeader className="flex-row items-center justify-between">
          <CardTitle id={id}>{title}</CardTitle>
          {icon}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </section>
  );
}
