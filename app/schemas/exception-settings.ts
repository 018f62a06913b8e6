import { z } from "zod";

/** The exceptions board's default: a shipment with no status update for this many days has stalled. */
export const DEFAULT_STALL_DAYS = 5;

export const exceptionSettingsSchema = z.object({
  stallDays: z.coerce
    .number({ message: "Enter a number of days from 1 to 365." })
    .int({ message: "Enter a whole number of days from 1 to 365." })
    .min(1, { message: "Enter a number of days from 1 to 365." })
    .max(365, { message: "Enter a number of days from 1 to 365." }),
});
export type ExceptionSettings = z.output<typeof exceptionSettingsSchema>;
