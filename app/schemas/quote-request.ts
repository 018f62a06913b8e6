import { z } from "zod";
import {
  emailField,
  optionalDateField,
  optionalPhoneField,
  optionalTextField,
  phoneCountryField,
  textField,
  withPublicPhone,
} from "#app/schemas/form-text.ts";
import {
  companyRule,
  type FreightType,
  freightTypeLabel,
  freightTypeOptions,
  isFreightType,
  type ParcelType,
  parcelTypeOptions,
  QUOTE_LIMITS,
  quoteMessages,
  quoteRequestRules,
  specialInfoRule,
} from "#app/schemas/rules/quote-request-rules.ts";

export {
  type FreightType,
  freightTypeLabel,
  freightTypeOptions,
  type ParcelType,
  parcelTypeOptions,
  QUOTE_LIMITS,
  quoteMessages,
};

/**
 * The quote form (spec section 5); the browser checks the same rules with checkQuoteRequest() (the phone's shape
 * only: whether it is a number of its country is the server's check, withPublicPhone()).
 */
export const quoteRequestSchema = withPublicPhone(
  z.object({
    firstName: textField(quoteRequestRules.firstName),
    lastName: textField(quoteRequestRules.lastName),
    email: emailField(),
    company: optionalTextField(companyRule),
    phone: optionalPhoneField(),
    phoneCountry: phoneCountryField(),
    cityDeparture: textField(quoteRequestRules.cityDeparture),
    deliveryCity: textField(quoteRequestRules.deliveryCity),
    parcelType: z.enum(parcelTypeOptions, { error: quoteMessages.parcelType }),
    weight: textField(quoteRequestRules.weight),
    readyDate: optionalDateField(),
    specialInfo: optionalTextField(specialInfoRule),
    freightTypes: z
      .array(z.unknown(), { error: quoteMessages.freightTypes })
      .min(1, { error: quoteMessages.freightTypes })
      .refine((values) => values.every(isFreightType), { error: quoteMessages.freightTypesUnknown })
      // A repeated box counts once, in the order of the options.
      .transform((values) =>
        freightTypeOptions.map((o) => o.value).filter((value) => values.includes(value)),
      ),
  }),
);

/** What a quote request stores: the quote form's values; the Services page's short form leaves some unsaid. */
export type QuoteRequestInput = Omit<z.output<typeof quoteRequestSchema>, "parcelType" | "weight"> & {
  parcelType: z.output<typeof quoteRequestSchema>["parcelType"] | null;
  weight: string | null;
};
