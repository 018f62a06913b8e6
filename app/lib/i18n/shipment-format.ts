// A shipment's figures and a time zone as a customer reads them, in either language. Apart from format.ts, which
// every public page's script carries: only the server's pages and documents use these.
import { formatDeclaredValue } from "#app/lib/freight-terms.ts";
import { formatMoneyIn } from "#app/lib/i18n/format.ts";
import type { Locale } from "#app/lib/i18n/locale.ts";
import { minorDigits } from "#app/lib/money.ts";

/**
 * A shipment's declared value (a decimal with two places, not minor units): '4,800.00 USD' / '4 800,00 $US',
 * the French one as formatMoneyIn writes money. A value with cents in a currency without them (1250.50 XOF, as
 * typed on the shipment's form) is written with its two decimals and the currency's code ('1 250,50 XOF'), as the
 * English page writes it: a declared value is part of the contract and is never rounded.
 */
export function formatDeclaredValueIn(locale: Locale, value: number, currency: string): string {
  if (locale === "en") return formatDeclaredValue(value, currency);
  // numeric(14, 2): at most two decimals, so the rounded cents are the stored value exactly.
  const cents = Math.round(value * 100);
  const digits = minorDigits(currency);
  if (digits < 2 && cents % 10 ** (2 - digits) !== 0) {
    const sign = cents < 0 ? "-" : "";
    const whole = Math.abs(cents);
    // Intl reads a decimal string exactly (ECMA-402 NumberFormat v3); the type still says number.
    const decimal = `${sign}${Math.trunc(whole / 100)}.${String(whole % 100).padStart(2, "0")}`;
    return `${twoDecimals.format(decimal as unknown as number)} ${currency}`;
  }
  return formatMoneyIn(locale, cents / 10 ** (2 - digits), currency);
}

const twoDecimals = new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

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
