import { z } from "zod";

/** Any control character (single-line fields: names, e-mail, cities). */
const CONTROL_CHARACTER = /\p{Cc}/u;
/** A control character other than line feed, carriage return and tab (multi-line fields). */
const CONTROL_CHARACTER_EXCEPT_LINES = /[^\P{Cc}\n\r\t]/u;

/** Browsers send a textarea's line breaks as CR LF; stored and counted as LF. */
function normalizeLineBreaks(value: string): string {
  return value.replace(/\r\n?/g, "\n");
}

export const EMAIL_MESSAGE = "Please enter a valid email address.";
export const EMAIL_MAX_LENGTH = 254;

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

/**
 * A trimmed text field: a missing value gets the "too short" message (the form's default is an empty
 * string), and control characters are refused (multi-line fields keep line breaks and tabs).
 */
export function textField({
  label,
  min,
  minMessage,
  max,
  multiline = false,
}: {
  label: string;
  min: number;
  minMessage: string;
  max: number;
  multiline?: boolean;
}) {
  const forbidden = multiline ? CONTROL_CHARACTER_EXCEPT_LINES : CONTROL_CHARACTER;
  // The type check comes first, on its own: the length rules would also judge a list by its length.
  return z
    .string({ error: (issue) => (issue.input === undefined ? minMessage : singleValueMessage(label)) })
    .pipe(
      z
        .string()
        .trim()
        .overwrite(normalizeLineBreaks)
        .min(min, { error: minMessage })
        .max(max, { error: maxLengthMessage(label, max) })
        .refine((value) => !forbidden.test(value), { error: invalidCharactersMessage(label) }),
    );
}

/** An optional trimmed multi-line text field; empty or missing is `undefined`. */
export function optionalTextField({ label, max }: { label: string; max: number }) {
  return z
    .string({ error: () => singleValueMessage(label) })
    .pipe(
      z
        .string()
        .trim()
        .overwrite(normalizeLineBreaks)
        .max(max, { error: maxLengthMessage(label, max) })
        .refine((value) => !CONTROL_CHARACTER_EXCEPT_LINES.test(value), {
          error: invalidCharactersMessage(label),
        }),
    )
    .optional();
}

/** A trimmed e-mail address. */
export function emailField() {
  return z
    .string({ error: (issue) => (issue.input === undefined ? EMAIL_MESSAGE : singleValueMessage("Email")) })
    .trim()
    .max(EMAIL_MAX_LENGTH, { error: maxLengthMessage("Email", EMAIL_MAX_LENGTH) })
    .pipe(z.email({ error: EMAIL_MESSAGE }));
}
