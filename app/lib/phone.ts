/**
 * Mobile numbers, the ones we may text (SMS, WhatsApp, the tracking page's 'Get updates'); a party's contact phone
 * may be any number: app/lib/contact-phone.ts. Mobile numbers: parsed and validated with libphonenumber-js, stored in E.164 ("+231770123456").
 *
 * No server imports: the admin's party form may use it in the browser to say at once what is wrong. It loads
 * libphonenumber-js's "mobile" metadata (about 24 kB gzipped), which validates mobile numbers precisely for
 * every country: SMS and WhatsApp reach mobiles only, so a landline is refused here rather than by the
 * provider. Public pages must not import this module (120 kB budget); if one ever needs it, the "min" metadata
 * (about 19 kB gzipped) validates lengths only.
 */
import { type CountryCode, ParseError, parsePhoneNumberWithError } from "libphonenumber-js/mobile";
import { countryName, readPhone } from "./phone-words.ts";

export type ParsedPhone = { ok: true; e164: string; country: string } | { ok: false; message: string };

/**
 * Liberia and the other members of ECOWAS, the default list of countries we text (against SMS pumping fraud:
 * bots typing premium numbers elsewhere into our forms). Mali, Burkina Faso and Niger left ECOWAS on
 * 29 January 2025 and are not on it; an operator who serves them adds ML, BF or NE to SMS_ALLOWED_COUNTRIES.
 * See docs/decisions/012-sms-whatsapp-providers.md.
 */
export const DEFAULT_ALLOWED_COUNTRIES: readonly string[] = [
  "LR", // Liberia
  "BJ", // Benin
  "CV", // Cabo Verde
  "CI", // Côte d'Ivoire
  "GM", // The Gambia
  "GH", // Ghana
  "GN", // Guinea
  "GW", // Guinea-Bissau
  "NG", // Nigeria
  "SN", // Senegal
  "SL", // Sierra Leone
  "TG", // Togo
];

/**
 * Reads a phone number as typed ("0770 123 456", "+233 24 123 4567") into E.164. A number without a country
 * code is read as one of `defaultCountry` (Liberia). Only mobile numbers pass.
 */
export function parsePhone(input: string, defaultCountry = "LR"): ParsedPhone {
  const read = readPhone(input, {
    parse: (typed) => parsePhoneNumberWithError(typed, { defaultCountry: defaultCountry as CountryCode }),
    isParseError: (error): error is Error => error instanceof ParseError,
    kind: "mobile",
  });
  return read.ok ? { ok: true, e164: read.parsed.number, country: read.parsed.country } : read;
}

/** Whether we may text an E.164 number: it parses as a mobile number of a country on the list. */
export function isPhoneAllowed(e164: string, allowedCountries: readonly string[]): boolean {
  if (!/^\+[1-9]\d{6,14}$/.test(e164)) return false;
  const parsed = parsePhone(e164);
  return parsed.ok && allowedCountries.includes(parsed.country);
}

/** The message to show for a number of a country we do not text. */
export function countryNotAllowedMessage(country: string): string {
  return `We do not send text messages to numbers in ${countryName(country)}.`;
}

/** Reads a comma-separated list of ISO 3166-1 alpha-2 codes ("lr, gh,NG"); `undefined` when one is not a code. */
export function parseCountryList(value: string): string[] | undefined {
  const codes = value
    .split(",")
    .map((code) => code.trim().toUpperCase())
    .filter((code) => code !== "");
  if (!codes.every((code) => /^[A-Z]{2}$/.test(code) && isKnownRegion(code))) return undefined;
  return [...new Set(codes)];
}

function isKnownRegion(code: string): boolean {
  try {
    return new Intl.DisplayNames(["en"], { type: "region", fallback: "none" }).of(code) !== undefined;
  } catch {
    return false;
  }
}
