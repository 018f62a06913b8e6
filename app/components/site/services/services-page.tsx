import { ServiceInquiryForm } from "#app/components/site/forms/service-inquiry-form.tsx";
import { Icon } from "#app/components/site/icons.tsx";
import { ServiceCard } from "#app/components/site/services/service-card.tsx";
import { ServiceIcon } from "#app/components/site/services/service-icons.tsx";
import { useLocalePath, useT } from "#app/lib/i18n/use-words.ts";
import type { PublicFormReply } from "#app/schemas/rules/public-form.ts";
import type { ServicesPageData } from "#app/server/quotes/service-views.ts";

/** /services: each service's card, the inquiry form beside them, and the additional services. */
export function ServicesPage({
  loaderData,
  actionData,
}: {
  loaderData: ServicesPageData;
  actionData: PublicFormReply | undefined;
}) {
  const { page } = loaderData;
  const t = useT();
  const to = useLocalePath();
  return (
    <>
      <section aria-labelledby="services-title" className="bg-brand-900 py-16 text-white sm:py-20">
        <div className="mx-auto max-w-3xl px-4 text-center sm:px-6 lg:px-8">
          <h1 id="services-title" className="text-4xl font-extrabold tracking-tight sm:text-5xl">
            {page.title}
          </h1>
          <p className="mt-6 text-lg leading-relaxed text-slate-200">{page.intro}</p>
        </div>
      </section>

      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-3 lg:px-8">
        <div className="grid gap-8 lg:col-span-2">
          {loaderData.services.map((service, index) => (
            <ServiceCard key={service.id} service={service} priority={index === 0} />
          ))}
        </div>
        <aside
          id="get-a-quote"
          aria-labelledby="service-inquiry-title"
          className="scroll-mt-24 lg:col-span-1"
        >
          <div className="rounded-xl border border-slate-200 bg-slate-50 p-6 shadow-sm lg:sticky lg:top-24">
            <div className="mb-5 flex items-center gap-3">
              <Icon name="clipboard-list" aria-hidden="true" className="size-6 text-accent-600" />
              <h2 id="service-inquiry-title" className="text-xl font-bold text-brand-900">
                {t("Get a Quote")}
              </h2>
            </div>
            <p className="mb-5 text-sm text-slate-700">
              {t("Tell us what you ship and we will reply with a price, usually within one business day.")}
            </p>
            <ServiceInquiryForm
              reply={actionData}
              submissionKey={loaderData.submissionKey}
              phoneCountries={loaderData.phoneCountries}
              action={`${to("/services")}#get-a-quote`}
            />
          </div>
        </aside>
      </div>

      <section aria-labelledby="additional-services-title" className="bg-brand-50 py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="mx-auto max-w-2xl text-center">
            <h2 id="additional-services-title" className="text-3xl font-bold tracking-tight text-brand-900">
              {page.additionalTitle}
            </h2>
            <p className="mt-4 text-slate-700">{page.additionalIntro}</p>
          </div>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {loaderData.additionalServices.map((item) => (
              <li key={item.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                <span className="flex size-12 items-center justify-center rounded-full bg-accent-500/10 text-accent-700">
                  <ServiceIcon name={item.icon} className="size-6" />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-brand-900">{item.title}</h3>
                <p className="mt-2 text-sm text-slate-700">{item.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
