import { z } from "zod";
import { parseContactPhone } from "#app/lib/contact-phone.ts";
import { countryInText, isPhoneCountry, type PhoneCountry } from "#app/lib/phone-countries.ts";
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
  PHONE_COUNTRY_MESSAGE,
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

/** An optional trimmed text field (multi-line unless `singleLine`); empty or missing is `undefined`. */
export function optionalTextField({ label, max, singleLine = false }: OptionalTextRule) {
  const forbidden = singleLine ? CONTROL_CHARACTER : CONTROL_CHARACTER_EXCEPT_LINES;
  return z
    .string({ error: () => singleValueMessage(label) })
    .pipe(
      z
        .string()
        .trim()
        .overwrite(normalizeLineBreaks)
        .max(max, { error: maxLengthMessage(label, max) })
        .refine((value) => !forbidden.test(value), { error: invalidCharactersMessage(label) }),
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
 * An optional phone number as typed, trimmed; empty or missing is `undefined`. Only its shape is checked here: the
 * form's schema reads it in the chosen country with checkPublicPhone() and stores it in E.164 with
 * withE164Phone(), as both need the country field beside it.
 */
export function optionalPhoneField() {
  return z
    .string({ error: () => singleValueMessage("Phone") })
    .trim()
    .refine((value) => value === "" || isPhoneShaped(value), { error: PHONE_MESSAGE })
    .transform((value) => (value === "" ? undefined : value))
    .optional();
}

function isPhoneShaped(value: string): boolean {
  return value.length <= PHONE_MAX_LENGTH && PHONE_SHAPE.test(value);
}

/** The phone's country, from the list beside it (app/lib/phone-countries.ts); empty or missing is `undefined`. */
export function phoneCountryField() {
  return z
    .string({ error: () => PHONE_COUNTRY_MESSAGE })
    .trim()
    .refine((value) => value === "" || isPhoneCountry(value), { error: PHONE_COUNTRY_MESSAGE })
    .transform((value) => (value === "" ? undefined : (value as PhoneCountry)))
    .optional();
}

/** What a form with a phone holds: the number as typed, its country from the list, and the delivery place. */
type PhoneParts = { phone?: unknown; phoneCountry?: unknown; deliveryCity?: unknown };

/**
 * The typed number in E.164, read with the full metadata (app/lib/contact-phone.ts, server only): in the country
 * its leading + names, else in the chosen one; a form posted without the list (not ours) in the delivery place's
 * country, else Liberia's. Null when it is not a valid number there (a landline is one).
 */
function publicPhoneE164({ phone, phoneCountry, deliveryCity }: PhoneParts): string | null {
  if (typeof phone !== "string") return null;
  const country = isPhoneCountry(phoneCountry)
    ? phoneCountry
    : (countryInText(typeof deliveryCity === "string" ? deliveryCity : null) ?? "LR");
  const read = parseContactPhone(phone, country);
  return read.ok ? read.e164 : null;
}

/**
 * A form's schema with its phone read against its country (the two fields together) and stored in E.164
 * ('+2250707123456'): '07 07 12 34 56' is a valid number in Côte d'Ivoire and refused in Liberia, instead of being
 * stored as an invalid Liberian one. The check runs beside the other fields' checks (`when`), so every message
 * shows at once.
 */
export function withPublicPhone<Schema extends z.ZodObject>(schema: Schema): Schema {
  return schema
    .superRefine(
      (value: unknown, ctx) => {
        if (typeof value !== "object" || value === null) return;
        const parts = value as PhoneParts;
        // A phone of the wrong shape or an unknown country has its own message already.
        if (typeof parts.phone !== "string" || !isPhoneShaped(parts.phone)) return;
        if (parts.phoneCountry !== undefined && !isPhoneCountry(parts.phoneCountry)) return;
        if (publicPhoneE164(parts) === null)
          ctx.addIssue({ code: "custom", path: ["phone"], message: PHONE_MESSAGE });
      },
      { when: () => true },
    )
    .overwrite((value) => {
      const parts = value as PhoneParts;
      if (typeof parts.phone !== "string") return value;
      return { ...value, phone: publicPhoneE164(parts) ?? parts.phone };
    });
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
