import type { RouterContextProvider } from "react-router";
import { servicesContext } from "#app/context.ts";
import { formatDate } from "#app/lib/format.ts";
import { freightTermLabels } from "#app/lib/freight-terms.ts";
import { isDeliveryOverdue } from "#app/lib/shipment-status.ts";
import { formatDateTimeIn, toLocalDateTime } from "#app/lib/time-zone.ts";
import { loadShipmentActivity } from "#app/server/audit/activity-page.server.ts";
import { channelOffReason } from "#app/server/messaging/outbox.server.ts";
import type { Party } from "#app/server/parties/parties.server.ts";
import { readIntent } from "#app/server/platform/forms.server.ts";
import { getShipmentDelivery } from "#app/server/shipments/deliveries.server.ts";
import { deliveryPhotoUrl, signatureUrl } from "#app/server/shipments/delivery-form-page.server.ts";
import { invalid, type ShipmentNotificationsCard } from "#app/server/shipments/detail-action-args.server.ts";
import { isPartyIntent, partyAction } from "#app/server/shipments/party-actions.server.ts";
import type { DetailParty, ShipmentDetailData } from "#app/server/shipments/shipment-detail-views.ts";
import { documentLinks } from "#app/server/shipments/shipment-document-links.server.ts";
import { getShipmentById } from "#app/server/shipments/shipments.server.ts";
import { isStatusIntent, statusAction } from "#app/server/shipments/status-actions.server.ts";
import { notFound, requireStaffForm } from "#app/server/staff/staff-page.server.ts";

export type { ShipmentDetailData } from "#app/server/shipments/shipment-detail-views.ts";

// The shipment detail page's loader and action: the shipment with its parties and history (the view types are
// in shipment-detail-views.ts), and the edits made on that page, one module per card beside this one (parties,
// status history). The Notifications card comes from notifications/, handed in by the route: notifications read
// shipments, so shipments never import them (the order of the rooms, in the README's map).

type Ctx = Readonly<RouterContextProvider>;

const toDetailParty = (row: Party | null): DetailParty | null =>
  row
    ? {
        id: row.id,
        name: row.name,
        company: row.company ?? "",
        email: row.email ?? "",
        phone: row.phone ?? "",
        address: row.address ?? "",
      }
    : null;

/** The shipment, its full shipper and consignee, and its history newest first, as the page shows them; 404 when unknown. */
export async function loadShipmentDetail({
  request,
  context,
  id,
  notificationsCard,
}: {
  request: Request;
  context: Ctx;
  id: string;
  notificationsCard: ShipmentNotificationsCard;
}): Promise<ShipmentDetailData> {
  const { db, siteSettings, config } = context.get(servicesContext);
  const [shipment, { timeZone }] = await Promise.all([getShipmentById({ db, id }), siteSettings.get()]);
  if (!shipment) notFound();
  const [card, delivery, activity] = await Promise.all([
    notificationsCard.load({ db, shipmentId: shipment.id }),
    getShipmentDelivery({ db, shipmentId: shipment.id }),
    new URL(request.url).searchParams.has("activity")
      ? loadShipmentActivity({ db, shipmentId: shipment.id, timeZone })
      : null,
  ]);
  const left = (address: string | null) =>
    address ? card.unsubscribed.filter((u) => u.address === address.toLowerCase()).map((u) => u.channel) : [];
  return {
    timeZone,
    activity,
    delivery: delivery
      ? {
          receiverName: delivery.receiverName,
          date: formatDateTimeIn(delivery.deliveredAt, timeZone),
          iso: delivery.deliveredAt.toISOString(),
          receiverRemarks: delivery.receiverRemarks,
          internalNote: delivery.internalNote,
          signatureUrl: delivery.hasSignature ? signatureUrl(delivery.id) : null,
          photos: delivery.photos.map((photo) => ({ id: photo.id, url: deliveryPhotoUrl(photo.id) })),
        }
      : null,
    notifications: {
      paused: card.paused,
      textMessages: !channelOffReason(config, "sms") || !channelOffReason(config, "whatsapp"),
      recipients: card.recipients.map((r) => ({
        role: r.role,
        name: r.name,
        email: r.email ?? "",
        phone: r.phone ?? "",
        enabled: r.enabled,
        unsubscribed: [...new Set([...left(r.email), ...left(r.phone)])],
      })),
      subscribers: card.subscribers.map((s) => {
        const at = s.confirmedAt ?? s.expiresAt ?? s.createdAt;
        return {
          id: s.id,
          channel: s.channel,
          address: s.address,
          confirmed: s.confirmedAt !== null,
          date: formatDateTimeIn(at, timeZone),
          iso: at.toISOString(),
          unsubscribed: card.unsubscribed.some((u) => u.channel === s.channel && u.address === s.address),
        };
      }),
      messages: card.messages.map((m) => ({
        id: m.id,
        role: m.role,
        channel: m.channel,
        address: m.address,
        summary: m.summary,
        date: formatDateTimeIn(m.createdAt, timeZone),
        iso: m.createdAt.toISOString(),
        status: m.status,
        retries: Math.max(m.attempts - 1, 0),
        reason: m.status === "sent" || m.status === "delivered" ? null : m.lastError,
      })),
    },
    documents: documentLinks({ shipment, config }),
    shipment: {
      id: shipment.id,
      trackingNumber: shipment.trackingNumber,
      status: shipment.status,
      originLocation: shipment.originLocation,
      destinationLocation: shipment.destinationLocation,
      currentLocation: shipment.currentLocation,
      estimatedDelivery: shipment.estimatedDelivery ? formatDate(shipment.estimatedDelivery) : null,
      weight: shipment.weight,
      dimensions: shipment.dimensions,
      notes: shipment.notes,
      ...freightTermLabels(shipment),
      pieces: shipment.pieces,
      goodsDescription: shipment.goodsDescription,
      createdAt: formatDateTimeIn(shipment.createdAt, timeZone),
      overdue: isDeliveryOverdue({
        estimatedDelivery: shipment.estimatedDelivery,
        status: shipment.status,
        history: shipment.history,
        timeZone,
      }),
      shipper: toDetailParty(shipment.shipper),
      consignee: toDetailParty(shipment.consignee),
      history: shipment.history.map((entry) => ({
        id: entry.id,
        status: entry.status,
        location: entry.location,
        notes: entry.notes ?? "",
        date: formatDateTimeIn(entry.timestamp, timeZone),
        iso: entry.timestamp.toISOString(),
        timestamp: toLocalDateTime(entry.timestamp, timeZone),
      })),
    },
  };
}

/**
 * Every change made on the detail page, chosen by the form's `intent`: edit, delete or unlink the shipper or
 * the consignee, add, edit or delete a status update, the Notifications card's switches. Invalid input answers
 * 400 with the messages (nothing changed); success and unexpected failures go back to the page with the spec's
 * toast.
 */
export async function shipmentDetailAction({
  request,
  context,
  id,
  notificationsCard,
}: {
  request: Request;
  context: Ctx;
  id: string;
  notificationsCard: ShipmentNotificationsCard;
}) {
  const { services, formData } = await requireStaffForm({ request, context, id });
  const shipment = await getShipmentById({ db: services.db, id });
  if (!shipment) notFound();
  const page = `/admin/shipments/${shipment.id}`;

  const intent = readIntent(formData);
  if (!formData || !intent) return invalid(null, null, "The form could not be read. Please try again.");

  const args = { services, formData, intent, shipment, page };
  if (isPartyIntent(intent)) return partyAction(args);
  if (isStatusIntent(intent)) return statusAction(args);
  if (notificationsCard.isIntent(intent)) return notificationsCard.act(args);
  return invalid(intent, null, "Unknown action.");
}
