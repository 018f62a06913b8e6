import { Link } from "react-router";
import { ActivityEntries } from "#app/components/admin/activity/activity-entries.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import type { ActivityEntry } from "#app/server/handlers/activity.server.ts";

/** A shipment's Activity card: who changed what on it, and when (its latest 20 entries). */
export function ShipmentActivityCard({
  shipmentId,
  entries,
}: {
  shipmentId: string;
  entries: ActivityEntry[];
}) {
  return (
    <Card id="activity">
      <CardHeader>
        <CardTitle>Activity</CardTitle>
        <p className="text-sm text-slate-600">
          Who changed this shipment, its status updates and its delivery, and when.
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {entries.length === 0 ? (
          <p className="text-sm text-slate-700">No staff change recorded yet.</p>
        ) : (
          <ActivityEntries entries={entries} label="Activity of this shipment" showSubject={false} />
        )}
        <Link to={`/admin/activity?shipment=${shipmentId}`} className="text-sm text-brand-700 underline">
          All activity of this shipment
        </Link>
      </CardContent>
    </Card>
  );
}
