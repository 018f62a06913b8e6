import { formatCalendarDate, formatDate, formatTime } from "#app/lib/format.ts";
import {
  companyLines,
  composeEmailText,
  DEFAULT_TEMPLATES,
  type DeliveryNoteLink,
  emailHeading,
  fillSubject,
  fillTemplate,
  type NotificationTemplates,
  type TemplateValues,
} from "#app/lib/notification-templates.ts";
import { wallClock } from "#app/lib/time-zone.ts";
import { trackingPath } from "#app/lib/tracking-number.ts";
import { stepOfStatus, TRACKING_STEPS } from "#app/lib/tracking-progress.ts";
import type { SiteSettings } from "#app/schemas/site-settings.ts";
import type { PendingNotificationChange } from "#app/server/db/schema.ts";

/**
 * The shipment notification e-mail: staff's plain-text templates (subject and body; the product's defaults in
 * app/lib/notification-templates.ts) filled with the shipment's values, in a fixed layout: heading, body, the
 * changes in between, the tracking link or button, the company's details and the unsubscribe link. The HTML
 * part escapes the filled text as a whole, so neither a value nor a template reaches a customer as HTML.
 */

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
) {
  // The tracking page's first step, in its words.
  if (change.kind === "booked") return TRACKING_STEPS[0];
  if (change.kind === "estimated_delivery") {
    return change.estimatedDelivery
      ? `Estimated delivery ${formatCalendarDate(change.estimatedDelivery.slice(0, 10))}`
      : "Estimated delivery to be confirmed";
  }
  return change.location ? `${change.status} at ${change.location}` : change.status;
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
}: {
  shipment: NotifiedShipment;
  changes: PendingNotificationChange[];
  settings: CompanySettings;
  siteUrl: string;
}): TemplateValues {
  const latest = changes.at(-1)!;
  const status = latest.kind === "status" ? latest.status : shipment.status;
  // Once delivered, an estimated delivery is past news: a Delivered message never prints one.
  const delivered = stepOfStatus(status) === 3;
  return {
    trackingNumber: shipment.trackingNumber,
    headline: headlineOf(latest),
    status,
    place: (latest.kind === "estimated_delivery" ? shipment.currentLocation : latest.location) ?? "",
    time: showTime(latest.at, settings.timeZone),
    note: latest.notes ?? "",
    estimatedDelivery:
      shipment.estimatedDelivery && !delivered
        ? formatCalendarDate(shipment.estimatedDelivery.toISOString().slice(0, 10))
        : "",
    origin: shipment.originLocation,
    destination: shipment.destinationLocation,
    trackingUrl: `${siteUrl.replace(/\/+$/, "")}${trackingPath(shipment.trackingNumber)}`,
    companyName: settings.companyName,
    companyAddress: settings.address,
    companyPhone: settings.phone,
  };
}

function showTime(iso: string, timeZone: string) {
  const local = wallClock(new Date(iso), timeZone);
  return `${formatDate(local)} ${formatTime(local)}`;
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
}: {
  shipment: NotifiedShipment;
  changes: PendingNotificationChange[];
  settings: CompanySettings;
  siteUrl: string;
  unsubscribeUrl: string;
  templates?: Pick<NotificationTemplates, "emailSubject" | "emailBody">;
  headers?: Record<string, string>;
  /** The consignee's link to the delivery note, when the message tells a recorded delivery. */
  deliveryNote?: DeliveryNoteLink;
}): NotificationEmail {
  const values = notificationValues({ shipment, changes, settings, siteUrl });
  const steps =
    changes.length > 1
      ? changes.map((change) => `${showTime(change.at, settings.timeZone)}: ${headlineOf(change)}`)
      : [];
  return {
    ...composeNotificationEmail({ templates, values, steps, unsubscribeUrl, deliveryNote }),
    headers: {
      ...headers,
      "List-Unsubscribe": `<${unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    summary: values.headline,
  };
}

/** Subject, text and HTML parts from the templates and the values (the test message uses it with a sample). */
export function composeNotificationEmail({
  templates,
  values,
  steps,
  unsubscribeUrl,
  deliveryNote,
}: {
  templates: Pick<NotificationTemplates, "emailSubject" | "emailBody">;
  values: TemplateValues;
  steps: string[];
  unsubscribeUrl: string;
  deliveryNote?: DeliveryNoteLink;
}): { subject: string; text: string; html: string } {
  const subject = fillSubject(templates.emailSubject, values);
  return {
    subject,
    text: composeEmailText({ body: templates.emailBody, values, steps, unsubscribeUrl, deliveryNote }),
    html: layoutHtml({
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
  values,
  bodyHtml,
  steps,
  unsubscribeUrl,
  deliveryNote,
}: {
  values: TemplateValues;
  bodyHtml: string;
  steps: string[];
  unsubscribeUrl: string;
  deliveryNote?: DeliveryNoteLink;
}): string {
  const e = escapeHtml;
  const heading = e(emailHeading(values));
  const stepsHtml = steps.length
    ? `<h2 style="margin:20px 0 8px;font-size:16px">Since our last message</h2><ol style="margin:0;padding-left:20px">${steps
        .map((s) => `<li>${e(s)}</li>`)
        .join("")}</ol>`
    : "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${heading}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 8px;font-size:14px;color:#4b5563">${e(values.companyName)}</p>
<h1 style="margin:0 0 16px;font-size:20px">${heading}</h1>
${bodyHtml}
${stepsHtml}
${deliveryNote ? `<p style="margin:16px 0 0;font-size:15px;line-height:1.5"><a href="${e(deliveryNote.url)}" style="color:#1d4ed8">${e(deliveryNote.text)}</a></p>` : ""}
<p style="margin:24px 0"><a href="${e(values.trackingUrl)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">Track your shipment</a></p>
<p style="margin:0;font-size:13px;color:#4b5563">${companyLines(values).map(e).join("<br>")}</p>
<p style="margin:16px 0 0;font-size:12px;color:#6b7280">You receive this message about shipment ${e(values.trackingNumber)} from ${e(values.companyName)}. <a href="${e(unsubscribeUrl)}" style="color:#6b7280">Unsubscribe</a></p>
</div>
</body></html>`;
}
