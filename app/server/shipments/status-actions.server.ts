import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { rowIdSchema, SHIPMENT_DETAIL_INTENTS } from "#app/schemas/shipment-admin.ts";
import { statusUpdateSchema } from "#app/schemas/shipment-status.ts";
import { redirectWithToast } from "#app/server/platform/toast.server.ts";
import { type DetailActionArgs, invalid } from "#app/server/shipments/detail-action-args.server.ts";
import type { DetailActionData } from "#app/server/shipments/shipment-detail-views.ts";
import {
  addStatusUpdate,
  deleteStatusUpdate,
  updateStatusUpdate,
} from "#app/server/shipments/shipments.server.ts";

// The status history of the detail page: add a status update, edit or delete one.

/** Whether `intent` is one of the status history's forms. */
export const isStatusIntent = (intent: string) =>
  intent === SHIPMENT_DETAIL_INTENTS.addStatus ||
  intent === SHIPMENT_DETAIL_INTENTS.updateStatus ||
  intent === SHIPMENT_DETAIL_INTENTS.deleteStatus;

export async function statusAction({ services, formData, intent, shipment, page }: DetailActionArgs) {
  const { db, logger, siteSettings } = services;
  if (intent === SHIPMENT_DETAIL_INTENTS.addStatus) {
    const { timeZone } = await siteSettings.get();
    const submission = parseWithZod(formData, { schema: statusUpdateSchema({ timeZone }) });
    if (submission.status !== "success") {
      return data<DetailActionData>({ intent, target: "new", result: submission.reply() }, { status: 400 });
    }
    try {
      const entry = await addStatusUpdate({ db, shipmentId: shipment.id, input: submission.value });
      if (!entry) return redirectWithToast(page, { type: "error", title: "Failed to add status update" });
      return redirectWithToast(page, { type: "success", title: "Status update added" });
    } catch (error) {
      logger.error({ err: error, shipmentId: shipment.id }, "Adding a status update failed");
      return redirectWithToast(page, { type: "error", title: "Failed to add status update" });
    }
  }

  if (intent === SHIPMENT_DETAIL_INTENTS.updateStatus || intent === SHIPMENT_DETAIL_INTENTS.deleteStatus) {
    const row = rowIdSchema.safeParse({ id: formData.get("id") });
    if (!row.success) return invalid(intent, null, "This status update does not exist.");
    const entryId = row.data.id;
    // Asked only on the newest entry, whose status and location the shipment follows (docs/decisions/013).
    const notify = formData.get("notify") === "on";
    const failure =
      intent === SHIPMENT_DETAIL_INTENTS.updateStatus ? "Failed to update status" : "Failed to delete status";
    try {
      if (intent === SHIPMENT_DETAIL_INTENTS.deleteStatus) {
        const deleted = await deleteStatusUpdate({ db, shipmentId: shipment.id, id: entryId, notify });
        if (!deleted) return redirectWithToast(page, { type: "error", title: failure });
        return redirectWithToast(page, { type: "success", title: "Status deleted successfully" });
      }
      const { timeZone } = await siteSettings.get();
      const submission = parseWithZod(formData, {
        schema: statusUpdateSchema({ timeZone }).omit({ alsoSetCurrent: true }),
      });
      if (submission.status !== "success") {
        return data<DetailActionData>(
          { intent, target: entryId, result: submission.reply() },
          { status: 400 },
        );
      }
      const updated = await updateStatusUpdate({
        db,
        shipmentId: shipment.id,
        id: entryId,
        input: submission.value,
        notify,
      });
      if (!updated) return redirectWithToast(page, { type: "error", title: failure });
      return redirectWithToast(page, { type: "success", title: "Status update saved" });
    } catch (error) {
      logger.error({ err: error, shipmentId: shipment.id, entryId }, "Changing a status update failed");
      return redirectWithToast(page, { type: "error", title: failure });
    }
  }
}
