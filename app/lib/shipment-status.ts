/**
 * Shipment status rules shared by the public tracking page and the back office. Status is free text;
 * these functions only read it. Pure: no React, no server code.
 */

/** Badge colours of the spec; names match the tones of `#app/components/ui/badge.tsx`. */
export type StatusTone = "blue" | "green" | "amber" | "red" | "grey";

const TONES: Record<string, StatusTone> = {
  "in transit": "blue",
  delivered: "green",
  processing: "amber",
  delayed: "red",
  pending: "grey",
};

function key(status: string | null | undefined): string {
  return (status ?? "").trim().replace(/\s+/g, " ").toLowerCase();
}

/** In Transit blue, Delivered green, Processing amber, Delayed red, Pending and anything else grey. */
export function statusBadgeTone(status: string | null | undefined): StatusTone {
  return TONES[key(status)] ?? "grey";
}

export type TimelineIcon = "truck" | "delivered" | "location" | "package";

/**
 * The timeline icon for a status, by keyword anywhere in the text (case-insensitive), checked in the
 * spec's order: 'shipped' or 'transit' truck, 'delivered' delivered, 'arrived' location, else package.
 */
export function timelineIconKind(status: string | null | undefined): TimelineIcon {
  const text = key(status);
  if (text.includes("shipped") || text.includes("transit")) return "truck";
  if (text.includes("delivered")) return "delivered";
  if (text.includes("arrived")) return "location";
  return "package";
}

/** True for the status 'Delivered' (any case); every other status counts as active. */
export function isDeliveredStatus(status: string | null | undefined): boolean {
  return key(status) === "delivered";
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Today's date in the company's time zone (decision 010), as midnight UTC of that date: the form estimated
 * deliveries are stored in (a calendar day at midnight UTC), so the two compare as days.
 */
export function companyDate(now: Date, timeZone: string): Date {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return new Date(Date.UTC(part("year"), part("month") - 1, part("day")));
}

/** The calendar day of an estimated delivery (its UTC date), as midnight UTC. */
function deliveryDay(estimatedDelivery: Date): number {
  return Date.UTC(
    estimatedDelivery.getUTCFullYear(),
    estimatedDelivery.getUTCMonth(),
    estimatedDelivery.getUTCDate(),
  );
}

/**
 * Whole days an estimated delivery is past `today` (companyDate): 1 the day after it, 0 on the day and before.
 * The one rule of 'overdue' (app/server/shipments/exceptions.server.ts writes the same in SQL): a shipment is
 * overdue when it is not delivered and this is at least 1.
 */
export function daysPastDelivery(estimatedDelivery: Date, today: Date): number {
  return Math.max(0, Math.round((today.getTime() - deliveryDay(estimatedDelivery)) / DAY_MS));
}

/**
 * True when the estimated delivery day is over in the company's time zone (UTC, Monrovia's, unless given) and
 * neither the shipment nor any history entry says 'Delivered'.
 */
export function isDeliveryOverdue({
  estimatedDelivery,
  status,
  history = [],
  now = new Date(),
  timeZone = "UTC",
}: {
  estimatedDelivery: Date | null | undefined;
  status: string | null | undefined;
  history?: ReadonlyArray<{ status: string }>;
  now?: Date;
  timeZone?: string;
}): boolean {
  if (!estimatedDelivery || Number.isNaN(estimatedDelivery.getTime())) return false;
  if (isDeliveredStatus(status) || history.some((entry) => isDeliveredStatus(entry.status))) return false;
  return daysPastDelivery(estimatedDelivery, companyDate(now, timeZone)) >= 1;
}
