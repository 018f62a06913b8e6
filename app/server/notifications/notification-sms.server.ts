import { DEFAULT_TEMPLATES, fillSms } from "#app/lib/notification-templates.ts";
import { headlineOf, notificationValues } from "#app/server/notifications/notification-email.server.ts";

/**
 * The text message (SMS, WhatsApp) telling a shipment's latest change, from staff's SMS template (default:
 * number, status and place, short tracking link). One GSM-7 segment where possible: `fillSms` shortens the
 * headline, never the number or the link (app/lib/notification-templates.ts).
 */
/** In the recipient's language: `template` is the SMS template of that language, `locale` the language. */
export function buildNotificationSms({
  template = DEFAULT_TEMPLATES.sms,
  ...context
}: Parameters<typeof notificationValues>[0] & { template?: string }): { text: string; summary: string } {
  const values = notificationValues(context);
  // The summary is staff's, in English.
  return { text: fillSms(template, values), summary: headlineOf(context.changes.at(-1)!) };
}
