import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { servicesContext } from "#app/context.ts";
import { formatDate } from "#app/lib/format.ts";
import { formatDeclaredValue, INCOTERMS, TRANSPORT_MODE_LABELS } from "#app/lib/freight-terms.ts";
import { isDeliveryOverdue } from "#app/lib/shipment-status.ts";
import { formatDateTimeIn, toLocalDateTime } from "#app/lib/time-zone.ts";
import { partySchema, statusUpdateSchema } from "#app/schemas/shipment.ts";
import { recipientSwitchSchema, rowIdSchema, SHIPMENT_DETAIL_INTENTS } from "#app/schemas/shipment-admin.ts";
import { type ActivityEntry, loadShipmentActivity } from "#app/server/audit/activity-page.server.ts";
import { documentLinks, type ShipmentDocumentLinks } from "#app/server/documents/document-links.server.ts";
import {
  getShipmentNotifications,
  removeSubscriber,
  resendNotification,
  setNotificationsPaused,
  setRecipientEnabled,
} from "#app/server/notifications/notifications.server.ts";
import {
  deleteParty,
  type Party,
  type PartyKind,
  unlinkParty,
  updateParty,
} from "#app/server/parties/parties.server.ts";
import { readIntent } from "#app/server/platform/forms.server.ts";
import { redirectWithToast } from "#app/server/platform/toast.server.ts";
import { getShipmentDelivery } from "#app/server/shipments/deliveries.server.ts";
import { deliveryPhotoUrl, signatureUrl } from "#app/server/shipments/delivery-form-page.server.ts";
import {
  addStatusUpdate,
  deleteStatusUpdate,
  getShipmentById,
  updateStatusUpdate,
} from "#app/server/shipments/shipments.server.ts";
import { notFound, requireStaffForm } from "#app/server/staff/staff-page.server.ts";

// The shipment detail page's loader and action: the shipment with its parties and history, and the edits
// made on that page (parties, status history).

type Ctx = Readonly<RouterContextProvider>;

// The screen's contract: the page's components import these types (never this module's code).

/** A shipper or consignee as the page shows it (and its edit form starts with): absent fields are "". */
export type DetailParty = {
  id: string;
  name: string;
  company: string;
  email: string;
  phone: string;
  address: string;
};

/**
 * One status update: its event time as the page shows it (in the company's time zone), as ISO for the <time>
 * element, and as the edit form's datetime-local value (`timestamp`, in the company's time zone).
 */
export type DetailEntry = {
  id: string;
  status: string;
  location: string;
  notes: string;
  date: string;
  iso: string;
  timestamp: string;
};

/** The shipment as the page shows it; dates already formatted, so the server and the browser show the same text. */
export type DetailShipment = {
  id: string;
  trackingNumber: string;
  status: string;
  originLocation: string;
  destinationLocation: string;
  currentLocation: string | null;
  estimatedDelivery: string | null;
  weight: number | null;
  dimensions: string | null;
  notes: string | null;
  /** 'Air', 'Sea', 'Road' or null (issue 16's cargo fields, all optional). */
  transportMode: string | null;
  pieces: number | null;
  goodsDescription: string | null;
  /** '1,250.00 USD', or null when not declared. */
  declaredValue: string | null;
  /** 'FOB: Free on Board', or null. */
  incoterm: string | null;
  createdAt: string;
  overdue: boolean;
  shipper: DetailParty | null;
  consignee: DetailParty | null;
  /** Newest first. */
  history: DetailEntry[];
};

/** A recipient on the Notifications card; `unsubscribed` lists the channels its addresses left by a link or STOP. */
export type DetailRecipient = {
  role: "shipper" | "consignee";
  name: string;
  email: string;
  phone: string;
  enabled: boolean;
  unsubscribed: string[];
};

/** A visitor who subscribed on the tracking page (decision 014): staff see the full address. */
export type DetailSubscriber = {
  id: string;
  channel: "email" | "sms";
  address: string;
  /** Confirmed, or still waiting for the link or code (until `until`). */
  confirmed: boolean;
  /** When it subscribed (confirmed) or when its link or code stops working, as the page shows it. */
  date: string;
  iso: string;
  unsubscribed: boolean;
};

/** One message sent (or to be sent) to a recipient, newest first. */
export type DetailNotificationMessage = {
  id: string;
  role: string;
  channel: "email" | "sms" | "whatsapp";
  address: string;
  summary: string;
  /** When it was queued, as the page shows it and as ISO. */
  date: string;
  iso: string;
  status: "queued" | "sending" | "sent" | "delivered" | "failed" | "expired" | "cancelled";
  /** Attempts after the first. */
  retries: number;
  /** The provider's (or the mail server's) last refusal, when there was one. */
  reason: string | null;
};

export type DetailNotifications = {
  paused: boolean;
  recipients: DetailRecipient[];
  subscribers: DetailSubscriber[];
  messages: DetailNotificationMessage[];
};

/** The recorded delivery (proof of delivery), for staff: its images are served to signed-in staff only. */
export type DetailDelivery = {
  receiverName: string;
  date: string;
  iso: string;
  /** What the receiver remarked (printed on the delivery note). */
  receiverRemarks: string | null;
  /** Staff's own note (never printed or sent). */
  internalNote: string | null;
  /** The signature image's URL; null when the typed name stands for it. */
  signatureUrl: string | null;
  photos: { id: string; url: string }[];
};

/** The page's loader data. */
export type ShipmentDetailData = {
  /** The latest recorded delivery, or null. */
  delivery: DetailDelivery | null;
  shipment: DetailShipment;
  notifications: DetailNotifications;
  /** The company's time zone (site settings): event times are typed and shown in it. */
  timeZone: string;
  /** The Documents card: the PDFs' links and whether printed codes can reach the public address. */
  documents: ShipmentDocumentLinks;
  /**
   * The Activity card: the latest entries of the activity log for this shipment (decision 021), when the page
   * is opened with `?activity` (the card's 'Show activity'); null otherwise, so the page stays light and its
   * other cards' texts appear once.
   */
  activity: ActivityEntry[] | null;
};

/** The action's answer to a refused post (a redirect with a toast otherwise). */
export type DetailActionData = {
  intent: string | null;
  /** The row the form was about (a party or a status update), to show the errors at the right form. */
  target: string | null;
  result: SubmissionResult<string[]>;
};

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
}: {
  request: Request;
  context: Ctx;
  id: string;
}): Promise<ShipmentDetailData> {
  const { db, siteSettings, config } = context.get(servicesContext);
  const [shipment, { timeZone }] = await Promise.all([getShipmentById({ db, id }), siteSettings.get()]);
  if (!shipment) notFound();
  const [card, delivery, activity] = await Promise.all([
    getShipmentNotifications({ db, shipmentId: shipment.id }),
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
      transportMode: shipment.transportMode ? TRANSPORT_MODE_LABELS[shipment.transportMode] : null,
      pieces: shipment.pieces,
      goodsDescription: shipment.goodsDescription,
      declaredValue:
        shipment.declaredValue !== null && shipment.declaredCurrency
          ? formatDeclaredValue(shipment.declaredValue, shipment.declaredCurrency)
          : null,
      incoterm: shipment.incoterm
        ? `${shipment.incoterm}: ${INCOTERMS[shipment.incoterm as keyof typeof INCOTERMS]}`
        : null,
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
  const { services, formData } = await requireStaffForm({ request, context, id });
  const { db, logger, siteSettings } = services;
  const shipment = await getShipmentById({ db, id });
  if (!shipment) notFound();
  const page = `/admin/shipments/${shipment.id}`;

  const intent = readIntent(formData);
  if (!formData || !intent) return invalid(null, null, "The form could not be read. Please try again.");

  const unlink = UNLINK_INTENTS[intent];
  if (unlink) return unlinkPartyAction({ context, formData, kind: unlink, shipmentId: shipment.id, page });

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
    const failure =
      intent === SHIPMENT_DETAIL_INTENTS.updateStatus ? "Failed to update status" : "Failed to delete status";
    try {
      if (intent === SHIPMENT_DETAIL_INTENTS.deleteStatus) {
        const deleted = await deleteStatusUpdate({ db, shipmentId: shipment.id, id: entryId });
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
      });
      if (!updated) return redirectWithToast(page, { type: "error", title: failure });
      return redirectWithToast(page, { type: "success", title: "Status update saved" });
    } catch (error) {
      logger.error({ err: error, shipmentId: shipment.id, entryId }, "Changing a status update failed");
      return redirectWithToast(page, { type: "error", title: failure });
    }
  }

  const notifications = NOTIFICATION_INTENTS[intent];
  if (notifications) return notificationAction({ context, formData, intent, shipmentId: shipment.id, page });

  return invalid(intent, null, "Unknown action.");
}

// The Notifications card: a recipient's switch, pausing the shipment's notifications, resending one message.

const NOTIFICATION_INTENTS: Record<string, true> = {
  [SHIPMENT_DETAIL_INTENTS.setRecipient]: true,
  [SHIPMENT_DETAIL_INTENTS.pauseNotifications]: true,
  [SHIPMENT_DETAIL_INTENTS.resumeNotifications]: true,
  [SHIPMENT_DETAIL_INTENTS.resendNotification]: true,
  [SHIPMENT_DETAIL_INTENTS.removeSubscriber]: true,
};

const RESEND_REFUSED = {
  unknown: "This message does not exist.",
  unsubscribed: "The recipient has unsubscribed from this shipment's messages.",
  refused: "The address cannot receive messages.",
} as const;

async function notificationAction({
  context,
  formData,
  intent,
  shipmentId,
  page,
}: {
  context: Ctx;
  formData: FormData;
  intent: string;
  shipmentId: string;
  page: string;
}) {
  const { db, config, logger } = context.get(servicesContext);
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

// 'Unlink from this shipment' on a party card: the shipment keeps no shipper (or consignee); the party stays
// in the address book with its other shipments.

const UNLINK_INTENTS: Record<string, PartyKind> = {
  [SHIPMENT_DETAIL_INTENTS.unlinkShipper]: "shipper",
  [SHIPMENT_DETAIL_INTENTS.unlinkConsignee]: "consignee",
};

/** The form names the party it shows, so a page that is out of date (another party linked since) unlinks nothing. */
async function unlinkPartyAction({
  context,
  formData,
  kind,
  shipmentId,
  page,
}: {
  context: Ctx;
  formData: FormData;
  kind: PartyKind;
  shipmentId: string;
  page: string;
}) {
  const { db, logger } = context.get(servicesContext);
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
