// The public services pages (app/routes/site/services.tsx, services.$service-id.tsx): the services' copy, and the
// inquiry form on /services, which stores a quote request.

import type { RouterContextProvider } from "react-router";
import { data } from "react-router";
import * as french from "#app/content/fr/services.ts";
import { additionalServices, findService, services, servicesPage } from "#app/content/services.ts";
import { localeOf } from "#app/lib/i18n/locale.ts";
import { phoneCountryChoices } from "#app/lib/phone-countries.ts";
import {
  quoteRequestFromInquiry,
  serviceInquirySchema,
  shipmentTypeOptions,
} from "#app/schemas/service-inquiry.ts";
import { wordsFor } from "#app/server/i18n/words.server.ts";
import {
  newSubmissionKey,
  readFormData,
  readIntent,
  submitPublicForm,
  unreadableFormReply,
} from "#app/server/platform/forms.server.ts";
import { createQuoteRequest } from "#app/server/quotes/quote-requests.server.ts";

type Ctx = Readonly<RouterContextProvider>;

// The services' copy travels as loader data rather than page code, which keeps the page's script small; a
// French page gets the French copy (app/content/fr). The inquiry form's words are the forms part's.
export function loadServicesPage({ request }: { request: Request }) {
  const locale = localeOf(request);
  const content = locale === "fr" ? french : { services, additionalServices, servicesPage };
  const { title, intro, additionalTitle, additionalIntro } = content.servicesPage;
  return {
    submissionKey: newSubmissionKey(),
    page: { title, intro, additionalTitle, additionalIntro },
    services: content.services.map(({ id, title, icon, image, summary, bullets }) => ({
      id,
      title,
      icon,
      image,
      summary,
      bullets,
    })),
    additionalServices: content.additionalServices,
    words: wordsFor(locale, "services", "forms"),
    // The phone's country list, in the page's language (data, not page code: the page's script stays within budget).
    phoneCountries: phoneCountryChoices({ locale }),
  };
}

/** The inquiry form ('Get a Quote' beside the services). */
export async function servicesPageAction({ request, context }: { request: Request; context: Ctx }) {
  // Answered in the page's language, and the request keeps it: its quote and messages go in it.
  const locale = localeOf(request);
  const formData = await readFormData(request);
  if (!formData || readIntent(formData) !== "service-inquiry") return unreadableFormReply(null, locale);
  return submitPublicForm({
    context,
    formData,
    form: "service-inquiry",
    schema: serviceInquirySchema,
    locale,
    // A quote request like the contact page's (staff price and book it), the message as its special information.
    save: ({ db, value, submissionKey }) =>
      createQuoteRequest({ db, submissionKey, input: quoteRequestFromInquiry(value), language: locale }),
    summarize: (value) => ({
      email: value.email,
      details: [
        { label: "Route", value: `${value.cityDeparture} → ${value.deliveryCity}` },
        {
          label: "Shipment type",
          value: shipmentTypeOptions.find((option) => option.value === value.shipmentType)?.label ?? "",
        },
      ],
    }),
  });
}

// The service's copy travels as loader data rather than page code, which keeps the page's script small; a
// French page gets the French copy (app/content/fr).
export function loadServicePage({ request, serviceId }: { request: Request; serviceId: string | undefined }) {
  if (!findService(serviceId)) throw data(null, { status: 404 });
  const locale = localeOf(request);
  const all = locale === "fr" ? french.services : services;
  const service = all.find((candidate) => candidate.id === serviceId)!;
  const others = all
    .filter((other) => other.id !== service.id)
    .map(({ id, title, icon }) => ({ id, title, icon }));
  return { service, others, words: wordsFor(locale, "services") };
}
