import { formatCalendarDate } from "#app/lib/format.ts";
import { formatDateIn } from "#app/lib/i18n/format.ts";
import type { Locale } from "#app/lib/i18n/locale.ts";

/** A calendar day (YYYY-MM-DD) as the account's lists write it: 'Nov 20, 2026', '20 nov. 2026'. */
export function calendarDateIn(locale: Locale, day: string): string {
  return locale === "en" ? formatCalendarDate(day) : formatDateIn(locale, day);
}
