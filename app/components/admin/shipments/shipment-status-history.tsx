import { FormAlert } from "#app/components/admin/form-fields.tsx";
import { ShipmentHistoryEntry } from "#app/components/admin/shipments/shipment-history-entry.tsx";
import { StatusOptions } from "#app/components/admin/shipments/shipment-status-fields.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import type { DetailActionData, DetailEntry } from "#app/server/shipments/shipment-detail-views.ts";

type Reply = DetailActionData["result"] | undefined;

/**
 * The 'Status History' card: the timeline, newest first by event time (the 'Add Status Update' dialog opens
 * from the page's header).
 */
export function ShipmentStatusHistory({
  history,
  timeZone,
  editing,
  editReply,
  formError,
}: {
  history: DetailEntry[];
  /** The company's time zone, which event times are typed in. */
  timeZone: string;
  /** The `?edit=` of the URL: the id of the entry being edited, if any. */
  editing: string | null;
  editReply: Reply;
  formError: string[] | undefined;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Status History</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <StatusOptions />
        <FormAlert errors={formError} id="history-form-error" />

        {history.length === 0 ? (
          <p className="text-slate-600">No status updates available</p>
        ) : (
          <ol aria-label="Status history" className="flex flex-col">
            {history.map((entry, index) => (
              <ShipmentHistoryEntry
                key={entry.id}
                entry={entry}
                newest={index === 0}
                last={index === history.length - 1}
                editing={editing === entry.id}
                reply={editing === entry.id ? editReply : undefined}
                timeZone={timeZone}
              />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
