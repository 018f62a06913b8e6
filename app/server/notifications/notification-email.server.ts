import { formatCalendarDate } from "#app/lib/format.ts";
import { formatDateTimeIn } from "#app/lib/i18n/format.ts";
import type { Locale } from "#app/lib/i18n/locale.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import { interpolate, type Translate } from "#app/lib/i18n/translate.ts";
import {
  companyLines,
  composeEmailText,
  DEFAULT_TEMPLATES,
  type DeliveryNoteLink,
  emailHeading,
  fillSubject,
  fillTemplate,
  type NotificationTemplates,
  receivedBecause,
  type TemplateValues,
} from "#app/lib/notification-templates.ts";
import { wallClock } from "#app/lib/time-zone.ts";
import { trackingPath } from "#app/lib/tracking-number.ts";
import { stepOfStatus, TRACKING_STEPS } from "#app/lib/tracking-progress.ts";
import type { SiteSettings } from "#app/schemas/site-settings.ts";
import type { PendingNotificationChange } from "#app/server/db/schema.ts";
import { notifications as frenchNotifications } from "#app/server/i18n/fr/notifications.ts";
import { translatorFor } from "#app/server/i18n/words.server.ts";
import { standardStatus } from "#app/server/shipments/standard-status.server.ts";

/**
 * The shipment notification e-mail: staff's plain-text templates (subject and body; the product's defaults in
 * app/lib/notification-templates.ts) filled with the shipment's values, in a fixed layout: heading, body, the
 * changes in between, the tracking link or button, the company's details and the unsubscribe link. The HTML
 * part escapes the filled text as a whole, so neither a value nor a template reaches a customer as HTML.
 *
 * In the recipient's language (decision 030): the templates of their language (the caller's), the status names,
 * dates and times, the fixed words (the French catalog 'notifications') and the tracking link's address.
 */

/**
 * A status in `locale`: staff type it freely, so a French recipient gets the French of a usual status ('In
 * Transit', 'Arrived': the catalog, whatever its letter case) and anything else as staff wrote it.
 */
export function statusIn(locale: Locale, status: string): string {
  if (locale === "en") return status;
  return (frenchNotifications as Record<string, string>)[standardStatus(status)] ?? status;
}

/** 'November 30, 2026' / '30 novembre 2026' for a calendar date written '2026-11-30'. */
const frenchCalendarDate = new Intl.DateTimeFormat("fr-FR", {
  timeZone: "UTC",
  day: "numeric",
  month: "long",
  year: "numeric",
});
function calendarDateIn(locale: Locale, isoDate: string): string {
  if (locale === "en") return formatCalendarDate(isoDate);
  return frenchCalendarDate.format(new Date(`${isoDate}T00:00:00Z`));
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

export type NotificationEmail = {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  /** What it tells, for the staff view. */
  summary: string;
};

/** 'Arrived at Port of Monrovia': a change's status and place. */
export function headlineOf(
  change: Pick<PendingNotificationChange, "kind" | "status" | "location" | "estimatedDelivery">,
  locale: Locale = "en",
) {
  const t = locale === "en" ? interpolate : translatorFor(locale);
  // The tracking page's first step, in its words.
  if (change.kind === "booked") return statusIn(locale, TRACKING_STEPS[0]);
  if (change.kind === "estimated_delivery") {
    return change.estimatedDelivery
      ? t("Estimated delivery {date}", {
          date: calendarDateIn(locale, change.estimatedDelivery.slice(0, 10)),
        })
      : t("Estimated delivery to be confirmed");
  }
  const status = statusIn(locale, change.status);
  return change.location ? t("{status} at {place}", { status, place: change.location }) : status;
}

type NotifiedShipment = {
  trackingNumber: string;
  status: string;
  currentLocation: string | null;
  originLocation: string;
  destinationLocation: string;
  estimatedDelivery: Date | null;
};
type CompanySettings = Pick<SiteSettings, "companyName" | "address" | "phone" | "timeZone">;

/** The placeholders' values for `changes` (the last is the latest state). */
export function notificationValues({
  shipment,
  changes,
  settings,
  siteUrl,
  locale = "en",
}: {
  shipment: NotifiedShipment;
  changes: PendingNotificationChange[];
  settings: CompanySettings;
  siteUrl: string;
  /** The recipient's language. */
  locale?: Locale;
}): TemplateValues {
  const latest = changes.at(-1)!;
  const status = latest.kind === "status" ? latest.status : shipment.status;
  // Once delivered, an estimated delivery is past news: a Delivered message never prints one.
  const delivered = stepOfStatus(status) === 3;
  return {
    trackingNumber: shipment.trackingNumber,
    headline: headlineOf(latest, locale),
    status: statusIn(locale, status),
    place: (latest.kind === "estimated_delivery" ? shipment.currentLocation : latest.location) ?? "",
    time: showTime(latest.at, settings.timeZone, locale),
    note: latest.notes ?? "",
    estimatedDelivery:
      shipment.estimatedDelivery && !delivered
        ? calendarDateIn(locale, shipment.estimatedDelivery.toISOString().slice(0, 10))
        : "",
    origin: shipment.originLocation,
    destination: shipment.destinationLocation,
    trackingUrl: `${siteUrl.replace(/\/+$/, "")}${localizePath(trackingPath(shipment.trackingNumber), locale)}`,
    companyName: settings.companyName,
    companyAddress: settings.address,
    companyPhone: settings.phone,
  };
}

function showTime(iso: string, timeZone: string, locale: Locale) {
  return formatDateTimeIn(locale, wallClock(new Date(iso), timeZone));
}

/**
 * The e-mail telling `changes` (in the order they were made; the last is the latest state, the ones before it
 * are listed as the steps in between). No party's contact details: only what the public tracking page shows.
 * `headers` adds the sender's (From, Reply-To: `senderHeaders` in mail.server.ts) to the unsubscribe headers.
 */
export function buildNotificationEmail({
  shipment,
  changes,
  settings,
  siteUrl,
  unsubscribeUrl,
  templates = DEFAULT_TEMPLATES,
  headers = {},
  deliveryNote,
  locale = "en",
}: {
  shipment: NotifiedShipment;
  changes: PendingNotificationChange[];
  settings: CompanySettings;
  siteUrl: string;
  unsubscribeUrl: string;
  /** The templates of the recipient's language. */
  templates?: Pick<NotificationTemplates, "emailSubject" | "emailBody">;
  headers?: Record<string, string>;
  /** The consignee's link to the delivery note, when the message tells a recorded delivery. */
  deliveryNote?: DeliveryNoteLink;
  /** The recipient's language. */
  locale?: Locale;
}): NotificationEmail {
  const values = notificationValues({ shipment, changes, settings, siteUrl, locale });
  const t = translatorFor(locale);
  const steps =
    changes.length > 1
      ? changes.map((change) =>
          t("{time}: {headline}", {
            time: showTime(change.at, settings.timeZone, locale),
            headline: headlineOf(change, locale),
          }),
        )
      : [];
  return {
    ...composeNotificationEmail({ templates, values, steps, unsubscribeUrl, deliveryNote, locale }),
    headers: {
      ...headers,
      ...(locale === "en" ? {} : { "Content-Language": locale }),
      "List-Unsubscribe": `<${unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    // For staff, in English whatever the recipient's language.
    summary: headlineOf(changes.at(-1)!),
  };
}

/** Subject, text and HTML parts from the templates and the values (the test message uses it with a sample). */
export function composeNotificationEmail({
  templates,
  values,
  steps,
  unsubscribeUrl,
  deliveryNote,
  locale = "en",
}: {
  templates: Pick<NotificationTemplates, "emailSubject" | "emailBody">;
  values: TemplateValues;
  steps: string[];
  unsubscribeUrl: string;
  deliveryNote?: DeliveryNoteLink;
  locale?: Locale;
}): { subject: string; text: string; html: string } {
  const subject = fillSubject(templates.emailSubject, values);
  const t = translatorFor(locale);
  return {
    subject,
    text: composeEmailText({ body: templates.emailBody, values, steps, unsubscribeUrl, deliveryNote, t }),
    html: layoutHtml({
      locale,
      t,
      values,
      bodyHtml: textToHtml(fillTemplate(templates.emailBody, values).trim(), values.trackingUrl),
      steps,
      unsubscribeUrl,
      deliveryNote,
    }),
  };
}

/** Plain text as HTML: escaped; blank lines part paragraphs, line breaks become <br>; the tracking link a link. */
export function textToHtml(text: string, link?: string): string {
  const linkHtml = link ? escapeHtml(link) : "";
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== "")
    .map((paragraph) => {
      let html = escapeHtml(paragraph);
      if (linkHtml)
        html = html.split(linkHtml).join(`<a href="${linkHtml}" style="color:#1d4ed8">${linkHtml}</a>`);
      return `<p style="margin:0 0 12px;font-size:15px;line-height:1.5">${html.replace(/\n/g, "<br>")}</p>`;
    })
    .join("\n");
}

function layoutHtml({
  locale,
  t,
  values,
  bodyHtml,
  steps,
  unsubscribeUrl,
  deliveryNote,
}: {
  locale: Locale;
  t: Translate;
  values: TemplateValues;
  bodyHtml: string;
  steps: string[];
  unsubscribeUrl: string;
  deliveryNote?: DeliveryNoteLink;
}): string {
  const e = escapeHtml;
  const heading = e(emailHeading(values, t));
  const stepsHtml = steps.length
    ? `<h2 style="margin:20px 0 8px;font-size:16px">${e(t("Since our last message"))}</h2><ol style="margin:0;padding-left:20px">${steps
        .map((s) => `<li>${e(s)}</li>`)
        .join("")}</ol>`
    : "";
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${heading}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 8px;font-size:14px;color:#4b5563">${e(values.companyName)}</p>
<h1 style="margin:0 0 16px;font-size:20px">${heading}</h1>
${bodyHtml}
${stepsHtml}
${deliveryNote ? `<p style="margin:16px 0 0;font-size:15px;line-height:1.5"><a href="${e(deliveryNote.url)}" style="color:#1d4ed8">${e(deliveryNote.text)}</a></p>` : ""}
<p style="margin:24px 0"><a href="${e(values.trackingUrl)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${e(t("Track your shipment"))}</a></p>
<p style="margin:0;font-size:13px;color:#4b5563">${companyLines(values).map(e).join("<br>")}</p>
<p style="margin:16px 0 0;font-size:12px;color:#6b7280">${e(receivedBecause(values, t))} <a href="${e(unsubscribeUrl)}" style="color:#6b7280">${e(t("Unsubscribe"))}</a></p>
</div>
</body></html>`;
}
