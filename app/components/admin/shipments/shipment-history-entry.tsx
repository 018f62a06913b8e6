import { MapPin, Package, PackageCheck, Pencil, Trash2, Truck } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { INTENT, useSubmitting } from "#app/components/admin/form-fields.tsx";
import {
  InlineEditActions,
  useInlineEditFocus,
} from "#app/components/admin/shipments/inline-edit-actions.tsx";
import { useShipmentEditable } from "#app/components/admin/shipments/shipment-editable.ts";
import { echoedValues } from "#app/components/admin/shipments/shipment-party-fields.tsx";
import {
  StatusCheck,
  StatusFields,
  useStatusFormCheck,
} from "#app/components/admin/shipments/shipment-status-fields.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { ConfirmDialog } from "#app/components/ui/dialog.tsx";
import { type TimelineIcon, timelineIconKind } from "#app/lib/shipment-status.ts";
import { SHIPMENT_DETAIL_INTENTS } from "#app/schemas/shipment-admin.ts";
import type { DetailActionData, DetailEntry } from "#app/server/shipments/shipment-detail-views.ts";

const ICONS: Record<TimelineIcon, typeof Truck> = {
  truck: Truck,
  delivered: PackageCheck,
  location: MapPin,
  package: Package,
};

/** The id of an entry's <li>, which takes the focus once the entry is added. */
export const historyEntryId = (id: string) => `entry-${id}`;

/**
 * One status update on the timeline: status, date, location and notes with Edit and Delete, or its edit form.
 * The newest entry is the shipment's status and location: editing or deleting it changes them too, so its forms
 * say so and ask whether to tell the customers, as adding an update does (docs/decisions/013).
 */
export function ShipmentHistoryEntry({
  entry,
  newest,
  last,
  editing,
  reply,
  timeZone,
}: {
  entry: DetailEntry;
  /** The newest entry by event time, which the shipment's own status and location follow. */
  newest: boolean;
  last: boolean;
  editing: boolean;
  /** The refused edit of this entry, to show its messages and what was typed. */
  reply: DetailActionData["result"] | undefined;
  /** The company's time zone, which the event time is typed in. */
  timeZone: string;
}) {
  const Icon = ICONS[timelineIconKind(entry.status)];
  const saving = useSubmitting(SHIPMENT_DETAIL_INTENTS.updateStatus);
  const navigation = useNavigation();
  const deleting =
    navigation.state !== "idle" &&
    navigation.formData?.get(INTENT) === SHIPMENT_DETAIL_INTENTS.deleteStatus &&
    navigation.formData?.get("id") === entry.id;
  const titleId = `entry-${entry.id}-title`;
  const { formRef, editRef, onKeyDown } = useInlineEditFocus(editing, reply);
  const editable = useShipmentEditable();
  const { errors, onSubmit } = useStatusFormCheck(timeZone, reply?.error);
  return (
    <li
      id={historyEntryId(entry.id)}
      tabIndex={-1}
      className="relative flex gap-4 rounded-md pb-6 last:pb-0 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-4"
    >
      {last ? null : (
        <span
          aria-hidden="true"
          className="absolute top-10 bottom-0 left-5 w-0.5 -translate-x-1/2 bg-brand-200"
        />
      )}
      <span
        aria-hidden="true"
        className="relative z-10 flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white"
      >
        <Icon className="size-5" />
      </span>
      <div className="min-w-0 flex-1 pt-1">
        {editing ? (
          <Form
            ref={formRef}
            method="post"
            preventScrollReset
            noValidate
            aria-labelledby={titleId}
            onKeyDown={onKeyDown}
            onSubmit={onSubmit}
            className="flex flex-col gap-3"
          >
            <p id={titleId} className="text-sm font-semibold text-slate-900">
              Edit status update of <time dateTime={entry.iso}>{entry.date}</time>
            </p>
            <input type="hidden" name={INTENT} value={SHIPMENT_DETAIL_INTENTS.updateStatus} />
            <input type="hidden" name="id" value={entry.id} />
            <StatusFields
              idPrefix={`entry-${entry.id}`}
              defaults={reply ? echoedValues(reply.initialValue) : entry}
              errors={errors}
              timeZone={timeZone}
            />
            {newest ? (
              <StatusCheck
                id={`entry-${entry.id}-notify`}
                name="notify"
                defaultChecked
                hint="This is the newest entry: the shipment's current status and location follow it, as the tracking page shows them. Customers are told only when these change."
              >
                Notify customers (the shipper, consignee and subscribers)
              </StatusCheck>
            ) : null}
            <InlineEditActions saving={saving} />
          </Form>
        ) : (
          <>
            <div className="flex flex-col gap-x-3 gap-y-1 sm:flex-row sm:items-start sm:justify-between">
              <div>
                <p className="font-semibold break-words text-slate-900">
                  {entry.status}
                  <span className="sr-only"> (completed)</span>
                </p>
                <time dateTime={entry.iso} className="text-sm text-slate-600">
                  {entry.date}
                </time>
              </div>
              <div className={editable ? "flex shrink-0 gap-1" : "hidden"}>
                <Link
                  ref={editRef}
                  to={`?edit=${entry.id}`}
                  replace
                  preventScrollReset
                  className={buttonClass({ variant: "ghost", size: "sm" })}
                >
                  <Pencil aria-hidden="true" className="size-4" />
                  Edit
                  <span className="sr-only">
                    {" "}
                    status update {entry.status}, {entry.date}
                  </span>
                </Link>
                <ConfirmDialog
                  trigger={
                    <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50">
                      <Trash2 aria-hidden="true" className="size-4" />
                      Delete
                      <span className="sr-only">
                        {" "}
                        status update {entry.status}, {entry.date}
                      </span>
                    </Button>
                  }
                  title="Delete status update?"
                  description={`The entry '${entry.status}' of ${entry.date} will be permanently removed from the status history.${newest && !last ? " The shipment's current status and location go back to those of the entry before it." : ""}`}
                >
                  <Form method="post" action="." preventScrollReset className="flex flex-col gap-3">
                    <input type="hidden" name={INTENT} value={SHIPMENT_DETAIL_INTENTS.deleteStatus} />
                    <input type="hidden" name="id" value={entry.id} />
                    {newest && !last ? (
                      <StatusCheck
                        id={`entry-${entry.id}-delete-notify`}
                        name="notify"
                        defaultChecked={false}
                      >
                        Notify customers of the status it goes back to
                      </StatusCheck>
                    ) : null}
                    <Button type="submit" variant="danger" className="w-full" disabled={deleting}>
                      {deleting ? "Deleting..." : "Delete"}
                    </Button>
                  </Form>
                </ConfirmDialog>
              </div>
            </div>
            <p className="mt-0.5 flex items-start gap-1.5 text-sm break-words text-slate-700">
              <MapPin aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-slate-500" />
              {entry.location}
            </p>
            {entry.notes ? (
              <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-600">{entry.notes}</p>
            ) : null}
          </>
        )}
      </div>
    </li>
  );
}
