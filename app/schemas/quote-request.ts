import { z } from "zod";
import { emailField, optionalTextField, textField } from "./form-text.ts";

export const parcelTypeOptions = [
  "Documents",
  "Parcels",
  "Pallets",
  "Full Container",
  "Vehicles",
  "Other",
] as const;
export type ParcelType = (typeof parcelTypeOptions)[number];

export const freightTypeOptions = [
  { value: "air", label: "Air Freight" },
  { value: "sea", label: "Sea Freight" },
  { value: "road", label: "Road Transport" },
] as const;
export type FreightType = (typeof freightTypeOptions)[number]["value"];

const freightTypeValues: readonly string[] = freightTypeOptions.map((option) => option.value);

function isFreightType(value: unknown): value is FreightType {
  return typeof value === "string" && freightTypeValues.includes(value);
}

/** Air Freight, Sea Freight, or Road Transport for road and anything else (as the admin inbox shows it). */
export function freightTypeLabel(value: string): string {
  return freightTypeOptions.find((option) => option.value === value)?.label ?? "Road Transport";
}

export const QUOTE_LIMITS = {
  name: 100,
  city: 100,
  weight: 100,
  specialInfo: 5000,
} as const;

export const quoteMessages = {
  firstName: "First name must be at least 2 characters.",
  lastName: "Last name must be at least 2 characters.",
  email: "Please enter a valid email address.",
  cityDeparture: "Please specify a valid departure city.",
  deliveryCity: "Please specify a valid delivery city.",
  parcelType: "Please select a parcel type.",
  weight: "Please specify the weight.",
  freightTypes: "Please select at least one freight type.",
  freightTypesUnknown: "Please choose freight types from the list.",
  success: "Quote request submitted successfully. We'll contact you soon!",
  failure: "Failed to submit quote request. Please try again later.",
} as const;

/** The quote form (spec section 5); the same schema checks the browser's input and the server's. */
export const quoteRequestSchema = z.object({
  firstName: textField({
    label: "First name",
    min: 2,
    minMessage: quoteMessages.firstName,
    max: QUOTE_LIMITS.name,
  }),
  lastName: textField({
    label: "Last name",
    min: 2,
    minMessage: quoteMessages.lastName,
    max: QUOTE_LIMITS.name,
  }),
  email: emailField(),
  cityDeparture: textField({
    label: "City of departure",
    min: 2,
    minMessage: quoteMessages.cityDeparture,
    max: QUOTE_LIMITS.city,
  }),
  deliveryCity: textField({
    label: "Delivery city",
    min: 2,
    minMessage: quoteMessages.deliveryCity,
    max: QUOTE_LIMITS.city,
  }),
  parcelType: z.enum(parcelTypeOptions, { error: quoteMessages.parcelType }),
  weight: textField({ label: "Weight", min: 1, minMessage: quoteMessages.weight, max: QUOTE_LIMITS.weight }),
  specialInfo: optionalTextField({ label: "Special information", max: QUOTE_LIMITS.specialInfo }),
  freightTypes: z
    .array(z.unknown(), { error: quoteMessages.freightTypes })
    .min(1, { error: quoteMessages.freightTypes })
    .refine((values) => values.every(isFreightType), { error: quoteMessages.freightTypesUnknown })
    // A repeated box counts once, in the order of the options.
    .transform((values) => freightTypeOptions.map((o) => o.value).filter((value) => values.includes(value))),
});

export type QuoteRequestInput = z.output<typeof quoteRequestSchema>;
