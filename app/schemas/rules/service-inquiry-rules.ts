import { contactMessageRules } from "#app/schemas/rules/contact-message-rules.ts";
import type { shipmentTypeOptions } from "#app/schemas/rules/form-options.ts";

// The 'Get a Quote' side form's rules without zod: service-inquiry.ts builds the server's schema, public-form-checks.ts
// the browser's check.

export { shipmentTypeOptions } from "#app/schemas/rules/form-options.ts";

export type ShipmentType = (typeof shipmentTypeOptions)[number]["value"];
export const shipmentTypeValues = ["air", "sea", "land"] as const satisfies readonly ShipmentType[];

export const serviceInquiryMessages = {
  shipmentType: "Please select a shipment type.",
} as const;

/** The side form's name and message follow the contact form's rules. */
export const serviceInquiryRules = {
  name: contactMessageRules.name,
  message: contactMessageRules.message,
};
