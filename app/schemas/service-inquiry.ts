import { z } from "zod";
import { emailField, textField } from "#app/schemas/form-text.ts";
import {
  type ShipmentType,
  serviceInquiryMessages,
  serviceInquiryRules,
  shipmentTypeOptions,
  shipmentTypeValues,
} from "#app/schemas/rules/service-inquiry-rules.ts";

export { type ShipmentType, serviceInquiryMessages, shipmentTypeOptions };

/** The side form on /services; it is stored as a contact submission for the staff to answer. */
export const serviceInquirySchema = z.object({
  name: textField(serviceInquiryRules.name),
  email: emailField(),
  shipmentType: z.enum(shipmentTypeValues, { error: serviceInquiryMessages.shipmentType }),
  message: textField(serviceInquiryRules.message),
});


/** 'Quote request: Air freight' — the subject the staff see in the contact inbox. */
export function serviceInquirySubject(type: ShipmentType): string {
  const option = shipmentTypeOptions.find((o) => o.value === type);
  return `Quote request: ${option?.subject ?? "Freight"}`;
}
