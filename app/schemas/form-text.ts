import { z } from "zod";
import {
  CONTROL_CHARACTER,
  CONTROL_CHARACTER_EXCEPT_LINES,
  EMAIL_MAX_LENGTH,
  EMAIL_MESSAGE,
  EMAIL_PATTERN,
  invalidCharactersMessage,
  maxLengthMessage,
  normalizeLineBreaks,
  type OptionalTextRule,
  singleValueMessage,
  type TextRule,
} from "#app/schemas/rules/form-rules.ts";

export { EMAIL_MAX_LENGTH, EMAIL_MESSAGE, invalidCharactersMessage, maxLengthMessage, singleValueMessage };

/**
 * A trimmed text field: a missing value gets the "too short" message (the form's default is an empty
 * string), and control characters are refused (multi-line fields keep line breaks and tabs).
 */
export function textField({ label, min, minMessage, max, multiline = false }: TextRule) {
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
export function optionalTextField({ label, max }: OptionalTextRule) {
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
    .pipe(z.email({ pattern: EMAIL_PATTERN, error: EMAIL_MESSAGE }));
}
