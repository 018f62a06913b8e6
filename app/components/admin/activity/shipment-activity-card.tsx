import { Link } from "react-router";
import { ActivityEntries } from "#app/components/admin/activity/activity-entries.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import type { ActivityEntry } from "#app/server/audit/activity-views.ts";

/**
 * A shipment's Activity card: who changed what on it, and when. Closed, it offers 'Show activity' (the page
 * with `?activity`, so it works without JavaScript); open, it lists the latest 20 entries.
 */
export function ShipmentActivityCard({
  shipmentId,
  entries,
}: {
  shipmentId: string;
  entries: ActivityEntry[] | null;
}) {
  const link = "text-sm text-brand-700 underline";
  return (
    <Card id="activity">
      <CardHeader>
        <CardTitle>Activity</CardTitle>
        <p className="text-sm text-slate-600">
          Who changed this shipment, its status updates and its delivery, when, and from where.
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {entries === null ? null : entries.length === 0 ? (
          <p className="text-sm text-slate-700">No staff change recorded yet.</p>
        ) : (
          <ActivityEntries entries={entries} label="Activity of this shipment" showSubject={false} />
        )}
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {entries === null ? (
            <Link to="?activity#activity" preventScrollReset className={link}>
              Show activity
            </Link>
          ) : (
            <Link to="?#activity" preventScrollReset className={link}>
              Hide activity
            </Link>
          )}
          <Link to={`/admin/activity?shipment=${shipmentId}`} className={link}>
            All activity of this shipment
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}
