// A shipment's statuses and the status update form (the detail page, the bulk update), and the event time the
// delivery form shares. Apart from app/schemas/shipment.ts so that the pages showing statuses do not load the
// shipment form's phone number checks.
import { z } from "zod";
import { fromLocalDateTime } from "#app/lib/time-zone.ts";
import { optionalText, requiredText } from "#app/schemas/text-rules.ts";

/** The usual statuses offered by the form; status stays free text. */
export const COMMON_STATUSES = [
  "Pending",
  "Processing",
  "Shipped",
  "In Transit",
  "Arrived",
  "Delayed",
  "Out for Delivery",
  "Delivered",
];

/** How far ahead of now a status update's event time may be (a clock a little off, not a plan). */
export const EVENT_TIME_MAX_AHEAD_MS = 24 * 60 * 60 * 1000;

/**
 * When the event happened, typed as a wall-clock time of the company's time zone ("2026-03-14T09:30", what a
 * datetime-local field sends), as the instant it means; not a real date and time, before 2000, or more than a
 * day ahead of `now` is refused.
 */
export const eventTime = ({ timeZone, now }: { timeZone: string; now: Date }) =>
  z
    .string({ message: "Event date and time is required." })
    .trim()
    .min(1, { message: "Event date and time is required." })
    .transform((value, ctx) => {
      const instant = fromLocalDateTime(value, timeZone);
      if (!instant) {
        ctx.addIssue({ code: "custom", message: "Enter a real date and time, like 2026-03-14 09:30." });
        return z.NEVER;
      }
      if (instant.getUTCFullYear() < 2000) {
        ctx.addIssue({ code: "custom", message: "Enter a date from the year 2000 on." });
        return z.NEVER;
      }
      if (instant.getTime() > now.getTime() + EVENT_TIME_MAX_AHEAD_MS) {
        ctx.addIssue({
          code: "custom",
          message: "The event date and time cannot be more than 1 day in the future.",
        });
        return z.NEVER;
      }
      return instant;
    });

/**
 * A status update as the detail page's forms post it: status, location, notes and the event's date and time
 * in the company's `timeZone`, and (when adding) whether it also becomes the shipment's current status.
 */
export const statusUpdateSchema = ({ timeZone, now = new Date() }: { timeZone: string; now?: Date }) =>
  z.object({
    status: requiredText("Status", { max: 60 }),
    location: requiredText("Location", { max: 200 }),
    notes: optionalText("Notes", 2000, true),
    timestamp: eventTime({ timeZone, now }),
    alsoSetCurrent: z
      .string()
      .optional()
      .transform((v) => v === "on" || v === "true"),
  });
export type StatusUpdateInput = z.output<ReturnType<typeof statusUpdateSchema>>;
