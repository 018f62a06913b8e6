/**
 * The rules of the public forms' text fields, without zod: the server's zod schemas (form-text.ts)
 * are built from these, and the browser checks the same rules with the small functions below, so
 * the public pages give instant feedback without shipping a validation library. The unit tests hold
 * both sides to the same messages for the same input.
 */

/** Any control character (single-line fields: names, e-mail, cities). */
export const CONTROL_CHARACTER = /\p{Cc}/u;
/** A control character other than line feed, carriage return and tab (multi-line fields). */
export const CONTROL_CHARACTER_EXCEPT_LINES = /[^\P{Cc}\n\r\t]/u;

/** Browsers send a textarea's line breaks as CR LF; stored and counted as LF. */
export function normalizeLineBreaks(value: string): string {
  return value.replace(/\r\n?/g, "\n");
}

export const EMAIL_MESSAGE = "Please enter a valid email address.";
export const EMAIL_MAX_LENGTH = 254;
/** zod's own e-mail pattern (z.regexes.email), so both sides accept the same addresses. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** The message for a value that is not one piece of text (a repeated field, a file upload). */
export function singleValueMessage(label: string): string {
  return `${label} must be a single text value.`;
}

export function maxLengthMessage(label: string, max: number): string {
  return `${label} must be at most ${max} characters.`;
}

export function invalidCharactersMessage(label: string): string {
  return `${label} contains characters that are not allowed.`;
}

/** A trimmed text field: at least `min` characters (else `minMessage`), at most `max`, no control characters. */
export type TextRule = {
  label: string;
  min: number;
  minMessage: string;
  max: number;
  /** Keeps line breaks and tabs. */
  multiline?: boolean;
};

/** An optional trimmed text field, multi-line unless `singleLine` (then no line breaks or tabs either). */
export type OptionalTextRule = { label: string; max: number; singleLine?: boolean };

/**
 * A field's value as the server's form parser reads it: one text, a list for a repeated name, and
 * `undefined` when missing or empty.
 */
export type FormValue = string | string[] | undefined;

function readFormValue(formData: FormData, name: string): FormValue {
  const values = formData.getAll(name).map((value) => (typeof value === "string" ? value : ""));
  if (values.length > 1) return values;
  return values[0] === "" ? undefined : values[0];
}

function lengthAndCharacterErrors(
  text: string,
  { label, max, forbidden }: { label: string; max: number; forbidden: RegExp },
): string[] {
  const errors: string[] = [];
  if (text.length > max) errors.push(maxLengthMessage(label, max));
  if (forbidden.test(text)) errors.push(invalidCharactersMessage(label));
  return errors;
}

/** The browser's check of a TextRule; the same messages, in the same order, as textField() in form-text.ts. */
export function textErrors(value: FormValue, rule: TextRule): string[] {
  if (value === undefined) return [rule.minMessage];
  if (typeof value !== "string") return [singleValueMessage(rule.label)];
  const text = normalizeLineBreaks(value.trim());
  const forbidden = rule.multiline ? CONTROL_CHARACTER_EXCEPT_LINES : CONTROL_CHARACTER;
  return [
    ...(text.length < rule.min ? [rule.minMessage] : []),
    ...lengthAndCharacterErrors(text, { label: rule.label, max: rule.max, forbidden }),
  ];
}

/** The browser's check of an OptionalTextRule (optionalTextField() in form-text.ts). */
export function optionalTextErrors(value: FormValue, rule: OptionalTextRule): string[] {
  if (value === undefined) return [];
  if (typeof value !== "string") return [singleValueMessage(rule.label)];
  const text = normalizeLineBreaks(value.trim());
  const forbidden = rule.singleLine ? CONTROL_CHARACTER : CONTROL_CHARACTER_EXCEPT_LINES;
  return lengthAndCharacterErrors(text, { label: rule.label, max: rule.max, forbidden });
}

/** The browser's check of an e-mail address (emailField() in form-text.ts). */
export function emailErrors(value: FormValue): string[] {
  if (value === undefined) return [EMAIL_MESSAGE];
  if (typeof value !== "string") return [singleValueMessage("Email")];
  const text = value.trim();
  if (text.length > EMAIL_MAX_LENGTH) return [maxLengthMessage("Email", EMAIL_MAX_LENGTH)];
  return EMAIL_PATTERN.test(text) ? [] : [EMAIL_MESSAGE];
}

// The phone's country is chosen from a list beside it (or named by a leading +), so the message points to both.
export const PHONE_MESSAGE =
  "Please enter a valid phone number for the country chosen, or start it with + and the country code.";
export const PHONE_COUNTRY_MESSAGE = "Please choose the phone number's country from the list.";
export const PHONE_MAX_LENGTH = 40;
/** What a phone number may look like as typed: digits, spaces, '+', '-', '.', '(', ')'. */
export const PHONE_SHAPE = /^\+?[\d\s().-]+$/;

/**
 * The browser's check of an optional phone number (optionalPhoneField() in form-text.ts): its shape only; the
 * server also asks libphonenumber-js whether it is a number of some country, too heavy for the public pages.
 */
export function phoneShapeErrors(value: FormValue): string[] {
  if (value === undefined) return [];
  if (typeof value !== "string") return [singleValueMessage("Phone")];
  const text = value.trim();
  if (text === "") return [];
  return text.length <= PHONE_MAX_LENGTH && PHONE_SHAPE.test(text) ? [] : [PHONE_MESSAGE];
}

export const DATE_MESSAGE = "Please enter a real date (YYYY-MM-DD).";
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written 'YYYY-MM-DD' (what a date field posts), years 2000 to 2099. */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [y, m, d] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 2000 && y < 2100 && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The browser's check of an optional date (optionalDateField() in form-text.ts). */
export function optionalDateErrors(value: FormValue): string[] {
  if (value === undefined) return [];
  if (typeof value !== "string") return [DATE_MESSAGE];
  const text = value.trim();
  return text === "" || isIsoDate(text) ? [] : [DATE_MESSAGE];
}

/** One value of a fixed list (z.enum). */
export function choiceErrors(value: FormValue, choices: readonly string[], message: string): string[] {
  return typeof value === "string" && choices.includes(value) ? [] : [message];
}

/** Each field's messages (only fields with at least one). */
export type FieldErrors = Record<string, string[]>;

/** Runs one check per field over the form's data. */
export function checkFields(
  formData: FormData,
  checks: Record<string, (value: FormValue, formData: FormData) => string[]>,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, check] of Object.entries(checks)) {
    const messages = check(readFormValue(formData, name), formData);
    if (messages.length > 0) errors[name] = messages;
  }
  return errors;
}
