import {
  checkFields,
  choiceErrors,
  emailErrors,
  type FieldErrors,
  type FormValue,
  type OptionalTextRule,
  optionalTextErrors,
  type TextRule,
  textErrors,
} from "#app/schemas/rules/form-rules.ts";
import { quoteFeedbackMessages } from "#app/schemas/rules/public-form.ts";

// The quote form's rules without zod, for the browser; quote-request.ts builds the server's schema from them.

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

export function isFreightType(value: unknown): value is FreightType {
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
  success: quoteFeedbackMessages.success,
  failure: quoteFeedbackMessages.failure,
} as const;

export const quoteRequestRules = {
  firstName: { label: "First name", min: 2, minMessage: quoteMessages.firstName, max: QUOTE_LIMITS.name },
  lastName: { label: "Last name", min: 2, minMessage: quoteMessages.lastName, max: QUOTE_LIMITS.name },
  cityDeparture: {
    label: "City of departure",
    min: 2,
    minMessage: quoteMessages.cityDeparture,
    max: QUOTE_LIMITS.city,
  },
  deliveryCity: {
    label: "Delivery city",
    min: 2,
    minMessage: quoteMessages.deliveryCity,
    max: QUOTE_LIMITS.city,
  },
  weight: { label: "Weight", min: 1, minMessage: quoteMessages.weight, max: QUOTE_LIMITS.weight },
} satisfies Record<string, TextRule>;

export const specialInfoRule: OptionalTextRule = {
  label: "Special information",
  max: QUOTE_LIMITS.specialInfo,
};

/** At least one box, every one from the list. */
function freightTypesErrors(value: FormValue): string[] {
  const values = value === undefined ? [] : [value].flat();
  if (values.length === 0) return [quoteMessages.freightTypes];
  return values.every(isFreightType) ? [] : [quoteMessages.freightTypesUnknown];
}

/** The browser's check of the quote form: the messages quoteRequestSchema gives on the server. */
export function checkQuoteRequest(formData: FormData): FieldErrors {
  return checkFields(formData, {
    firstName: (value) => textErrors(value, quoteRequestRules.firstName),
    lastName: (value) => textErrors(value, quoteRequestRules.lastName),
    email: emailErrors,
    cityDeparture: (value) => textErrors(value, quoteRequestRules.cityDeparture),
    deliveryCity: (value) => textErrors(value, quoteRequestRules.deliveryCity),
    parcelType: (value) => choiceErrors(value, parcelTypeOptions, quoteMessages.parcelType),
    weight: (value) => textErrors(value, quoteRequestRules.weight),
    specialInfo: (value) => optionalTextErrors(value, specialInfoRule),
    freightTypes: freightTypesErrors,
  });
}
