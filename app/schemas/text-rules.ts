// The text rules the shipment's forms share (the shipment, its parties, its status updates, its delivery): a field's
// length and the control characters it refuses, with the messages the form shows. No phone numbers here: the
// pages that check only text do not load the phone number metadata (app/lib/contact-phone.ts).
import { z } from "zod";

// Control characters other than tab and newline have no place in any field.
export const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
export const ONE_LINE_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export const requiredText = (label: string, { min = 1, max }: { min?: number; max: number }) =>
  z
    .string({ message: `${label} is required.` })
    .trim()
    // An empty field is missing, whatever its least length: 'Destination is required.', not '… at least 2 …'.
    .min(1, { message: `${label} is required.`, abort: true })
    .min(min, { message: `${label} must be at least ${min} characters.` })
    .max(max, { message: `${label} must be at most ${max} characters.` })
    .refine((v) => !ONE_LINE_CONTROL.test(v), {
      message: `${label} contains characters that are not allowed.`,
    });

export const optionalText = (label: string, max: number, multiline = false) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters.` })
    .refine((v) => !(multiline ? CONTROL : ONE_LINE_CONTROL).test(v), {
      message: `${label} contains characters that are not allowed.`,
    })
    .optional()
    .transform((v) => (v ? v : null));
