import { Link } from "react-router";
import { Icon } from "#app/components/site/icons.tsx";
import { accentLinkClass } from "#app/components/site/layout/site-links.ts";
import { ServiceIcon } from "#app/components/site/services/service-icons.tsx";
import { cn } from "#app/lib/cn.ts";
import { useLocalePath, useT } from "#app/lib/i18n/use-words.ts";
import type { ServicePageData } from "#app/server/quotes/service-views.ts";

/** One service: its description, its features, and links to the others. */
export function ServicePage({ loaderData }: { loaderData: ServicePageData }) {
  const { service, others } = loaderData;
  const t = useT();
  const to = useLocalePath();
  return (
    <>
      <section aria-labelledby="service-title" className="bg-brand-900 py-14 text-white sm:py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <nav aria-label={t("Breadcrumb")}>
            <ol className="flex flex-wrap items-center gap-1.5 text-sm text-slate-200">
              <li>
                <Link to={to("/")} className="underline-offset-4 hover:underline">
                  {t("Home")}
                </Link>
              </li>
              <li aria-hidden="true">
                <Icon name="chevron-right" className="size-4" />
              </li>
              <li>
                <Link to={to("/services")} className="underline-offset-4 hover:underline">
                  {t("Services")}
                </Link>
              </li>
              <li aria-hidden="true">
                <Icon name="chevron-right" className="size-4" />
              </li>
              <li aria-current="page" className="font-medium text-white">
                {service.title}
              </li>
            </ol>
          </nav>
          <div className="mt-6 flex items-center gap-4">
            <span className="flex size-14 items-center justify-center rounded-full bg-white/10 text-accent-500">
              <ServiceIcon name={service.icon} className="size-7" />
            </span>
            <div>
              <h1 id="service-title" className="text-4xl font-extrabold tracking-tight sm:text-5xl">
                {service.title}
              </h1>
              {service.alsoKnownAs ? (
                <p className="mt-1 text-lg text-slate-200">{service.alsoKnownAs}</p>
              ) : null}
            </div>
          </div>
        </div>
      </section>

      <section aria-label={t("About this service")} className="py-16">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
          <div>
            {service.description.map((paragraph) => (
              <p key={paragraph.slice(0, 40)} className="mb-4 text-lg leading-relaxed text-slate-700">
                {paragraph}
              </p>
            ))}
            <Link
              to={`${to("/contact")}#quote`}
              className={cn(accentLinkClass, "mt-4 inline-flex h-12 px-6 text-base")}
            >
              {t("Get a Quote")}
              <Icon name="arrow-right" aria-hidden="true" className="size-4" />
            </Link>
          </div>
          <img
            src={service.image.src}
            alt={service.image.alt}
            width={service.image.width}
            height={service.image.height}
            className="w-full rounded-xl border border-slate-200 shadow-sm"
          />
        </div>
      </section>

      <section aria-labelledby="features-title" className="bg-brand-50 py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2 id="features-title" className="text-center text-3xl font-bold tracking-tight text-brand-900">
            {t("Key Features")}
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {service.features.map((feature) => (
              <li key={feature.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                <span className="flex size-12 items-center justify-center rounded-full bg-accent-500/10 text-accent-700">
                  <ServiceIcon name={feature.icon} className="size-6" />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-brand-900">{feature.title}</h3>
                <p className="mt-2 text-sm text-slate-700">{feature.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <nav aria-labelledby="other-services-title" className="py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2 id="other-services-title" className="text-2xl font-bold text-brand-900">
            {t("Other Services")}
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2">
            {others.map((other) => (
              <li key={other.id}>
                <Link
                  to={to(`/services/${other.id}`)}
                  className="flex items-center gap-3 rounded-xl border border-slate-200 p-5 font-semibold text-brand-800 hover:border-brand-600 hover:bg-brand-50"
                >
                  <ServiceIcon name={other.icon} className="size-6 text-accent-600" />
                  {other.title}
                  <Icon name="arrow-right" aria-hidden="true" className="ml-auto size-4" />
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </nav>
    </>
  );
}
