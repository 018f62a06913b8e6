import { formatDateIn, formatNumberIn, formatTimeIn } from "#app/lib/i18n/format.ts";
import type { Locale } from "#app/lib/i18n/locale.ts";
import { timeZoneNameIn } from "#app/lib/i18n/shipment-format.ts";
import type { Translate } from "#app/lib/i18n/translate.ts";
import { parsePhone } from "#app/lib/phone.ts";
import { isDeliveryOverdue, statusBadgeTone, timelineIconKind } from "#app/lib/shipment-status.ts";
import { wallClock } from "#app/lib/time-zone.ts";
import { sameStatus, trackingProgress } from "#app/lib/tracking-progress.ts";
import { translatorFor } from "#app/server/i18n/words.server.ts";
import type { ShownTime, TrackingView, WhatsAppLinks } from "#app/server/shipments/shipment-views.ts";
import { trackingStatusIn } from "#app/server/shipments/standard-status.server.ts";
import type { PublicShipment } from "#app/server/shipments/tracking.server.ts";

const receivedByText = (receiver: PublicShipment["receivedBy"], t: Translate) =>
  receiver
    ? receiver.signed
      ? t(", signed by {initials}", { initials: receiver.initials })
      : t(", received by {initials}", { initials: receiver.initials })
    : "";

/**
 * An instant as the pages show it, in `timeZone` and `locale` (English by default): ISO for <time>, the date
 * and the time ('Nov 22, 2026' '3:40 PM' / '22 nov. 2026' '15:40').
 */
export const shownTime = (value: Date, timeZone: string, locale: Locale = "en"): ShownTime => {
  const local = wallClock(value, timeZone);
  return { iso: value.toISOString(), date: formatDateIn(locale, local), time: formatTimeIn(locale, local) };
};

/**
 * The tracking result of `shipment` at `now` (the overdue check's clock), its times written in `timeZone`
 * (the company's, from the site settings: the zone staff type status updates in), its words and formats in
 * `locale` (decision 030: the app's status names translated, places and notes as staff typed them). Pure.
 */
export function presentTracking({
  shipment,
  now = new Date(),
  timeZone,
  locale = "en",
}: {
  shipment: PublicShipment;
  now?: Date;
  timeZone: string;
  locale?: Locale;
}): TrackingView {
  const t = translatorFor(locale);
  const shown = (value: Date, zone = timeZone) => shownTime(value, zone, locale);
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
  // The newest entry is the 'Latest update' only when it says the shipment's status: beside a different
  // status it would contradict the headline (an earlier step added without becoming current, a status set on
  // the shipment's form); the timeline below still lists it.
  const newest = shipment.history[0];
  const latest = newest && sameStatus(newest.status, shipment.status) ? newest : undefined;
  const deliveredAt = shown(progress.deliveredAt ?? shipment.lastUpdatedAt);
  const estimated = shipment.estimatedDelivery;
  return {
    trackingNumber: shipment.trackingNumber,
    status: trackingStatusIn(locale, shipment.status),
    statusTone: statusBadgeTone(shipment.status),
    latest: latest
      ? {
          status: trackingStatusIn(locale, latest.status),
          location: latest.location,
          at: shown(latest.timestamp),
        }
      : null,
    arrival: progress.delivered
      ? {
          label: t("Delivered"),
          iso: deliveredAt.iso,
          // 'Nov 21, 2026 3:40 PM, signed by J. D.' (a drawn signature) or '…, received by J. D.' (a typed name):
          // written here, so the page's script needs nothing new.
          text: `${deliveredAt.date}${locale === "fr" ? "," : ""} ${deliveredAt.time}${receivedByText(shipment.receivedBy, t)}`,
        }
      : estimated
        ? {
            label: late ? t("Was due") : t("Arriving"),
            iso: estimated.toISOString(),
            text: formatDateIn(locale, estimated),
          }
        : null,
    step: progress.step,
    delayed: progress.delayed,
    delivered: progress.delivered,
    late,
    lastUpdated: shown(shipment.lastUpdatedAt),
    originLocation: shipment.originLocation,
    destinationLocation: shipment.destinationLocation,
    currentLocation: shipment.currentLocation,
    // A calendar day (stored at midnight UTC), not an instant: shown as stored in every zone. None once delivered:
    // the page then says when it was delivered, never an estimate beside it.
    estimatedDelivery: estimated && !progress.delivered ? shown(estimated, "UTC") : null,
    weight: shipment.weight === null ? null : `${formatNumberIn(locale, shipment.weight)} kg`,
    dimensions: shipment.dimensions,
    shipper: shipment.shipper,
    consignee: shipment.consignee,
    history: shipment.history.map((entry) => ({
      id: entry.id,
      status: trackingStatusIn(locale, entry.status),
      location: entry.location,
      notes: entry.notes,
      at: shown(entry.timestamp),
      icon: timelineIconKind(entry.status),
    })),
    timeZone,
    timeZoneName: timeZoneNameIn(locale, timeZone, now),
  };
}

export function whatsAppLinks({
  trackingNumber,
  trackingUrl,
  companyPhone,
  locale = "en",
}: {
  trackingNumber: string;
  trackingUrl: string;
  companyPhone: string | null | undefined;
  locale?: Locale;
}): WhatsAppLinks {
  const t = translatorFor(locale);
  const text = (message: string) => `?text=${encodeURIComponent(message)}`;
  const phone = companyPhone ? parsePhone(companyPhone) : null;
  return {
    share: `https://wa.me/${text(t("Track shipment {number}: {url}", { number: trackingNumber, url: trackingUrl }))}`,
    chat: phone?.ok
      ? `https://wa.me/${phone.e164.slice(1)}${text(t("Hello, I have a question about shipment {number}.", { number: trackingNumber }))}`
      : null,
  };
}
