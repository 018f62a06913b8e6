import { z } from "zod";
import { siteSettingsSchema } from "#app/schemas/site-settings.ts";

export const BUSINESS_HOURS_ROWS = 7;

const hoursText = z
  .string()
  .trim()
  .max(60, { error: "At most 60 characters." })
  .refine((v) => !/\p{Cc}/u.test(v), { error: "Contains characters that are not allowed." })
  .default("");

const hoursRow = z
  .object({ days: hoursText, hours: hoursText })
  .refine((row) => (row.days === "") === (row.hours === ""), {
    path: ["hours"],
    error: "Enter both the days and the hours, or leave both empty.",
  });

/**
 * The site details form on /admin/settings: the stored settings' rules, with up to seven rows of business
 * hours where empty rows are dropped. Parse it with `disableAutoCoercion` so empty fields stay "".
 */
export const siteSettingsFormSchema = siteSettingsSchema.extend({
  businessHours: z
    .array(hoursRow)
    .max(BUSINESS_HOURS_ROWS)
    .default([])
    .transform((rows) => rows.filter((row) => row.days !== ""))
    .refine((rows) => rows.length > 0, { error: "Enter the business hours of at least one day." }),
});
