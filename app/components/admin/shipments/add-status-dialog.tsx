import { Plus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation, useSearchParams } from "react-router";
import { FormAlert, INTENT, useSubmitting } from "#app/components/admin/form-fields.tsx";
import { historyEntryId } from "#app/components/admin/shipments/shipment-history-entry.tsx";
import { echoedValues } from "#app/components/admin/shipments/shipment-party-fields.tsx";
import {
  CURRENT_HINT,
  nextStatus,
  StatusCheck,
  StatusFields,
  useStatusFormCheck,
} from "#app/components/admin/shipments/shipment-status-fields.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogTitle } from "#app/components/ui/dialog.tsx";
import { toLocalDateTime } from "#app/lib/time-zone.ts";
import { SHIPMENT_DETAIL_INTENTS } from "#app/schemas/shipment-admin.ts";
import type { DetailActionData } from "#app/server/shipments/shipment-detail-views.ts";

/** The query parameter that opens the dialog with the page: `/admin/shipments/:id?add-status`. */
export const OPEN_ADD_STATUS = "add-status";

/**
 * 'Add Status Update' at the top of the shipment detail, opening the form in a dialog. The form starts with
 * the next usual status after the shipment's own (`nextStatus`), the event time now (in the company's time
 * zone), the shipment's current location, and 'Also set as the shipment's current status' ticked: the update
 * becomes what the tracking page shows and what the customers are told, so open, choose, save is all it takes.
 * Unticked, it is an earlier step added to the history, and nobody is told (decision 013). The page opened with
 * `?add-status` (the list's 'Add status update' on a row) opens the dialog at once. A refused post keeps the
 * dialog open with the messages; once the update is added, the dialog closes and the focus goes to the new
 * entry on the timeline.
 */
export function AddStatusDialog({
  timeZone,
  currentStatus,
  currentLocation,
  historyIds,
  reply,
}: {
  timeZone: string;
  /** The shipment's own status, to start the form with the next usual one. */
  currentStatus: string;
  currentLocation: string | null;
  /** The ids of the timeline's entries, to find the one added. */
  historyIds: string[];
  /** The refused post, to show its messages and what was typed. */
  reply: DetailActionData["result"] | undefined;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [open, setOpen] = useState(() => searchParams.has(OPEN_ADD_STATUS));
  // Opened from the list: the address loses its `?add-status` once the dialog is there, so a reload after
  // saving or closing does not open it again.
  useEffect(() => {
    if (!searchParams.has(OPEN_ADD_STATUS)) return;
    setOpen(true);
    setSearchParams(
      (params) => {
        params.delete(OPEN_ADD_STATUS);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [searchParams, setSearchParams]);
  const navigation = useNavigation();
  const adding = useSubmitting(SHIPMENT_DETAIL_INTENTS.addStatus);
  /** The entries before the post, while one is under way. */
  const before = useRef<Set<string> | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  /** Where the focus goes when the dialog closes, instead of the button that opened it. */
  const focusAfterClose = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (adding) {
      before.current ??= new Set(historyIds);
      return;
    }
    if (!before.current || navigation.state !== "idle") return;
    const previous = before.current;
    before.current = null;
    if (reply) return; // refused: the dialog stays open with the messages
    const added = historyIds.find((id) => !previous.has(id));
    focusAfterClose.current = added ? document.getElementById(historyEntryId(added)) : null;
    setOpen(false);
  }, [adding, navigation.state, reply, historyIds]);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button
        ref={trigger}
        variant="outline"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <Plus aria-hidden="true" className="size-4" />
        Add Status Update
      </Button>
      <DialogContent
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          const target = focusAfterClose.current;
          focusAfterClose.current = null;
          (target?.isConnected ? target : trigger.current)?.focus();
        }}
      >
        <DialogTitle>Add Status Update</DialogTitle>
        <AddStatusForm
          timeZone={timeZone}
          currentStatus={currentStatus}
          currentLocation={currentLocation}
          reply={reply}
          adding={adding}
        />
      </DialogContent>
    </Dialog>
  );
}

/** The dialog's form; mounted when the dialog opens, so 'now' is the time it opened. */
function AddStatusForm({
  timeZone,
  currentStatus,
  currentLocation,
  reply,
  adding,
}: {
  timeZone: string;
  currentStatus: string;
  currentLocation: string | null;
  reply: DetailActionData["result"] | undefined;
  adding: boolean;
}) {
  const [defaults] = useState(() =>
    reply
      ? echoedValues(reply.initialValue)
      : {
          status: nextStatus(currentStatus),
          timestamp: toLocalDateTime(new Date(), timeZone),
          location: currentLocation ?? "",
          alsoSetCurrent: "on",
        },
  );
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, onSubmit } = useStatusFormCheck(timeZone, reply?.error);

  // A refused post: the first field with a message takes the focus.
  useEffect(() => {
    if (reply?.error) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [reply]);

  return (
    <Form
      ref={formRef}
      method="post"
      preventScrollReset
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
    >
      <input type="hidden" name={INTENT} value={SHIPMENT_DETAIL_INTENTS.addStatus} />
      <FormAlert errors={reply?.error?.[""] ?? undefined} id="add-status-form-error" />
      <StatusFields idPrefix="new-status" defaults={defaults} errors={errors} timeZone={timeZone} />
      <StatusCheck
        id="new-status-current"
        name="alsoSetCurrent"
        defaultChecked={defaults.alsoSetCurrent === "on"}
        hint={CURRENT_HINT}
      >
        Also set as the shipment's current status and location
      </StatusCheck>
      <Button type="submit" className="self-start" disabled={adding}>
        {adding ? "Adding..." : "Add Status Update"}
      </Button>
    </Form>
  );
}
