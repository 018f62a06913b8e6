import { formatCalendarDate, formatDate, formatTime } from "#app/lib/format.ts";
import { wallClock } from "#app/lib/time-zone.ts";
import { trackingPath } from "#app/lib/tracking-number.ts";
import type { SiteSettings } from "#app/schemas/site-settings.ts";
import type { PendingNotificationChange } from "#app/server/db/schema.ts";

/**
 * The shipment notification e-mail: default templates with named placeholders ({trackingNumber}, {status}…),
 * filled with escaped values (HTML part) or plain values (text part). A line whose placeholders are all empty
 * is left out (no 'Note:' without a note). Editing the templates in the settings is not built yet (decision 013).
 */

export const DEFAULT_SUBJECT_TEMPLATE = "{trackingNumber}: {headline}";

export const DEFAULT_TEXT_TEMPLATE = `Shipment {trackingNumber}: {headline}

Status: {status}
Place: {place}
Time: {time}
Note: {note}
Estimated delivery: {estimatedDelivery}
Route: {origin} → {destination}
{steps}
Track your shipment: {trackingUrl}

{companyName}
{companyAddress}
{companyPhone}

You receive this message about shipment {trackingNumber} from {companyName}. Unsubscribe: {unsubscribeUrl}`;

export const DEFAULT_HTML_TEMPLATE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{trackingNumber}: {headline}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 8px;font-size:14px;color:#4b5563">{companyName}</p>
<h1 style="margin:0 0 16px;font-size:20px">Shipment {trackingNumber}: {headline}</h1>
<table role="presentation" style="border-collapse:collapse;font-size:15px">
<tr><th style="text-align:left;padding:4px 12px 4px 0">Status</th><td>{status}</td></tr>
<tr><th style="text-align:left;padding:4px 12px 4px 0">Place</th><td>{place}</td></tr>
<tr><th style="text-align:left;padding:4px 12px 4px 0">Time</th><td>{time}</td></tr>
<tr><th style="text-align:left;padding:4px 12px 4px 0">Note</th><td>{note}</td></tr>
<tr><th style="text-align:left;padding:4px 12px 4px 0">Estimated delivery</th><td>{estimatedDelivery}</td></tr>
<tr><th style="text-align:left;padding:4px 12px 4px 0">Route</th><td>{origin} → {destination}</td></tr>
</table>
{stepsHtml}
<p style="margin:24px 0"><a href="{trackingUrl}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">Track your shipment</a></p>
<p style="margin:0;font-size:13px;color:#4b5563">{companyName}<br>{companyAddress}<br>{companyPhone}</p>
<p style="margin:16px 0 0;font-size:12px;color:#6b7280">You receive this message about shipment {trackingNumber} from {companyName}. <a href="{unsubscribeUrl}" style="color:#6b7280">Unsubscribe</a></p>
</div>
</body></html>`;

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/**
 * Fills `{name}` placeholders with `values` (through `escape`); unknown names stay as typed. A line whose
 * placeholders are all empty is dropped; `raw` names are inserted unescaped (HTML this module built).
 */
export function fillTemplate(
  template: string,
  values: Record<string, string>,
  {
    escape: escapeValue = (v: string) => v,
    raw = [] as string[],
  }: { escape?: (v: string) => string; raw?: string[] } = {},
): string {
  const placeholder = /\{([A-Za-z]+)\}/g;
  return template
    .split("\n")
    .filter((line) => {
      const names = [...line.matchAll(placeholder)].map((m) => m[1]!).filter((name) => name in values);
      return names.length === 0 || names.some((name) => values[name] !== "");
    })
    .map((line) =>
      line.replace(placeholder, (match, name: string) =>
        name in values ? (raw.includes(name) ? values[name]! : escapeValue(values[name]!)) : match,
      ),
    )
    .join("\n");
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
  if (change.kind === "estimated_delivery") {
    return change.estimatedDelivery
      ? `Estimated delivery ${formatCalendarDate(change.estimatedDelivery.slice(0, 10))}`
      : "Estimated delivery to be confirmed";
  }
  return change.location ? `${change.status} at ${change.location}` : change.status;
}

/**
 * The e-mail telling `changes` (in the order they were made; the last is the latest state, the ones before it
 * are listed as the steps in between). No party's contact details: only what the public tracking page shows.
 */
export function buildNotificationEmail({
  shipment,
  changes,
  settings,
  siteUrl,
  unsubscribeUrl,
}: {
  shipment: {
    trackingNumber: string;
    status: string;
    currentLocation: string | null;
    originLocation: string;
    destinationLocation: string;
    estimatedDelivery: Date | null;
  };
  changes: PendingNotificationChange[];
  settings: Pick<SiteSettings, "companyName" | "address" | "phone" | "timeZone">;
  siteUrl: string;
  unsubscribeUrl: string;
}): NotificationEmail {
  const latest = changes.at(-1)!;
  const showTime = (iso: string) => {
    const local = wallClock(new Date(iso), settings.timeZone);
    return `${formatDate(local)} ${formatTime(local)}`;
  };
  const stepLine = (change: PendingNotificationChange) => `${showTime(change.at)}: ${headlineOf(change)}`;
  const steps = changes.length > 1 ? changes.map(stepLine) : [];
  const estimated = shipment.estimatedDelivery
    ? formatCalendarDate(shipment.estimatedDelivery.toISOString().slice(0, 10))
    : "";
  const headline = headlineOf(latest);
  const values: Record<string, string> = {
    trackingNumber: shipment.trackingNumber,
    headline,
    status: latest.kind === "status" ? latest.status : shipment.status,
    place: (latest.kind === "status" ? latest.location : shipment.currentLocation) ?? "",
    time: showTime(latest.at),
    note: latest.notes ?? "",
    estimatedDelivery: estimated,
    origin: shipment.originLocation,
    destination: shipment.destinationLocation,
    trackingUrl: `${siteUrl}${trackingPath(shipment.trackingNumber)}`,
    companyName: settings.companyName,
    companyAddress: settings.address,
    companyPhone: settings.phone,
    unsubscribeUrl,
    steps: steps.length ? `\nSince our last message:\n${steps.map((s) => `- ${s}`).join("\n")}\n` : "",
    stepsHtml: steps.length
      ? `<h2 style="margin:20px 0 8px;font-size:16px">Since our last message</h2><ol style="margin:0;padding-left:20px">${steps
          .map((s) => `<li>${escapeHtml(s)}</li>`)
          .join("")}</ol>`
      : "",
  };
  return {
    subject: fillTemplate(DEFAULT_SUBJECT_TEMPLATE, values).replace(/[\r\n]+/g, " "),
    text: fillTemplate(DEFAULT_TEXT_TEMPLATE, values),
    html: fillTemplate(DEFAULT_HTML_TEMPLATE, values, { escape: escapeHtml, raw: ["stepsHtml"] }),
    headers: {
      "List-Unsubscribe": `<${unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    summary: headline,
  };
}
