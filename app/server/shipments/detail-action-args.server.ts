import { data } from "react-router";
import type { getShipmentNotifications } from "#app/server/notifications/notifications.server.ts";
import type { Services } from "#app/server/services.server.ts";
import type { DetailActionData } from "#app/server/shipments/shipment-detail-views.ts";
import type { getShipmentById } from "#app/server/shipments/shipments.server.ts";

// What every action family of the shipment detail page is handed, and its 400 answer.

/** One post to the detail page, its session checked and its shipment found. */
export type DetailActionArgs = {
  services: Services;
  formData: FormData;
  intent: string;
  shipment: NonNullable<Awaited<ReturnType<typeof getShipmentById>>>;
  /** The page's address, where every toast goes back to. */
  page: string;
};

/** A refused post: 400 with the message, shown at the form of `target` (nothing changed). */
export const invalid = (intent: string | null, target: string | null, message: string) =>
  data<DetailActionData>(
    { intent, target, result: { status: "error", error: { "": [message] } } },
    { status: 400 },
  );

/**
 * The Notifications card of the shipment page: its data and its forms. Notifications sit above shipments in the
 * order of the rooms (they read shipments), so the page takes the card from its route instead of importing it.
 */
export type ShipmentNotificationsCard = {
  load(args: { db: Services["db"]; shipmentId: string }): ReturnType<typeof getShipmentNotifications>;
  isIntent(intent: string): boolean;
  act(args: DetailActionArgs): Promise<unknown>;
};
