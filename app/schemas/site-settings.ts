import { z } from "zod";
import { defaultSiteSettings } from "#app/content/company.ts";
import { isSupportedTimeZone } from "#app/lib/time-zone.ts";

/** One line of text: control characters (NUL, line breaks…) are refused, not stored. */
const oneLine = (schema: z.ZodString, label: string) =>
  schema.refine((v) => !/\p{Cc}/u.test(v), { message: `${label} contains characters that are not allowed.` });

const optionalUrl = z
  .string()
  .trim()
  .max(300)
  .refine((v) => v === "" || /^https:\/\/[^\s]+$/.test(v), {
    message: "Enter a full https:// address or leave empty.",
  });

export const siteSettingsSchema = z.object({
  companyName: oneLine(
    z.string().trim().min(2, { message: "Company name must be at least 2 characters." }).max(120),
    "Company name",
  ),
  phone: z
    .string()
    .trim()
    .min(5, { message: "Enter a phone number." })
    .max(40)
    .regex(/^[+\d][\d\s()\-.]*$/, { message: "Enter a phone number using digits, spaces and + ( ) - ." }),
  email: z.email({ message: "Please enter a valid email address." }).max(254),
  address: oneLine(z.string().trim().min(5, { message: "Enter the street address." }).max(200), "Address"),
  businessHours: z
    .array(
      z.object({
        days: oneLine(z.string().trim().min(1).max(60), "Days"),
        hours: oneLine(z.string().trim().min(1).max(60), "Hours"),
      }),
    )
    .min(1)
    .max(7),
  social: z.object({
    facebook: optionalUrl,
    twitter: optionalUrl,
    linkedin: optionalUrl,
    instagram: optionalUrl,
  }),
  /** The company's IANA time zone: status updates' times are typed and shown in it. */
  timeZone: z
    .string({ message: "Choose a time zone." })
    .trim()
    .min(1, { message: "Choose a time zone.", abort: true })
    .refine(isSupportedTimeZone, {
      message: "Unknown time zone. Choose one from the list, like Africa/Monrovia or Europe/London.",
    }),
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/**
 * Stored settings merged over the defaults; anything invalid in storage falls back to the default. A time zone
 * this engine does not know (settings from a newer or older runtime) falls back alone, keeping the rest.
 */
export function parseSiteSettings(stored: unknown): SiteSettings {
  const merged = { ...defaultSiteSettings, ...(typeof stored === "object" && stored ? stored : {}) };
  if (!isSupportedTimeZone(merged.timeZone)) merged.timeZone = defaultSiteSettings.timeZone;
  const parsed = siteSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : defaultSiteSettings;
}
