import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { partySchema } from "#app/schemas/shipment.ts";
import { rowIdSchema, SHIPMENT_DETAIL_INTENTS } from "#app/schemas/shipment-admin.ts";
import { deleteParty, unlinkParty, updateParty } from "#app/server/parties/parties.server.ts";
import type { PartyKind } from "#app/server/parties/party-views.ts";
import { redirectWithToast } from "#app/server/platform/toast.server.ts";
import { type DetailActionArgs, invalid } from "#app/server/shipments/detail-action-args.server.ts";
import type { DetailActionData } from "#app/server/shipments/shipment-detail-views.ts";

// The shipper and consignee cards of the detail page: edit, delete, or unlink from this shipment.

const PARTY_INTENTS: Record<string, { kind: PartyKind; op: "update" | "delete" }> = {
  [SHIPMENT_DETAIL_INTENTS.updateShipper]: { kind: "shipper", op: "update" },
  [SHIPMENT_DETAIL_INTENTS.deleteShipper]: { kind: "shipper", op: "delete" },
  [SHIPMENT_DETAIL_INTENTS.updateConsignee]: { kind: "consignee", op: "update" },
  [SHIPMENT_DETAIL_INTENTS.deleteConsignee]: { kind: "consignee", op: "delete" },
};

const UNLINK_INTENTS: Record<string, PartyKind> = {
  [SHIPMENT_DETAIL_INTENTS.unlinkShipper]: "shipper",
  [SHIPMENT_DETAIL_INTENTS.unlinkConsignee]: "consignee",
};

const TITLE = { shipper: "Shipper", consignee: "Consignee" } as const;

/** Whether `intent` is one of the party cards' forms. */
export const isPartyIntent = (intent: string) => intent in PARTY_INTENTS || intent in UNLINK_INTENTS;

/** Edit or delete the shipment's shipper or consignee, or unlink it from the shipment. */
export async function partyAction(args: DetailActionArgs) {
  const { services, formData, intent, shipment, page } = args;
  const { db, logger } = services;
  const unlink = UNLINK_INTENTS[intent];
  if (unlink) return unlinkPartyAction({ ...args, kind: unlink });

  const { kind, op } = PARTY_INTENTS[intent]!;
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

// 'Unlink from this shipment' on a party card: the shipment keeps no shipper (or consignee); the party stays
// in the address book with its other shipments.

/** The form names the party it shows, so a page that is out of date (another party linked since) unlinks nothing. */
async function unlinkPartyAction({
  services,
  formData,
  kind,
  shipment,
  page,
}: DetailActionArgs & { kind: PartyKind }) {
  const { db, logger } = services;
  const shipmentId = shipment.id;
  const intent =
    kind === "shipper" ? SHIPMENT_DETAIL_INTENTS.unlinkShipper : SHIPMENT_DETAIL_INTENTS.unlinkConsignee;
  const row = rowIdSchema.safeParse({ id: formData.get("partyId") });
  if (!row.success) return invalid(intent, kind, `This ${kind} does not exist.`);
  const failure = `Failed to unlink ${kind}`;
  try {
    const unlinked = await unlinkParty({ db, kind, shipmentId, partyId: row.data.id });
    if (!unlinked) {
      return redirectWithToast(page, {
        type: "error",
        title: failure,
        description: `It is no longer this shipment's ${kind}.`,
      });
    }
    logger.info({ shipmentId, partyId: row.data.id, kind }, "Party unlinked from a shipment");
    return redirectWithToast(page, {
      type: "success",
      title: `${TITLE[kind]} unlinked`,
      description: "It stays in the address book.",
    });
  } catch (error) {
    logger.error({ err: error, shipmentId, kind }, "Unlinking a party failed");
    return redirectWithToast(page, { type: "error", title: failure });
  }
}
