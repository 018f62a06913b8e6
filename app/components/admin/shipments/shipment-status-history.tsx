import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { COMMON_STATUSES } from "#app/schemas/shipment.ts";
import { SHIPMENT_DETAIL_INTENTS } from "#app/schemas/shipment-admin.ts";
import { FormAlert, INTENT, useSubmitting } from "#app/components/admin/form-fields.tsx";
import { ShipmentHistoryEntry } from "#app/components/admin/shipments/shipment-history-entry.tsx";
import { echoedValues } from "#app/components/admin/shipments/shipment-party-fields.tsx";
import { STATUS_LIST_ID, StatusFields } from "#app/components/admin/shipments/shipment-status-fields.tsx";
import type { DetailActionData, DetailEntry } from "#app/server/handlers/shipment-detail.server.ts";

type Reply = DetailActionData["result"] | undefined;

/** The 'Status History' card: the 'Add Status Update' form, then the timeline (newest first). */
export function ShipmentStatusHistory({
  history,
  formKey,
  editing,
  addReply,
  editReply,
  formError,
}: {
  history: DetailEntry[];
  /** A new key clears the 'Add Status Update' form. */
  formKey: number;
  /** The `?edit=` of the URL: the id of the entry being edited, if any. */
  editing: string | null;
  addReply: Reply;
  editReply: Reply;
  formError: string[] | undefined;
}) {
  const adding = useSubmitting(SHIPMENT_DETAIL_INTENTS.addStatus);
  const echoed = addReply ? echoedValues(addReply.initialValue) : undefined;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Status History</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <datalist id={STATUS_LIST_ID}>
          {COMMON_STATUSES.map((status) => (
            <option key={status} value={status} />
          ))}
        </datalist>
        <FormAlert errors={formError} id="history-form-error" />
        <Form
          key={formKey}
          method="post"
          preventScrollReset
          noValidate
          aria-labelledby="add-status-title"
          className="flex flex-col gap-4 rounded-md border border-slate-200 bg-slate-50 p-4"
        >
          <h3 id="add-status-title" className="font-semibold text-slate-900">
            Add Status Update
          </h3>
          <input type="hidden" name={INTENT} value={SHIPMENT_DETAIL_INTENTS.addStatus} />
          <StatusFields idPrefix="new-status" defaults={echoed} errors={addReply?.error} />
          <div className="flex items-start gap-2">
            <input
              id="new-status-current"
              type="checkbox"
              name="alsoSetCurrent"
              defaultChecked={echoed?.alsoSetCurrent === "on"}
              className="mt-0.5 size-4 accent-brand-700"
            />
            <label htmlFor="new-status-current" className="text-sm text-slate-800">
              Also set as the shipment's current status and location
            </label>
          </div>
          <Button type="submit" className="self-start" disabled={adding}>
            {adding ? "Adding..." : "Add Status Update"}
          </Button>
        </Form>

        {history.length === 0 ? (
          <p className="text-slate-600">No status updates available</p>
        ) : (
          <ol aria-label="Status history" className="flex flex-col">
            {history.map((entry, index) => (
              <ShipmentHistoryEntry
                key={entry.id}
                entry={entry}
                last={index === history.length - 1}
                editing={editing === entry.id}
                reply={editing === entry.id ? editReply : undefined}
              />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
