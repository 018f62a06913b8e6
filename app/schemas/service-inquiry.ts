import { z } from "zod";
import {
  emailField,
  optionalPhoneField,
  phoneCountryField,
  textField,
  withPublicPhone,
} from "#app/schemas/form-text.ts";
import type { QuoteRequestInput } from "#app/schemas/quote-request.ts";
import { type FreightType, quoteRequestRules } from "#app/schemas/rules/quote-request-rules.ts";
import {
  type ShipmentType,
  serviceInquiryMessages,
  serviceInquiryRules,
  shipmentTypeOptions,
  shipmentTypeValues,
} from "#app/schemas/rules/service-inquiry-rules.ts";

export { type ShipmentType, serviceInquiryMessages, shipmentTypeOptions };

/**
 * The side 'Get a Quote' form on /services: a short quote request (the route, the shipment type and a message),
 * stored as a quote request that staff price and book like the contact page's.
 */
export const serviceInquirySchema = withPublicPhone(
  z.object({
    name: textField(serviceInquiryRules.name),
    email: emailField(),
    phone: optionalPhoneField(),
    phoneCountry: phoneCountryField(),
    shipmentType: z.enum(shipmentTypeValues, { error: serviceInquiryMessages.shipmentType }),
    cityDeparture: textField(quoteRequestRules.cityDeparture),
    deliveryCity: textField(quoteRequestRules.deliveryCity),
    message: textField(serviceInquiryRules.message),
  }),
);

const FREIGHT_TYPE: Record<ShipmentType, FreightType> = { air: "air", sea: "sea", land: "road" };

/**
 * The quote request the side form stands for: the name split at its last space ('Musu K. Flomo' → 'Musu K.',
 * 'Flomo'; one word is the first name), the message as its special information, the shipment type as its one
 * freight type; the parcel type and weight stay unsaid.
 */
export function quoteRequestFromInquiry(value: z.output<typeof serviceInquirySchema>): QuoteRequestInput {
  const name = value.name.replace(/\s+/g, " ");
  const split = name.lastIndexOf(" ");
  return {
    firstName: split > 0 ? name.slice(0, split) : name,
    lastName: split > 0 ? name.slice(split + 1) : "",
    email: value.email,
    company: undefined,
    phone: value.phone,
    phoneCountry: value.phoneCountry,
    cityDeparture: value.cityDeparture,
    deliveryCity: value.deliveryCity,
    parcelType: null,
    weight: null,
    readyDate: undefined,
    specialInfo: value.message,
    freightTypes: [FREIGHT_TYPE[value.shipmentType]],
  };
}
