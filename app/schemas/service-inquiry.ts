import { z } from "zod";
import { CONTACT_LIMITS, contactMessages } from "./contact-message.ts";
import { emailField, textField } from "./form-text.ts";

/** The shipment types of the 'Get a Quote' side form on /services. */
export const shipmentTypeOptions = [
  { value: "air", label: "Air Freight", subject: "Air freight" },
  { value: "sea", label: "Sea Freight", subject: "Sea freight" },
  { value: "land", label: "Land Transport", subject: "Land transport" },
] as const;
export type ShipmentType = (typeof shipmentTypeOptions)[number]["value"];

export const serviceInquiryMessages = {
  shipmentType: "Please select a shipment type.",
} as const;

/** The side form on /services; it is stored as a contact submission for the staff to answer. */
export const serviceInquirySchema = z.object({
  name: textField({ label: "Name", min: 2, minMessage: contactMessages.name, max: CONTACT_LIMITS.name }),
  email: emailField(),
  shipmentType: z.enum(["air", "sea", "land"], { error: serviceInquiryMessages.shipmentType }),
  message: textField({
    label: "Message",
    min: 10,
    minMessage: contactMessages.message,
    max: CONTACT_LIMITS.message,
    multiline: true,
  }),
});

export type ServiceInquiryInput = z.output<typeof serviceInquirySchema>;

/** 'Quote request: Air freight' — the subject the staff see in the contact inbox. */
export function serviceInquirySubject(type: ShipmentType): string {
  const option = shipmentTypeOptions.find((o) => o.value === type);
  return `Quote request: ${option?.subject ?? "Freight"}`;
}
