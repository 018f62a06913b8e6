// What the phone readers (app/lib/phone.ts for mobiles, app/lib/contact-phone.ts for any number) say about a number
// they cannot read. No libphonenumber-js metadata here, so each reader loads only its own.

type Readable = { country?: string; isValid(): boolean };

/**
 * Reads a typed number with `parse` (libphonenumber-js's `parsePhoneNumberWithError` of one metadata set, which
 * throws `ParseError`): what the two readers share, with their own words for "mobile" or "phone".
 */
export function readPhone<P extends Readable>(
  input: string,
  {
    parse,
    isParseError,
    kind,
  }: {
    parse: (typed: string) => P;
    isParseError: (error: unknown) => error is Error;
    kind: "mobile" | "phone";
  },
): { ok: true; parsed: P & { country: string } } | { ok: false; message: string } {
  const typed = input.trim();
  const what = kind === "mobile" ? "a mobile phone number" : "a phone number";
  if (typed === "") return { ok: false, message: `Enter ${what}.` };
  if (typed.length > 40) return { ok: false, message: "That phone number is too long." };
  let parsed: P;
  try {
    parsed = parse(typed);
  } catch (error) {
    if (isParseError(error)) return { ok: false, message: parseErrorMessage(error.message) };
    throw error;
  }
  const country = parsed.country;
  if (!country) {
    return {
      ok: false,
      message:
        kind === "mobile"
          ? "That number does not belong to a country; enter a mobile phone number."
          : "That number does not belong to a country; start with + and the country code.",
    };
  }
  if (!parsed.isValid()) {
    return {
      ok: false,
      message: `That is not a valid ${kind} number for ${countryName(country)}. Check the digits, or start with + and the country code.`,
    };
  }
  return { ok: true, parsed: parsed as P & { country: string } };
}

/** libphonenumber-js's parse error code as a sentence for the field. */
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

/** A region code's English name ("BE" → "Belgium"). */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}
