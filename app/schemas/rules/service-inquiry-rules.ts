import { contactMessageRules } from "#app/schemas/rules/contact-message-rules.ts";

// The 'Get a Quote' side form's rules without zod: service-inquiry.ts builds the server's schema, public-form-checks.ts
// the browser's check.

/** The shipment types of the 'Get a Quote' side form on /services. */
export const shipmentTypeOptions = [
  { value: "air", label: "Air Freight", subject: "Air freight" },
  { value: "sea", label: "Sea Freight", subject: "Sea freight" },
  { value: "land", label: "Land Transport", subject: "Land transport" },
] as const;
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
