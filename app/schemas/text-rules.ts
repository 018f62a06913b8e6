// The text rules of the shipment's forms (the shipment, its parties, its status updates, its delivery): a
// required or optional, one-line or multi-line field with the messages the form shows, built from the public
// forms' own characters and messages (rules/form-rules.ts). No phone numbers here: the pages that check only text
// do not load the phone number metadata (app/lib/contact-phone.ts).
import { z } from "zod";
import {
  CONTROL_CHARACTER,
  CONTROL_CHARACTER_EXCEPT_LINES,
  invalidCharactersMessage,
  maxLengthMessage,
} from "#app/schemas/rules/form-rules.ts";

export const requiredText = (label: string, { min = 1, max }: { min?: number; max: number }) =>
  z
    .string({ message: `${label} is required.` })
    .trim()
    // An empty field is missing, whatever its least length: 'Destination is required.', not '… at least 2 …'.
    .min(1, { message: `${label} is required.`, abort: true })
    .min(min, { message: `${label} must be at least ${min} characters.` })
    .max(max, { message: maxLengthMessage(label, max) })
    .refine((v) => !CONTROL_CHARACTER.test(v), { message: invalidCharactersMessage(label) });

export const optionalText = (label: string, max: number, multiline = false) =>
  z
    .string()
    .trim()
    .max(max, { message: maxLengthMessage(label, max) })
    .refine((v) => !(multiline ? CONTROL_CHARACTER_EXCEPT_LINES : CONTROL_CHARACTER).test(v), {
      message: invalidCharactersMessage(label),
    })
    .optional()
    .transform((v) => (v ? v : null));
