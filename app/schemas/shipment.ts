import { z } from "zod";
import { parseContactPhone } from "#app/lib/contact-phone.ts";
import { CURRENCIES, INCOTERM_CODES, MAX_PIECES, TRANSPORT_MODES } from "#app/lib/freight-terms.ts";
import { CONTROL_CHARACTER } from "#app/schemas/rules/form-rules.ts";
import { optionalText, requiredText } from "#app/schemas/text-rules.ts";

const TRACKING_NUMBER_PATTERN = /^[A-Z0-9][A-Z0-9-]{2,63}$/;

const trackingNumberSchema = z
  .string({ message: "Tracking number is required." })
  .trim()
  .toUpperCase()
  .min(1, { message: "Tracking number is required." })
  .max(64, { message: "Tracking number must be at most 64 characters." })
  .regex(TRACKING_NUMBER_PATTERN, {
    message: "Use letters, digits and hyphens only, like UTG-1234-5678.",
  });

/**
 * The Shipper picker's choice when booking a quote request whose requester is no party yet (decision 016): the
 * booking creates the party from the request. Only the booking form offers it; `readRequesterShipper` takes it
 * out before the form is checked with the shipment schema.
 */
export const REQUESTER_SHIPPER = "requester";

/** The form data with 'the requester' as shipper replaced by none, and whether it was chosen. */
export function readRequesterShipper(formData: FormData): { formData: FormData; requester: boolean } {
  if (formData.get("shipperId") !== REQUESTER_SHIPPER) return { formData, requester: false };
  const copy = new FormData();
  for (const [name, value] of formData) copy.append(name, name === "shipperId" ? "none" : value);
  return { formData: copy, requester: true };
}

const optionalId = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v && v !== "none" ? v : null))
  .refine((v) => v === null || z.uuid().safeParse(v).success, { message: "Choose a contact from the list." });

const dateOnly = z
  .string({ message: "Estimated delivery date is required." })
  .trim()
  .min(1, { message: "Estimated delivery date is required." })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "Enter a date like 2026-12-31." })
  .transform((v, ctx) => {
    const date = new Date(`${v}T00:00:00Z`);
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== v) {
      ctx.addIssue({ code: "custom", message: "Enter a real calendar date." });
      return z.NEVER;
    }
    const year = date.getUTCFullYear();
    if (year < 2000 || year > 2100) {
      ctx.addIssue({ code: "custom", message: "Enter a date between 2000 and 2100." });
      return z.NEVER;
    }
    return date;
  });

const weight = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return null;
    const normalized = v.replace(",", ".");
    if (!/^\d+(\.\d+)?$/.test(normalized)) {
      ctx.addIssue({ code: "custom", message: "Weight must be a non-negative number of kilograms." });
      return z.NEVER;
    }
    const value = Number(normalized);
    if (value > 10_000_000) {
      ctx.addIssue({ code: "custom", message: "Weight must be at most 10,000,000 kg." });
      return z.NEVER;
    }
    return Math.round(value * 100) / 100;
  });

/** A choice from a fixed list, optional: "" (or nothing) is none; anything else must be one of `values`. */
const optionalChoice = <T extends string>(values: readonly T[], message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      if (!(values as readonly string[]).includes(v)) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return v as T;
    });

const pieces = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return null;
    if (!/^\d{1,6}$/.test(v) || Number(v) < 1 || Number(v) > MAX_PIECES) {
      ctx.addIssue({
        code: "custom",
        message: `Pieces must be a whole number from 1 to ${MAX_PIECES.toLocaleString("en-US")}.`,
      });
      return z.NEVER;
    }
    return Number(v);
  });

const declaredValue = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return null;
    const normalized = v.replace(/,(?=\d{3}(\D|$))/g, "");
    if (!/^\d+(\.\d{1,2})?$/.test(normalized)) {
      ctx.addIssue({
        code: "custom",
        message: "Declared value must be an amount like 1250 or 1250.50 (no currency sign).",
      });
      return z.NEVER;
    }
    const value = Number(normalized);
    if (value > 999_999_999_999) {
      ctx.addIssue({ code: "custom", message: "Declared value must be at most 999,999,999,999." });
      return z.NEVER;
    }
    return value;
  });

export const shipmentSchema = z
  .object({
    trackingNumber: trackingNumberSchema,
    status: requiredText("Status", { max: 60 }),
    originLocation: requiredText("Origin", { min: 2, max: 200 }),
    destinationLocation: requiredText("Destination", { min: 2, max: 200 }),
    currentLocation: optionalText("Current location", 200),
    estimatedDelivery: dateOnly,
    weight,
    dimensions: requiredText("Dimensions", { max: 100 }),
    notes: optionalText("Notes", 5000, true),
    shipperId: optionalId,
    consigneeId: optionalId,
    // Freight documents (decision 015): all optional.
    transportMode: optionalChoice(TRANSPORT_MODES, "Choose air, sea or road."),
    pieces,
    goodsDescription: optionalText("Goods description", 500, true),
    declaredValue,
    declaredCurrency: optionalChoice(CURRENCIES, "Choose a currency from the list."),
    incoterm: optionalChoice(INCOTERM_CODES, "Choose an Incoterms 2020 rule from the list."),
  })
  .superRefine((value, ctx) => {
    if (value.declaredValue !== null && value.declaredCurrency === null) {
      ctx.addIssue({
        code: "custom",
        path: ["declaredCurrency"],
        message: "Choose the currency of the declared value.",
      });
    }
    if (value.declaredValue === null && value.declaredCurrency !== null) {
      ctx.addIssue({
        code: "custom",
        path: ["declaredValue"],
        message: "Enter the declared value, or choose no currency.",
      });
    }
  });
export type ShipmentInput = z.output<typeof shipmentSchema>;

/**
 * A party's phone, optional: any valid number, landline or mobile, typed the local way ("0770 123 456") or with
 * its country code, is stored in E.164 ("+231770123456"); one that is not a valid number is refused with
 * parseContactPhone's message (app/lib/contact-phone.ts). Only mobiles are texted (app/lib/phone.ts).
 */
const optionalPhone = z
  .string()
  .trim()
  .max(40, { message: "Phone must be at most 40 characters." })
  .refine((v) => !CONTROL_CHARACTER.test(v), { message: "Phone contains characters that are not allowed." })
  .optional()
  .transform((v, ctx) => {
    if (!v) return null;
    const parsed = parseContactPhone(v, "LR");
    if (!parsed.ok) {
      ctx.addIssue({ code: "custom", message: parsed.message });
      return z.NEVER;
    }
    return parsed.e164;
  });

export const partySchema = z.object({
  name: requiredText("Name", { max: 120 }),
  company: optionalText("Company", 160),
  email: z
    .string()
    .trim()
    .max(254, { message: "Email must be at most 254 characters." })
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || z.email().safeParse(v).success, {
      message: "Please enter a valid email address.",
    }),
  phone: optionalPhone,
  address: optionalText("Address", 300, true),
});
export type PartyInput = z.output<typeof partySchema>;
