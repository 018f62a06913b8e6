import { formatCalendarDate } from "#app/lib/format.ts";
import type { Locale } from "#app/lib/i18n/locale.ts";

// Not app/lib/i18n/format.ts: it brings the money formats into the page's script, which the account's pages
// (within 1 kB of the public budget) cannot carry. The same fr-FR format as its formatDateIn.
const frenchDate = new Intl.DateTimeFormat("fr-FR", {
  timeZone: "UTC",
  day: "numeric",
  month: "short",
  year: "numeric",
});

/** A calendar day (YYYY-MM-DD) as the account's lists write it: 'Nov 20, 2026', '20 nov. 2026'. */
export function calendarDateIn(locale: Locale, day: string): string {
  return locale === "en" ? formatCalendarDate(day) : frenchDate.format(new Date(day));
}
