import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { z } from "zod";

// The language a shipper or consignee is written to in (decision 030): messages and documents go in it. Staff set
// it on the party; a party created without it (the shipment form, an import, the address book's 'From the
// phone number') gets French when its phone is of a French-speaking country of West Africa, English otherwise.

export const PARTY_LANGUAGES = ["en", "fr"] as const;
export type PartyLanguage = (typeof PARTY_LANGUAGES)[number];

export const PARTY_LANGUAGE_LABELS: Record<PartyLanguage, string> = { en: "English", fr: "French" };

/**
 * Calling codes of Côte d'Ivoire (225), Guinea (224), Senegal (221), Togo (228), Benin (229), Mali (223),
 * Burkina Faso (226) and Niger (227); drizzle/0026 guessed the parties already saved the same way.
 */
export const FRENCH_CALLING_CODES: readonly string[] = [
  "225",
  "224",
  "221",
  "228",
  "229",
  "223",
  "226",
  "227",
];

/** French for a phone of a French-speaking country (E.164 or with 00), English for any other or none. */
export function languageOfPhone(phone: string | null | undefined): PartyLanguage {
  const digits = (phone ?? "").replace(/[^\d+]/g, "").replace(/^00/, "+");
  if (!digits.startsWith("+")) return "en";
  const parsed = parsePhoneNumberFromString(digits);
  return parsed && FRENCH_CALLING_CODES.includes(parsed.countryCallingCode) ? "fr" : "en";
}

export const PARTY_LANGUAGE_MESSAGE = "Choose English or French.";

/** The party form's language: English or French; empty (a new party only) means 'from the phone number'. */
export const partyLanguageSchema = z
  .string({ message: PARTY_LANGUAGE_MESSAGE })
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(z.enum(PARTY_LANGUAGES, { message: PARTY_LANGUAGE_MESSAGE }).optional());
