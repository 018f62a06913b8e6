import type { ReactNode } from "react";
import { ContactForm } from "#app/components/site/forms/contact-form.tsx";
import { FormNotice } from "#app/components/site/forms/contact-form-parts.tsx";
import { ContactMap } from "#app/components/site/forms/contact-map.tsx";
import { QuoteForm } from "#app/components/site/forms/quote-form.tsx";
import { Icon } from "#app/components/site/icons.tsx";
import { useLocalePath, useT } from "#app/lib/i18n/use-words.ts";
import { useRootData } from "#app/root.tsx";
import { FORM_UNREADABLE_MESSAGE, type PublicFormReply } from "#app/schemas/rules/public-form.ts";
import type { ContactPageData } from "#app/server/inbox/contact-views.ts";

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

/** The contact page: the company's details, the message form, the quote form and the map. */
export function ContactPage({
  loaderData,
  actionData,
}: {
  loaderData: ContactPageData;
  actionData: PublicFormReply | undefined;
}) {
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

      {actionData?.form === null ? (
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
