import type { Locale } from "#app/lib/i18n/locale.ts";
import { TRACKING_STEPS } from "#app/lib/tracking-progress.ts";
import { COMMON_STATUSES } from "#app/schemas/shipment-status.ts";
import { wordsFor } from "#app/server/i18n/words.server.ts";

// Staff type a shipment's status freely (the form offers the usual ones). A French page translates the app's own
// status names through its catalog, which matches the English text exactly; a usual status typed in another
// letter case or with extra spaces ('in transit ', 'DELIVERED') is the same status and should read French too.

const key = (status: string) => status.trim().replace(/\s+/g, " ").toLowerCase();

// The form's statuses last: 'In Transit' rather than the stepper's 'In transit' (both are 'En transit').
const STANDARD = new Map([...TRACKING_STEPS, ...COMMON_STATUSES].map((status) => [key(status), status]));

/** The app's own status a typed one stands for ('in transit ' → 'In Transit'); anything else as typed. */
export function standardStatus(status: string): string {
  return STANDARD.get(key(status)) ?? status;
}

/**
 * A status as a page in `locale` hands it to its translator: in French the usual status it stands for, so the
 * catalog finds it; in English exactly as staff typed it.
 */
export function statusToTranslate(locale: Locale, status: string): string {
  return locale === "en" ? status : standardStatus(status);
}

/**
 * A status as the tracking pages show it in `locale`: the French of a usual status (the tracking catalog's), looked
 * up as a word, never read as a template: 'Held at customs' is not '{status} at {place}'.
 */
export function trackingStatusIn(locale: Locale, status: string): string {
  if (locale === "en") return status;
  return wordsFor(locale, "tracking")?.[standardStatus(status)] ?? status;
}
