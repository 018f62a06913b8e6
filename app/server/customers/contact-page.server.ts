// The public contact page (app/routes/site/contact.tsx): its message form and its quote form. It lives with the
// customers because a signed-in customer finds the quote form filled in from the account, which only this room
// may read; the message it stores is the inbox's.
import type { RouterContextProvider } from "react-router";
import { officeMap } from "#app/content/office-map.ts";
import { servicesContext } from "#app/context.ts";
import { localeOf } from "#app/lib/i18n/locale.ts";
import { phoneCountryChoices } from "#app/lib/phone-countries.ts";
import { contactMessageSchema } from "#app/schemas/contact-message.ts";
import { getCustomerSession } from "#app/server/customers/customer-guards.server.ts";
import { quoteRequestPrefill } from "#app/server/customers/customer-quotes.server.ts";
import { translatorFor, wordsFor } from "#app/server/i18n/words.server.ts";
import { createContactSubmission } from "#app/server/inbox/contact-submissions.server.ts";
import {
  newSubmissionKey,
  readFormData,
  readIntent,
  submitPublicForm,
  unreadableFormReply,
} from "#app/server/platform/forms.server.ts";
import { submitQuoteRequest } from "#app/server/quotes/quote-requests.server.ts";

type Ctx = Readonly<RouterContextProvider>;

/**
 * The page's longer sentences, sent as loader data in the page's language: only the loader reads them, so they
 * weigh nothing on the page's script (/contact is at its JavaScript budget).
 */
const COPY = {
  description:
    "Contact our team in Monrovia, Liberia: send us a message or request a free quote for air, sea and road freight.",
  intro: "Have a question about a shipment or need a price? Our team in Monrovia is ready to help.",
  messageIntro: "We usually answer within one business day.",
  quoteIntro: "Tell us about your shipment and we will send you a price for air, sea or road transport.",
} as const;

export async function loadContactPage({ request, context }: { request: Request; context: Ctx }) {
  // A fresh key per render of each form: a double click or a resubmitted page stores one row.
  const locale = localeOf(request);
  const t = translatorFor(locale);
  // The page's and its forms' words in French (validation messages and toasts too); none in English.
  const keys = {
    quoteKey: newSubmissionKey(),
    contactKey: newSubmissionKey(),
    words: wordsFor(locale, "forms"),
    map: officeMap(t),
    copy: {
      description: t(COPY.description),
      intro: t(COPY.intro),
      messageIntro: t(COPY.messageIntro),
      quoteIntro: t(COPY.quoteIntro),
    },
  };
  // A signed-in customer finds the quote form filled in with their details, and with ?from=<number> of
  // one of their company's shipments ('Book again') its route and cargo too. One page for the quote form keeps
  // it in this page's script, within the public budget.
  const customer = await getCustomerSession({ request, context });
  if (!customer)
    return { ...keys, quoteStart: null, quoteNote: null, phoneCountries: phoneCountryChoices({ locale }) };
  const { db } = context.get(servicesContext);
  const from = new URL(request.url).searchParams.get("from");
  const { prefill, bookAgain } = await quoteRequestPrefill({
    db,
    customer: customer.user,
    trackingNumber: from,
  });
  // The words travel as data: the page's script stays as it was for every visitor.
  const quoteNote = t(
    bookAgain
      ? "Your details and your shipment's route and cargo are filled in: change what is different this time."
      : "Your details are filled in from your account.",
  );
  // The phone's country list: the shipment's destination country first when it names one ('Book again').
  const phoneCountries = phoneCountryChoices({ locale, deliveryCity: prefill.deliveryCity });
  return { ...keys, quoteStart: prefill, quoteNote, phoneCountries };
}

/** Both forms post here; the hidden `intent` field says which one. */
export async function contactPageAction({ request, context }: { request: Request; context: Ctx }) {
  const formData = await readFormData(request);
  const intent = readIntent(formData);
  // Messages in the page's language; the message or request keeps it (its answer goes in it).
  const locale = localeOf(request);
  if (formData && intent === "quote") {
    return submitQuoteRequest({ context, formData, locale });
  }
  if (formData && intent === "contact") {
    return submitPublicForm({
      context,
      formData,
      form: "contact",
      schema: contactMessageSchema,
      locale,
      save: ({ db, value, submissionKey }) =>
        createContactSubmission({ db, input: value, submissionKey, language: locale }),
      summarize: (value) => ({ email: value.email, details: [{ label: "Subject", value: value.subject }] }),
    });
  }
  return unreadableFormReply(null, locale);
}
