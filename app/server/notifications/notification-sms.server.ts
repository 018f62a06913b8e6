import type { PendingNotificationChange } from "#app/server/db/schema.ts";
import { SINGLE_SEGMENT_LIMIT, analyzeSmsText } from "#app/server/messaging/sms-text.ts";
import { headlineOf } from "#app/server/notifications/notification-email.server.ts";

/** The default SMS (and WhatsApp) text: number, status and place, short tracking link. */
export const DEFAULT_SMS_TEMPLATE = "{trackingNumber}: {headline}. Track: {trackingUrl}";

/**
 * The text message telling a shipment's latest change. One GSM-7 segment (160) where possible: when the
 * headline (status and place, staff's free text) makes it longer, the headline is shortened with '...' so the
 * number and the tracking link always arrive whole. A character outside GSM-7 (UCS-2) is kept, at 70 per
 * segment: shortening a customer's place name to fit would lose more than a second segment costs.
 */
export function buildNotificationSms({
  shipment,
  changes,
  siteUrl,
}: {
  shipment: { trackingNumber: string };
  changes: PendingNotificationChange[];
  siteUrl: string;
}): { text: string; summary: string } {
  const headline = headlineOf(changes.at(-1)!);
  const trackingUrl = `${siteUrl.replace(/\/+$/, "")}/track/${encodeURIComponent(shipment.trackingNumber)}`;
  const fill = (value: string) =>
    DEFAULT_SMS_TEMPLATE.replace("{trackingNumber}", shipment.trackingNumber)
      .replace("{trackingUrl}", trackingUrl)
      .replace("{headline}", value);
  let text = fill(headline);
  const first = analyzeSmsText(text);
  if (first.encoding === "GSM-7" && first.units > SINGLE_SEGMENT_LIMIT["GSM-7"]) {
    let shortened = [...headline];
    while (shortened.length > 1 && analyzeSmsText(fill(`${shortened.join("").trimEnd()}...`)).units > 160) {
      shortened = shortened.slice(0, -1);
    }
    text = fill(`${shortened.join("").trimEnd()}...`);
  }
  return { text, summary: headline };
}
