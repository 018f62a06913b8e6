/**
 * Tracking numbers as typed by people: trimmed and upper-cased before any lookup, because they are
 * stored upper-case (the example format is UTG-1234-5678). Pure, used by the browser and the server.
 */

/** Longer input is never a real tracking number; it is not looked up and is shown cut to this length. */
export const MAX_TRACKING_NUMBER_LENGTH = 64;

export const TRACKING_NUMBER_EXAMPLE = "UTG-1234-5678";

// Control characters (C0, C1, DEL), invisible format characters (zero-width, bidi overrides, BOM) and
// line or paragraph separators; lone surrogates (\p{Cs} with the u flag) too.
const CONTROL_CHARACTERS = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u;
const CONTROL_CHARACTERS_GLOBAL = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/gu;

/**
 * The key a tracking number is looked up by: upper case, ASCII letters and digits only, so
 * "utg 1234 5678", "UTG12345678", "utg–1234–5678" and "UTG-1234-5678." all give "UTG12345678".
 * The database computes the same key in shipments.tracking_key (app/server/db/schema/shipments.ts, unique):
 * change both together. Anything that is not a string becomes "".
 */
export function trackingKey(input: unknown): string {
  if (typeof input !== "string") return "";
  return input.replace(/[^A-Za-z0-9]/g, "").toUpperCase();
}

// Invisible format characters a copied number brings along (zero-width space and joiners, left-to-right and
// right-to-left marks and overrides, the BOM, the soft hyphen), and spaces of other widths (no-break, thin).
const INVISIBLE_GLOBAL = /\p{Cf}/gu;
const ODD_SPACES_GLOBAL = /\p{Zs}/gu;

/**
 * Trims and upper-cases, after removing invisible format characters and making any space an ordinary one, so a
 * number pasted from a message or a PDF finds its shipment. Anything that is not a string becomes "".
 */
export function normalizeTrackingNumber(input: unknown): string {
  if (typeof input !== "string") return "";
  return input.replace(INVISIBLE_GLOBAL, "").replace(ODD_SPACES_GLOBAL, " ").trim().toUpperCase();
}

type TrackingNumberCheck =
  | { ok: true; value: string }
  | { ok: false; reason: "empty" | "too-long" | "invalid"; value: string };

/**
 * Normalises the input and says whether it can be looked up. Shipment tracking numbers are free text
 * in the back office, so only what can never be one is refused: nothing, more than
 * {@link MAX_TRACKING_NUMBER_LENGTH} characters, or control characters.
 */
export function parseTrackingNumber(input: unknown): TrackingNumberCheck {
  const value = normalizeTrackingNumber(input);
  if (value === "") return { ok: false, reason: "empty", value };
  if (value.length > MAX_TRACKING_NUMBER_LENGTH) return { ok: false, reason: "too-long", value };
  if (CONTROL_CHARACTERS.test(value)) return { ok: false, reason: "invalid", value };
  return { ok: true, value };
}

export function isValidTrackingNumber(input: unknown): boolean {
  return parseTrackingNumber(input).ok;
}

/**
 * A safe text to show back to the visitor: control characters replaced, cut to
 * {@link MAX_TRACKING_NUMBER_LENGTH} characters with an ellipsis. (React still escapes it.)
 */
export function displayTrackingNumber(input: unknown): string {
  const value = normalizeTrackingNumber(input).replace(CONTROL_CHARACTERS_GLOBAL, "\ufffd");
  const characters = Array.from(value);
  if (characters.length <= MAX_TRACKING_NUMBER_LENGTH) return value;
  return `${characters.slice(0, MAX_TRACKING_NUMBER_LENGTH).join("")}…`;
}

/** The shareable path of a tracking result, e.g. "/track/UTG-1234-5678". */
export function trackingPath(trackingNumber: string): string {
  // toWellFormed: encodeURIComponent throws on a lone surrogate.
  return `/track/${encodeURIComponent(normalizeTrackingNumber(trackingNumber).toWellFormed())}`;
}
