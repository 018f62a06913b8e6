/**
 * Where a shipment stands on the tracking page's stepper (Booked → In transit → Arrived → Delivered),
 * read from its free-text status and its status history with the spec's keywords: 'shipped' or
 * 'transit' in transit, 'arrived' arrived, 'delivered' delivered (the timeline icons' words, in their
 * order), and 'delay' a warning on the current step. Pure: no React, no server code.
 */

export const TRACKING_STEPS = ["Booked", "In transit", "Arrived", "Delivered"] as const;

export type TrackingStep = 0 | 1 | 2 | 3;

export type TrackingProgress = {
  /** Index into TRACKING_STEPS of the step the shipment is at. */
  step: TrackingStep;
  /** The status or the newest entry reports a delay (and it is not delivered). */
  delayed: boolean;
  delivered: boolean;
  /** When it was delivered: the newest 'delivered' entry's time; null when no entry says so. */
  deliveredAt: Date | null;
};

const normalise = (text: string | null | undefined) => (text ?? "").trim().replace(/\s+/g, " ").toLowerCase();

const BOOKED_WORDS = ["processing", "pending", "booked", "booking", "received", "created"];

/**
 * The step one status text names, or null when it names none ('Delayed', 'On hold', any other text).
 * 'Processing', 'Pending' and 'Booked' are the first step; 'Undelivered' and 'Not delivered' name none.
 */
export function stepOfStatus(status: string | null | undefined): TrackingStep | null {
  const text = normalise(status);
  if (/\b(?:un|not )delivered\b/.test(text)) return null;
  if (text.includes("shipped") || text.includes("transit")) return 1;
  if (text.includes("delivered")) return 3;
  if (text.includes("arrived")) return 2;
  if (BOOKED_WORDS.some((word) => text.includes(word))) return 0;
  return null;
}

/**
 * Whether a history entry's status is the shipment's own (letter case and spacing aside): the pages show an entry
 * as the 'Latest update' beside the status only then, so the two never contradict each other, whatever was
 * typed where (an earlier step added unticked, a status changed on the shipment's form).
 */
export const sameStatus = (a: string | null | undefined, b: string | null | undefined) =>
  normalise(a) === normalise(b);

export const isDelayStatus = (status: string | null | undefined) => normalise(status).includes("delay");

/**
 * The shipment's own status decides the step (the headline shows it, and adding a history entry does
 * not change it), with two exceptions: a 'delivered' entry means delivered whatever the status says
 * (as the route and the overdue notice read it), and a status that names no step ('Delayed', 'On hold')
 * takes the furthest step its history reached. `history` is newest first.
 */
export function trackingProgress({
  status,
  history,
}: {
  status: string;
  history: ReadonlyArray<{ status: string; timestamp: Date }>;
}): TrackingProgress {
  const deliveredEntry = history.find((entry) => stepOfStatus(entry.status) === 3);
  const own = stepOfStatus(status);
  const delivered = own === 3 || deliveredEntry !== undefined;
  let step: TrackingStep;
  if (delivered) step = 3;
  else if (own !== null) step = own;
  else {
    step = 0;
    for (const entry of history) {
      const reached = stepOfStatus(entry.status);
      if (reached !== null && reached > step) step = reached;
    }
  }
  const newest = history[0];
  const delayed =
    !delivered && (isDelayStatus(status) || (newest !== undefined && isDelayStatus(newest.status)));
  return { step, delayed, delivered, deliveredAt: deliveredEntry?.timestamp ?? null };
}
