import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { z } from "zod";
import {
  CONTROL_CHARACTER,
  CONTROL_CHARACTER_EXCEPT_LINES,
  DATE_MESSAGE,
  EMAIL_MAX_LENGTH,
  EMAIL_MESSAGE,
  EMAIL_PATTERN,
  invalidCharactersMessage,
  isIsoDate,
  maxLengthMessage,
  normalizeLineBreaks,
  type OptionalTextRule,
  PHONE_MAX_LENGTH,
  PHONE_MESSAGE,
  PHONE_SHAPE,
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

/**
 * An optional phone number, read leniently: any number valid in some country (a landline too), typed the local
 * way for Liberia ('0770 123 456') or with its country code; stored in E.164 ('+231770123456'). Empty or missing
 * is `undefined`. (The "min" metadata: lengths and prefixes per country, not the kind of line.)
 */
export function optionalPhoneField() {
  return z
    .string({ error: () => singleValueMessage("Phone") })
    .trim()
    .transform((value, ctx) => {
      if (value === "") return undefined;
      const phone =
        value.length <= PHONE_MAX_LENGTH && PHONE_SHAPE.test(value)
          ? parsePhoneNumberFromString(value, "LR")
          : undefined;
      if (!phone?.isValid()) {
        ctx.addIssue({ code: "custom", message: PHONE_MESSAGE });
        return z.NEVER;
      }
      return phone.number as string;
    })
    .optional();
}

/** An optional calendar date ('YYYY-MM-DD', as a date field posts it); empty or missing is `undefined`. */
export function optionalDateField() {
  return z
    .string({ error: () => DATE_MESSAGE })
    .trim()
    .refine((value) => value === "" || isIsoDate(value), { error: DATE_MESSAGE })
    .transform((value) => (value === "" ? undefined : value))
    .optional();
}
