import { type FreightType, freightTypeOptions, QUOTE_LIMITS } from "#app/schemas/rules/form-options.ts";
import type { OptionalTextRule, TextRule } from "#app/schemas/rules/form-rules.ts";
import { quoteFeedbackMessages } from "#app/schemas/rules/public-form.ts";

// The quote form's rules without zod: quote-request.ts builds the server's schema from them, public-form-checks.ts
// the browser's check.

export type { FreightType, ParcelType } from "#app/schemas/rules/form-options.ts";
export { freightTypeOptions, parcelTypeOptions, QUOTE_LIMITS } from "#app/schemas/rules/form-options.ts";

const freightTypeValues: readonly string[] = freightTypeOptions.map((option) => option.value);

export function isFreightType(value: unknown): value is FreightType {
  return typeof value === "string" && freightTypeValues.includes(value);
}

/** Air Freight, Sea Freight, or Road Transport for road and anything else (as the admin inbox shows it). */
export function freightTypeLabel(value: string): string {
  return freightTypeOptions.find((option) => option.value === value)?.label ?? "Road Transport";
}

/** What staff read for a detail the request did not give (the Services page's form asks no parcel type or weight). */
export const NOT_GIVEN = "Not given";

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

/** The requester's firm, optional: a booking makes it the new shipper's company, which invoices are addressed to. */
export const companyRule: OptionalTextRule = {
  label: "Company",
  max: QUOTE_LIMITS.company,
  singleLine: true,
};

/** What the quote form starts with (the customer account fills in what it knows, decision 029). */
export type QuoteFormStart = {
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  phone: string;
  cityDeparture: string;
  deliveryCity: string;
  parcelType: string;
  weight: string;
  freightTypes: string[];
};
