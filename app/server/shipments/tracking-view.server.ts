import { formatDate, formatTime } from "#app/lib/format.ts";
import { parsePhone } from "#app/lib/phone.ts";
import { isDeliveryOverdue, statusBadgeTone, timelineIconKind } from "#app/lib/shipment-status.ts";
import { wallClock } from "#app/lib/time-zone.ts";
import { trackingProgress } from "#app/lib/tracking-progress.ts";
import type { ShownTime, TrackingView, WhatsAppLinks } from "#app/server/shipments/shipment-views.ts";
import type { PublicShipment } from "#app/server/shipments/tracking.server.ts";

const receivedByText = (receiver: PublicShipment["receivedBy"]) =>
  receiver ? `, ${receiver.signed ? "signed" : "received"} by ${receiver.initials}` : "";

const weightFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

/** An instant as the pages show it, in `timeZone`: ISO for <time>, the date and the time. */
export const shownTime = (value: Date, timeZone: string): ShownTime => {
  const local = wallClock(value, timeZone);
  return { iso: value.toISOString(), date: formatDate(local), time: formatTime(local) };
};

/**
 * The tracking result of `shipment` at `now` (the overdue check's clock), its times written in `timeZone`
 * (the company's, from the site settings: the zone staff type status updates in). Pure.
 */
export function presentTracking({
  shipment,
  now = new Date(),
  timeZone,
}: {
  shipment: PublicShipment;
  now?: Date;
  timeZone: string;
}): TrackingView {
  const progress = trackingProgress({ status: shipment.status, history: shipment.history });
  // A 'Delivered to consignee' entry counts as delivered here too: nothing is late then.
  const late =
    !progress.delivered &&
    isDeliveryOverdue({
      estimatedDelivery: shipment.estimatedDelivery,
      status: shipment.status,
      history: shipment.history,
      now,
    });
  const latest = shipment.history[0];
  const deliveredAt = shownTime(progress.deliveredAt ?? shipment.lastUpdatedAt, timeZone);
  const estimated = shipment.estimatedDelivery;
  return {
    trackingNumber: shipment.trackingNumber,
    status: shipment.status,
    statusTone: statusBadgeTone(shipment.status),
    latest: latest
      ? { status: latest.status, location: latest.location, at: shownTime(latest.timestamp, timeZone) }
      : null,
    arrival: progress.delivered
      ? {
          label: "Delivered",
          iso: deliveredAt.iso,
          // 'Nov 21, 2026 3:40 PM, signed by J. D.' (a drawn signature) or '…, received by J. D.' (a typed name):
          // written here, so the page's script needs nothing new.
          text: `${deliveredAt.date} ${deliveredAt.time}${receivedByText(shipment.receivedBy)}`,
        }
      : estimated
        ? { label: late ? "Was due" : "Arriving", iso: estimated.toISOString(), text: formatDate(estimated) }
        : null,
    step: progress.step,
    delayed: progress.delayed,
    delivered: progress.delivered,
    late,
    lastUpdated: shownTime(shipment.lastUpdatedAt, timeZone),
    originLocation: shipment.originLocation,
    destinationLocation: shipment.destinationLocation,
    currentLocation: shipment.currentLocation,
    // A calendar day (stored at midnight UTC), not an instant: shown as stored in every zone. None once delivered:
    // the page then says when it was delivered, never an estimate beside it.
    estimatedDelivery: estimated && !progress.delivered ? shownTime(estimated, "UTC") : null,
    weight: shipment.weight === null ? null : `${weightFormat.format(shipment.weight)} kg`,
    dimensions: shipment.dimensions,
    shipper: shipment.shipper,
    consignee: shipment.consignee,
    history: shipment.history.map((entry) => ({
      id: entry.id,
      status: entry.status,
      location: entry.location,
      notes: entry.notes,
      at: shownTime(entry.timestamp, timeZone),
      icon: timelineIconKind(entry.status),
    })),
    timeZone,
  };
}

export function whatsAppLinks({
  trackingNumber,
  trackingUrl,
  companyPhone,
}: {
  trackingNumber: string;
  trackingUrl: string;
  companyPhone: string | null | undefined;
}): WhatsAppLinks {
  const text = (message: string) => `?text=${encodeURIComponent(message)}`;
  const phone = companyPhone ? parsePhone(companyPhone) : null;
  return {
    share: `https://wa.me/${text(`Track shipment ${trackingNumber}: ${trackingUrl}`)}`,
    chat: phone?.ok
      ? `https://wa.me/${phone.e164.slice(1)}${text(`Hello, I have a question about shipment ${trackingNumber}.`)}`
      : null,
  };
}
