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

/**
 * True when the estimated delivery day is over (UTC, the time zone of Monrovia) and neither the
 * shipment nor any history entry says 'Delivered'.
 */
export function isDeliveryOverdue({
  estimatedDelivery,
  status,
  history = [],
  now = new Date(),
}: {
  estimatedDelivery: Date | null | undefined;
  status: string | null | undefined;
  history?: ReadonlyArray<{ status: string }>;
  now?: Date;
}): boolean {
  if (!estimatedDelivery || Number.isNaN(estimatedDelivery.getTime())) return false;
  if (isDeliveredStatus(status) || history.some((entry) => isDeliveredStatus(entry.status))) return false;
  const dayAfter = Date.UTC(
    estimatedDelivery.getUTCFullYear(),
    estimatedDelivery.getUTCMonth(),
    estimatedDelivery.getUTCDate() + 1,
  );
  return now.getTime() >= dayAfter;
}
