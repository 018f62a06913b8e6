// The browser's checks of the public forms, in a module of their own: a form loads it when one of its fields
// first takes the focus (usePublicForm), so a page that is only read never downloads them. Each check gives
// the messages its form's zod schema gives on the server, in the same order (form-rules.test.ts).
import type { Catalog } from "#app/lib/i18n/translate.ts";
import { makeMessageTranslate } from "#app/lib/i18n/translate-messages.ts";
import { contactMessageRules } from "#app/schemas/rules/contact-message-rules.ts";
import {
  checkFields,
  choiceErrors,
  emailErrors,
  type FieldErrors,
  type FormValue,
  optionalDateErrors,
  optionalTextErrors,
  phoneShapeErrors,
  textErrors,
} from "#app/schemas/rules/form-rules.ts";
import {
  companyRule,
  isFreightType,
  parcelTypeOptions,
  quoteMessages,
  quoteRequestRules,
  specialInfoRule,
} from "#app/schemas/rules/quote-request-rules.ts";
import {
  serviceInquiryMessages,
  serviceInquiryRules,
  shipmentTypeValues,
} from "#app/schemas/rules/service-inquiry-rules.ts";

/**
 * The messages in the page's language: the checks give the server's English messages, read back here through
 * the page's French words (decision 030), so the code that does it loads with the checks, not with the page.
 */
function inLanguage(errors: FieldErrors, words: Catalog | undefined): FieldErrors {
  if (!words) return errors;
  const t = makeMessageTranslate(words);
  return Object.fromEntries(
    Object.entries(errors).map(([name, messages]) => [name, messages?.map((m) => t(m))]),
  );
}

/** The browser's check of the contact form: the messages contactMessageSchema gives on the server. */
export function checkContactMessage(formData: FormData, words?: Catalog): FieldErrors {
  const errors = checkFields(formData, {
    name: (value) => textErrors(value, contactMessageRules.name),
    email: emailErrors,
    subject: (value) => textErrors(value, contactMessageRules.subject),
    message: (value) => textErrors(value, contactMessageRules.message),
  });
  return inLanguage(errors, words);
}

/** At least one box, every one from the list. */
function freightTypesErrors(value: FormValue): string[] {
  const values = value === undefined ? [] : [value].flat();
  if (values.length === 0) return [quoteMessages.freightTypes];
  return values.every(isFreightType) ? [] : [quoteMessages.freightTypesUnknown];
}

/** The browser's check of the quote form: the messages quoteRequestSchema gives on the server. */
export function checkQuoteRequest(formData: FormData, words?: Catalog): FieldErrors {
  const errors = checkFields(formData, {
    firstName: (value) => textErrors(value, quoteRequestRules.firstName),
    lastName: (value) => textErrors(value, quoteRequestRules.lastName),
    email: emailErrors,
    company: (value) => optionalTextErrors(value, companyRule),
    phone: phoneShapeErrors,
    cityDeparture: (value) => textErrors(value, quoteRequestRules.cityDeparture),
    deliveryCity: (value) => textErrors(value, quoteRequestRules.deliveryCity),
    parcelType: (value) => choiceErrors(value, parcelTypeOptions, quoteMessages.parcelType),
    weight: (value) => textErrors(value, quoteRequestRules.weight),
    readyDate: optionalDateErrors,
    specialInfo: (value) => optionalTextErrors(value, specialInfoRule),
    freightTypes: freightTypesErrors,
  });
  return inLanguage(errors, words);
}

/** The browser's check of the side form: the messages serviceInquirySchema gives on the server. */
export function checkServiceInquiry(formData: FormData, words?: Catalog): FieldErrors {
  const errors = checkFields(formData, {
    name: (value) => textErrors(value, serviceInquiryRules.name),
    email: emailErrors,
    phone: phoneShapeErrors,
    shipmentType: (value) => choiceErrors(value, shipmentTypeValues, serviceInquiryMessages.shipmentType),
    cityDeparture: (value) => textErrors(value, quoteRequestRules.cityDeparture),
    deliveryCity: (value) => textErrors(value, quoteRequestRules.deliveryCity),
    message: (value) => textErrors(value, serviceInquiryRules.message),
  });
  return inLanguage(errors, words);
}
