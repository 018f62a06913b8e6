// Dates, times, numbers and money in a language (decision 030). English keeps the spec's formats
// (app/lib/format.ts, app/lib/money.ts) word for word; French follows the platform's fr-FR formats: '3 déc.
// 2026', 24-hour '14:40', '150 000 F CFA', '2 450,00 $US'. Instants are shown in UTC, Monrovia's zone, as in
// English. The platform's Intl, so no page carries locale data.
import { formatDate, formatDateTimeLong, formatListDate, formatTime } from "#app/lib/format.ts";
import type { Locale } from "#app/lib/i18n/locale.ts";
import { formatMoney, minorToInput } from "#app/lib/money.ts";

const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function dateFormat(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let format = formats.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat("fr-FR", { timeZone: "UTC", ...options });
    formats.set(key, format);
  }
  return format;
}

/** 'Jan 5, 2025' / '5 janv. 2025'. */
export function formatDateIn(locale: Locale, value: Date | string): string {
  if (locale === "en") return formatDate(value);
  return dateFormat("date", { day: "numeric", month: "short", year: "numeric" }).format(new Date(value));
}

/** 'Jan 05, 2025' / '05 janv. 2025' (lists, where the dates line up). */
export function formatListDateIn(locale: Locale, value: Date | string): string {
  if (locale === "en") return formatListDate(value);
  return dateFormat("list", { day: "2-digit", month: "short", year: "numeric" }).format(new Date(value));
}

/** '3:45 PM' / '15:45'. */
export function formatTimeIn(locale: Locale, value: Date | string): string {
  if (locale === "en") return formatTime(value);
  return dateFormat("time", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(value));
}

/** 'January 5, 2025 3:45 PM' / '5 janvier 2025, 15:45'. */
export function formatDateTimeLongIn(locale: Locale, value: Date | string): string {
  if (locale === "en") return formatDateTimeLong(value);
  return dateFormat("long", {
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(value));
}

/** A date and time in one: 'Jan 5, 2025 3:45 PM' / '3 déc. 2026, 14:40'. */
export function formatDateTimeIn(locale: Locale, value: Date | string): string {
  if (locale === "en") return `${formatDate(value)} ${formatTime(value)}`;
  return dateFormat("dateTime", {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(value));
}

/** '1,250' / '1 250'. */
export function formatNumberIn(locale: Locale, value: number, maximumFractionDigits = 2): string {
  const key = `number:${locale}:${maximumFractionDigits}`;
  let format = formats.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(locale === "en" ? "en-US" : "fr-FR", { maximumFractionDigits });
    formats.set(key, format);
  }
  return format.format(value);
}

/**
 * Money from minor units: '1,250.50 USD' / '1 250,50 $US', '150 000 F CFA'. Exact: the amount reaches Intl as
 * decimal text, never as a float.
 */
export function formatMoneyIn(locale: Locale, minor: number, currency: string): string {
  if (locale === "en") return formatMoney(minor, currency);
  const key = `money:${currency}`;
  let format = formats.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat("fr-FR", { style: "currency", currency });
    formats.set(key, format);
  }
  // Intl reads a decimal string exactly (ECMA-402 NumberFormat v3); the type still says number.
  return format.format(minorToInput(minor, currency) as unknown as number);
}
