import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { servicesContext } from "#app/context.ts";
import { partySchema, statusUpdateSchema } from "#app/schemas/shipment.ts";
import { rowIdSchema, SHIPMENT_DETAIL_INTENTS } from "#app/schemas/shipment-admin.ts";
import { requireAdmin } from "#app/server/auth/auth.server.ts";
import { isUuid } from "#app/server/db/text-search.server.ts";
import { readFormData, readIntent } from "#app/server/handlers/forms.server.ts";
import {
  addStatusUpdate,
  deleteParty,
  deleteStatusUpdate,
  getShipmentById,
  type PartyKind,
  updateParty,
  updateStatusUpdate,
} from "#app/server/shipments.server.ts";
import { redirectWithToast } from "#app/server/platform/toast.server.ts";

// The shipment detail page's loader and action: the shipment with its parties and history, and the edits
// made on that page (parties, status history).

type Ctx = Readonly<RouterContextProvider>;

export type DetailActionData = {
  intent: string | null;
  /** The row the form was about (a party or a status update), to show the errors at the right form. */
  target: string | null;
  result: SubmissionResult<string[]>;
};

function notFound(): never {
  throw data(null, { status: 404 });
}

/** The shipment, its full shipper and consignee, and its history newest first; 404 when unknown. */
export async function loadShipmentDetail({ context, id }: { context: Ctx; id: string }) {
  const { db } = context.get(servicesContext);
  const shipment = await getShipmentById({ db, id });
  if (!shipment) notFound();
  return shipment;
}

const invalid = (intent: string | null, target: string | null, message: string) =>
  data<DetailActionData>(
    { intent, target, result: { status: "error", error: { "": [message] } } },
    { status: 400 },
  );

const PARTY_INTENTS: Record<string, { kind: PartyKind; op: "update" | "delete" }> = {
  [SHIPMENT_DETAIL_INTENTS.updateShipper]: { kind: "shipper", op: "update" },
  [SHIPMENT_DETAIL_INTENTS.deleteShipper]: { kind: "shipper", op: "delete" },
  [SHIPMENT_DETAIL_INTENTS.updateConsignee]: { kind: "consignee", op: "update" },
  [SHIPMENT_DETAIL_INTENTS.deleteConsignee]: { kind: "consignee", op: "delete" },
};

const TITLE = { shipper: "Shipper", consignee: "Consignee" } as const;

/**
 * Every change made on the detail page, chosen by the form's `intent`: edit or delete the shipper or the
 * consignee, add, edit or delete a status update. Invalid input answers 400 with the messages (nothing
 * changed); success and unexpected failures go back to the page with the spec's toast.
 */
export async function shipmentDetailAction({
  request,
  context,
  id,
}: {
  request: Request;
  context: Ctx;
  id: string;
}) {
  await requireAdmin({ request, context });
  const { db, logger } = context.get(servicesContext);
  if (!isUuid(id)) notFound();
  const shipment = await getShipmentById({ db, id });
  if (!shipment) notFound();
  const page = `/admin/shipments/${shipment.id}`;

  const formData = await readFormData(request);
  const intent = readIntent(formData);
  if (!formData || !intent) return invalid(null, null, "The form could not be read. Please try again.");

  const party = PARTY_INTENTS[intent];
  if (party) {
    const { kind, op } = party;
    const current = kind === "shipper" ? shipment.shipper : shipment.consignee;
    const failure = `Failed to ${op} ${kind}`;
    if (!current)
      return redirectWithToast(page, {
        type: "error",
        title: failure,
        description: `${TITLE[kind]} ID not found`,
      });
    try {
      if (op === "delete") {
        const deleted = await deleteParty({ db, kind, id: current.id });
        if (!deleted) return redirectWithToast(page, { type: "error", title: failure });
        logger.info({ partyId: current.id, kind }, "Party deleted");
        return redirectWithToast(page, { type: "success", title: `${TITLE[kind]} deleted` });
      }
      const submission = parseWithZod(formData, { schema: partySchema });
      if (submission.status !== "success") {
        return data<DetailActionData>({ intent, target: kind, result: submission.reply() }, { status: 400 });
      }
      const updated = await updateParty({ db, kind, id: current.id, input: submission.value });
      if (!updated) return redirectWithToast(page, { type: "error", title: failure });
      return redirectWithToast(page, { type: "success", title: `${TITLE[kind]} updated` });
    } catch (error) {
      logger.error({ err: error, kind, op }, "Changing a party failed");
      return redirectWithToast(page, { type: "error", title: failure });
    }
  }

  if (intent === SHIPMENT_DETAIL_INTENTS.addStatus) {
    const submission = parseWithZod(formData, { schema: statusUpdateSchema });
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
    const failure =
      intent === SHIPMENT_DETAIL_INTENTS.updateStatus ? "Failed to update status" : "Failed to delete status";
    try {
      if (intent === SHIPMENT_DETAIL_INTENTS.deleteStatus) {
        const deleted = await deleteStatusUpdate({ db, shipmentId: shipment.id, id: entryId });
        if (!deleted) return redirectWithToast(page, { type: "error", title: failure });
        return redirectWithToast(page, { type: "success", title: "Status deleted successfully" });
      }
      const submission = parseWithZod(formData, {
        schema: statusUpdateSchema.omit({ alsoSetCurrent: true }),
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
      });
      if (!updated) return redirectWithToast(page, { type: "error", title: failure });
      return redirectWithToast(page, { type: "success", title: "Status update saved" });
    } catch (error) {
      logger.error({ err: error, shipmentId: shipment.id, entryId }, "Changing a status update failed");
      return redirectWithToast(page, { type: "error", title: failure });
    }
  }

  return invalid(intent, null, "Unknown action.");
}
