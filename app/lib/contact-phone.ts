/**
 * A shipper's or consignee's contact phone: any valid number, landline or mobile, read with libphonenumber-js's
 * "max" metadata (about 40 kB gzipped; admin pages only, never a public page) and stored in E.164. Whether a number
 * can be texted is a separate rule (app/lib/phone.ts, mobiles only, used by the outbox); a landline is still a
 * good contact phone and still gets e-mail.
 */
import { type CountryCode, ParseError, parsePhoneNumberWithError } from "libphonenumber-js/max";
import { countryName, readPhone } from "./phone-words.ts";

export type ContactPhone =
  | { ok: true; e164: string; country: string; mobile: boolean }
  | { ok: false; message: string };

/**
 * Reads a phone number as typed ("0770 123 456", "+32 3 123 45 67", "+86 21 6321 8888") into E.164; one without a
 * country code is read as one of `defaultCountry` (Liberia). `mobile`: the number's type is mobile (or, as in
 * North America, cannot be told from a landline).
 */
export function parseContactPhone(input: string, defaultCountry = "LR"): ContactPhone {
  const read = readPhone(input, {
    parse: (typed) => parsePhoneNumberWithError(typed, { defaultCountry: defaultCountry as CountryCode }),
    isParseError: (error): error is Error => error instanceof ParseError,
    kind: "phone",
  });
  if (!read.ok) return read;
  const type = read.parsed.getType();
  return {
    ok: true,
    e164: read.parsed.number,
    country: read.parsed.country,
    mobile: type === "MOBILE" || type === "FIXED_LINE_OR_MOBILE",
  };
}

/**
 * What a party's stored phone can get, for its page: only mobiles of the countries we text get SMS and WhatsApp
 * (the outbox's rule, app/lib/phone.ts); any other number is for people to call, and the party is told by e-mail.
 */
export function phoneChannels(e164: string | null, textCountries: readonly string[]): string | null {
  if (!e164) return null;
  const parsed = parseContactPhone(e164);
  if (!parsed.ok) return "Not a phone number we can read: e-mail only.";
  if (!parsed.mobile) return "Landline: e-mail only (text messages go to mobile numbers).";
  if (!textCountries.includes(parsed.country))
    return `Mobile: e-mail only (we do not send text messages to numbers in ${countryName(parsed.country)}).`;
  return "Mobile: SMS and WhatsApp, and e-mail.";
}
