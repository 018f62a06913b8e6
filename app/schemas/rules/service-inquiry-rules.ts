import { contactMessageRules } from "#app/schemas/rules/contact-message-rules.ts";
import {
  checkFields,
  choiceErrors,
  emailErrors,
  type FieldErrors,
  textErrors,
} from "#app/schemas/rules/form-rules.ts";

// The 'Get a Quote' side form's rules without zod, for the browser; service-inquiry.ts builds the server's schema.

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

/** The browser's check of the side form: the messages serviceInquirySchema gives on the server. */
export function checkServiceInquiry(formData: FormData): FieldErrors {
  return checkFields(formData, {
    name: (value) => textErrors(value, serviceInquiryRules.name),
    email: emailErrors,
    shipmentType: (value) => choiceErrors(value, shipmentTypeValues, serviceInquiryMessages.shipmentType),
    message: (value) => textErrors(value, serviceInquiryRules.message),
  });
}
