// A shipment's figures and a time zone as a customer reads them, in either language. Apart from format.ts, which
// every public page's script carries: only the server's pages and documents use these.
import { formatDeclaredValue } from "#app/lib/freight-terms.ts";
import { formatMoneyIn } from "#app/lib/i18n/format.ts";
import type { Locale } from "#app/lib/i18n/locale.ts";
import { minorDigits } from "#app/lib/money.ts";

/**
 * A shipment's declared value (a decimal with two places, not minor units): '4,800.00 USD' / '4 800,00 $US',
 * the French one as formatMoneyIn writes money.
 */
export function formatDeclaredValueIn(locale: Locale, value: number, currency: string): string {
  if (locale === "en") return formatDeclaredValue(value, currency);
  // numeric(14, 2): at most two decimals, so the rounded minor units are the stored value exactly.
  return formatMoneyIn(locale, Math.round(value * 10 ** minorDigits(currency)), currency);
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A time zone as a customer reads it, never its configuration name ('Africa/Monrovia'): its city ('Monrovia',
 * 'New York'; 'Greenwich' for UTC), and in French its offset too ('Monrovia (GMT)', 'Paris (GMT+1)'), for
 * 'Times are {zone} time.' / '… en heure locale : {zone}.'.
 */
export function timeZoneNameIn(locale: Locale, timeZone: string, now = new Date()): string {
  const last = timeZone.split("/").pop() ?? timeZone;
  const city = /^(UTC|GMT|UCT|Zulu|Universal|Greenwich)$/i.test(last)
    ? "Greenwich"
    : last.replaceAll("_", " ");
  if (locale === "en") return city;
  let format = offsetFormats.get(timeZone);
  if (!format) {
    try {
      // The offset as GMT writes it in both languages ('GMT', 'GMT+1'): what West Africa's clocks are read against.
      format = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "shortOffset" });
    } catch {
      return city;
    }
    offsetFormats.set(timeZone, format);
  }
  // Some ICU versions write Greenwich itself 'GMT+0'.
  const offset = format
    .formatToParts(now)
    .find((part) => part.type === "timeZoneName")
    ?.value.replace(/^GMT[+-]0$/, "GMT");
  return offset ? `${city} (${offset})` : city;
}
