import { z } from "zod";

/** The hidden `intent` values of the back-office shipment pages; each action dispatches on one of them. */
export const SHIPMENT_FORM_INTENTS = {
  save: "save-shipment",
  createShipper: "create-shipper",
  createConsignee: "create-consignee",
} as const;

export const SHIPMENT_LIST_INTENTS = { deleteShipment: "delete-shipment" } as const;

export const SHIPMENT_DETAIL_INTENTS = {
  updateShipper: "update-shipper",
  deleteShipper: "delete-shipper",
  updateConsignee: "update-consignee",
  deleteConsignee: "delete-consignee",
  unlinkShipper: "unlink-shipper",
  unlinkConsignee: "unlink-consignee",
  addStatus: "add-status",
  updateStatus: "update-status",
  deleteStatus: "delete-status",
  setRecipient: "set-notification-recipient",
  pauseNotifications: "pause-notifications",
  resumeNotifications: "resume-notifications",
  resendNotification: "resend-notification",
  removeSubscriber: "remove-subscriber",
} as const;

/** 'Notify' on or off for one of the shipment's recipients (the Notifications card). */
export const recipientSwitchSchema = z.object({
  role: z.enum(["shipper", "consignee"], { message: "This recipient does not exist." }),
  enabled: z.enum(["on", "off"], { message: "Choose whether to notify this recipient." }),
});

/** The id of a row named in a form (a shipment, a party, a status update). */
export const rowIdSchema = z.object({
  id: z.uuid({ message: "This item does not exist." }),
});

/** The list page's query: everything in the URL so a result can be shared and survives a reload. */
const shipmentListQuerySchema = z.object({
  q: z
    .string()
    .catch("")
    .transform((v) => v.slice(0, 100)),
  status: z
    .string()
    .catch("")
    // No status holds control characters (and PostgreSQL cannot compare text with NUL in it).
    .transform((v) =>
      v
        .replace(/\p{Cc}/gu, "")
        .trim()
        .slice(0, 60),
    ),
  sort: z.enum(["newest", "oldest"]).catch("newest"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type ShipmentListQuery = z.output<typeof shipmentListQuerySchema>;

export function parseShipmentListQuery(params: URLSearchParams): ShipmentListQuery {
  return shipmentListQuerySchema.parse({
    q: params.get("q") ?? "",
    status: params.get("status") ?? "",
    sort: params.get("sort") ?? "newest",
    page: params.get("page") ?? "1",
  });
}
