import type { ReactNode } from "react";
import { ContactForm } from "#app/components/site/forms/contact-form.tsx";
import { FormNotice } from "#app/components/site/forms/contact-form-parts.tsx";
import { ContactMap } from "#app/components/site/forms/contact-map.tsx";
import { QuoteForm } from "#app/components/site/forms/quote-form.tsx";
import { Icon } from "#app/components/site/icons.tsx";
import { officeMap } from "#app/content/office-map.ts";
import { servicesContext } from "#app/context.ts";
import { localeOf } from "#app/lib/i18n/locale.ts";
import { useLocalePath, useT } from "#app/lib/i18n/use-words.ts";
import { phoneCountryChoices } from "#app/lib/phone-countries.ts";
import { localizedSeo } from "#app/lib/seo.ts";
import { useRootData } from "#app/root.tsx";
import { contactMessageSchema } from "#app/schemas/contact-message.ts";
import { FORM_UNREADABLE_MESSAGE } from "#app/schemas/rules/public-form.ts";
import { getCustomerSession } from "#app/server/customers/customer-guards.server.ts";
import { quoteRequestPrefill } from "#app/server/customers/customer-quotes.server.ts";
import { translatorFor, wordsFor } from "#app/server/i18n/words.server.ts";
import { createContactSubmission } from "#app/server/inbox/contact-submissions.server.ts";
import {
  formPageHeaders,
  newSubmissionKey,
  readFormData,
  readIntent,
  submitPublicForm,
  unreadableFormReply,
} from "#app/server/platform/forms.server.ts";
import { submitQuoteRequest } from "#app/server/quotes/quote-requests.server.ts";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = (args) =>
  localizedSeo(args, {
    title: "Contact Us",
    description: args.loaderData?.copy.description ?? "",
    path: "/contact",
  });

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

export async function loader({ request, context }: Route.LoaderArgs) {
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
  // A signed-in customer (issue 29) finds the quote form filled in with their details, and with ?from=<number> of
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
export async function action({ request, context }: Route.ActionArgs) {
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

export const headers: Route.HeadersFunction = formPageHeaders;

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { settings } = useRootData();
  const t = useT();
  const to = useLocalePath();
  return (
    <>
      <section aria-labelledby="contact-title" className="bg-brand-900 py-16 text-white sm:py-20">
        <div className="mx-auto max-w-3xl px-4 text-center sm:px-6 lg:px-8">
          <h1 id="contact-title" className="text-4xl font-extrabold tracking-tight sm:text-5xl">
            {t("Contact Us")}
          </h1>
          <p className="mt-6 text-lg leading-relaxed text-slate-200">{loaderData.copy.intro}</p>
        </div>
      </section>

      {actionData && actionData.form === null ? (
        <div className="mx-auto max-w-7xl px-4 pt-10 sm:px-6 lg:px-8">
          <FormNotice tone="error" title={FORM_UNREADABLE_MESSAGE} />
        </div>
      ) : null}

      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-3 lg:px-8">
        <section aria-labelledby="contact-details-title">
          <h2 id="contact-details-title" className="text-2xl font-bold text-brand-900">
            {t("Get in Touch")}
          </h2>
          <ul className="mt-6 grid gap-4">
            <ContactDetail icon={<Icon name="map-pin" className="size-5" />} title={t("Address")}>
              <address translate="no" className="not-italic">
                {settings.address}
              </address>
            </ContactDetail>
            <ContactDetail icon={<Icon name="phone" className="size-5" />} title={t("Phone")}>
              <a
                href={`tel:${settings.phone.replace(/[^\d+]/g, "")}`}
                className="underline-offset-4 hover:underline"
              >
                {settings.phone}
              </a>
            </ContactDetail>
            <ContactDetail icon={<Icon name="mail" className="size-5" />} title={t("Email")}>
              <a href={`mailto:${settings.email}`} className="break-all underline-offset-4 hover:underline">
                {settings.email}
              </a>
            </ContactDetail>
            <ContactDetail icon={<Icon name="clock" className="size-5" />} title={t("Business Hours")}>
              {/* The company's own words from its settings. */}
              <dl translate="no" className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                {settings.businessHours.map((row) => (
                  <div key={row.days} className="contents">
                    <dt>{row.days}</dt>
                    <dd>{row.hours}</dd>
                  </div>
                ))}
              </dl>
            </ContactDetail>
          </ul>
        </section>

        <section
          id="send-message"
          aria-labelledby="message-title"
          className="scroll-mt-24 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-2"
        >
          <h2 id="message-title" className="text-2xl font-bold text-brand-900">
            {t("Send Us a Message")}
          </h2>
          <p className="mt-2 mb-6 text-slate-700">{loaderData.copy.messageIntro}</p>
          <ContactForm
            reply={actionData}
            submissionKey={loaderData.contactKey}
            action={to("/contact#send-message")}
          />
        </section>
      </div>

      <section id="quote" aria-labelledby="quote-title" className="scroll-mt-16 bg-brand-50 py-16">
        <div className="mx-auto max-w-4xl px-4 sm:px-6 lg:px-8">
          <div className="text-center">
            <h2 id="quote-title" className="text-3xl font-bold tracking-tight text-brand-900">
              {t("Get a Free Quote")}
            </h2>
            <p className="mt-4 text-slate-700">{loaderData.copy.quoteIntro}</p>
          </div>
          <div className="mt-10 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            {loaderData.quoteNote ? <p className="mb-6 text-slate-700">{loaderData.quoteNote}</p> : null}
            <QuoteForm
              reply={actionData}
              submissionKey={loaderData.quoteKey}
              action={to("/contact#quote")}
              start={loaderData.quoteStart ?? undefined}
              phoneCountries={loaderData.phoneCountries}
            />
          </div>
        </div>
      </section>

      <section aria-labelledby="map-title" className="py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2 id="map-title" className="mb-6 text-2xl font-bold text-brand-900">
            {t("Find Us")}
          </h2>
          <ContactMap address={settings.address} map={loaderData.map} />
        </div>
      </section>
    </>
  );
}

function ContactDetail({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <span
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-500/10 text-accent-700"
      >
        {icon}
      </span>
      <div className="text-sm text-slate-700">
        <h3 className="mb-1 text-base font-semibold text-brand-900">{title}</h3>
        {children}
      </div>
    </li>
  );
}
