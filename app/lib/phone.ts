/**
 * Customers' mobile numbers: parsed and validated with libphonenumber-js, stored in E.164 ("+231770123456").
 *
 * No server imports: the admin's party form may use it in the browser to say at once what is wrong. It loads
 * libphonenumber-js's "mobile" metadata (about 24 kB gzipped), which validates mobile numbers precisely for
 * every country: SMS and WhatsApp reach mobiles only, so a landline is refused here rather than by the
 * provider. Public pages must not import this module (120 kB budget); if one ever needs it, the "min" metadata
 * (about 19 kB gzipped) validates lengths only.
 */
import { type CountryCode, ParseError, parsePhoneNumberWithError } from "libphonenumber-js/mobile";

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
  const typed = input.trim();
  if (typed === "") return { ok: false, message: "Enter a mobile phone number." };
  if (typed.length > 40) return { ok: false, message: "That phone number is too long." };
  let parsed: ReturnType<typeof parsePhoneNumberWithError>;
  try {
    parsed = parsePhoneNumberWithError(typed, { defaultCountry: defaultCountry as CountryCode });
  } catch (error) {
    if (error instanceof ParseError) return { ok: false, message: parseErrorMessage(error.message) };
    throw error;
  }
  if (!parsed.country) {
    return { ok: false, message: "That number does not belong to a country; enter a mobile phone number." };
  }
  if (!parsed.isValid()) {
    return {
      ok: false,
      message: `That is not a valid mobile number for ${countryName(parsed.country)}. Check the digits, or start with + and the country code.`,
    };
  }
  return { ok: true, e164: parsed.number, country: parsed.country };
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

function parseErrorMessage(code: string): string {
  switch (code) {
    case "INVALID_COUNTRY":
      return "That number's country code is not recognised. Start with + and the country code, e.g. +231 77 012 3456.";
    case "TOO_SHORT":
      return "That phone number is too short.";
    case "TOO_LONG":
      return "That phone number is too long.";
    default:
      return "That is not a phone number. Use digits, e.g. 0770 123 456 or +231 77 012 3456.";
  }
}

function isKnownRegion(code: string): boolean {
  try {
    return new Intl.DisplayNames(["en"], { type: "region", fallback: "none" }).of(code) !== undefined;
  } catch {
    return false;
  }
}

function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}
