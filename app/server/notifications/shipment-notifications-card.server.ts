import { recipientSwitchSchema, rowIdSchema, SHIPMENT_DETAIL_INTENTS } from "#app/schemas/shipment-admin.ts";
import {
  getShipmentNotifications,
  removeSubscriber,
  resendNotification,
  setNotificationsPaused,
  setRecipientEnabled,
} from "#app/server/notifications/notifications.server.ts";
import { redirectWithToast } from "#app/server/platform/toast.server.ts";
import {
  type DetailActionArgs,
  invalid,
  type ShipmentNotificationsCard,
} from "#app/server/shipments/detail-action-args.server.ts";

// The Notifications card: a recipient's switch, pausing the shipment's notifications, resending one message.

const NOTIFICATION_INTENTS: Record<string, true> = {
  [SHIPMENT_DETAIL_INTENTS.setRecipient]: true,
  [SHIPMENT_DETAIL_INTENTS.pauseNotifications]: true,
  [SHIPMENT_DETAIL_INTENTS.resumeNotifications]: true,
  [SHIPMENT_DETAIL_INTENTS.resendNotification]: true,
  [SHIPMENT_DETAIL_INTENTS.removeSubscriber]: true,
};

/** Whether `intent` is one of the Notifications card's forms. */
export const isNotificationIntent = (intent: string) => intent in NOTIFICATION_INTENTS;

const RESEND_REFUSED = {
  unknown: "This message does not exist.",
  unsubscribed: "The recipient has unsubscribed from this shipment's messages.",
  refused: "The address cannot receive messages.",
} as const;

export async function notificationAction({ services, formData, intent, shipment, page }: DetailActionArgs) {
  const { db, config, logger } = services;
  const shipmentId = shipment.id;
  if (intent === SHIPMENT_DETAIL_INTENTS.setRecipient) {
    const parsed = recipientSwitchSchema.safeParse({
      role: formData.get("role"),
      enabled: formData.get("enabled"),
    });
    if (!parsed.success) return invalid(intent, "notifications", parsed.error.issues[0]!.message);
    const { role, enabled } = parsed.data;
    try {
      await setRecipientEnabled({ db, shipmentId, role, enabled: enabled === "on" });
      return redirectWithToast(page, {
        type: "success",
        title: enabled === "on" ? `The ${role} will be notified` : `The ${role} will not be notified`,
      });
    } catch (error) {
      logger.error({ err: error, shipmentId, role }, "Changing a notification recipient failed");
      return redirectWithToast(page, { type: "error", title: "Failed to change the recipient" });
    }
  }
  if (intent === SHIPMENT_DETAIL_INTENTS.removeSubscriber) {
    const row = rowIdSchema.safeParse({ id: formData.get("id") });
    if (!row.success) return invalid(intent, "notifications", "This subscriber does not exist.");
    try {
      const removed = await removeSubscriber({ db, shipmentId, id: row.data.id });
      if (!removed) return invalid(intent, "notifications", "This subscriber does not exist.");
      logger.info({ shipmentId }, "A public subscriber was removed by staff");
      return redirectWithToast(page, { type: "success", title: "Subscriber removed" });
    } catch (error) {
      logger.error({ err: error, shipmentId }, "Removing a subscriber failed");
      return redirectWithToast(page, { type: "error", title: "Failed to remove the subscriber" });
    }
  }
  if (intent === SHIPMENT_DETAIL_INTENTS.resendNotification) {
    const row = rowIdSchema.safeParse({ id: formData.get("id") });
    if (!row.success) return invalid(intent, "notifications", RESEND_REFUSED.unknown);
    try {
      const refused = await resendNotification({ db, config, logger, shipmentId, logId: row.data.id });
      if (refused) {
        return redirectWithToast(page, {
          type: "error",
          title: "Failed to resend the message",
          description: RESEND_REFUSED[refused],
        });
      }
      return redirectWithToast(page, { type: "success", title: "Message queued to be sent again" });
    } catch (error) {
      logger.error({ err: error, shipmentId }, "Resending a notification failed");
      return redirectWithToast(page, { type: "error", title: "Failed to resend the message" });
    }
  }
  const paused = intent === SHIPMENT_DETAIL_INTENTS.pauseNotifications;
  try {
    await setNotificationsPaused({ db, shipmentId, paused });
    return redirectWithToast(page, {
      type: "success",
      title: paused ? "Notifications paused" : "Notifications resumed",
      ...(paused
        ? { description: "Customers are not told of this shipment's changes until you resume." }
        : {}),
    });
  } catch (error) {
    logger.error({ err: error, shipmentId, paused }, "Pausing notifications failed");
    return redirectWithToast(page, {
      type: "error",
      title: paused ? "Failed to pause notifications" : "Failed to resume notifications",
    });
  }
}

/** The card as the shipment page takes it (decision 013: notifications read shipments, never the other way). */
export const shipmentNotificationsCard: ShipmentNotificationsCard = {
  load: getShipmentNotifications,
  isIntent: isNotificationIntent,
  act: notificationAction,
};
