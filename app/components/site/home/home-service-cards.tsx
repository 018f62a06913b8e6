import { Link } from "react-router";
import { Icon } from "#app/components/site/icons.tsx";
import type { HomeServiceCard, homePage } from "#app/content/home.ts";

/** Air Freight, Sea Freight and Road Transport; each whole card opens the service page (`path`, in the page's
 * language). */
export function HomeServiceCards({
  section: services,
  cards,
}: {
  section: (typeof homePage)["services"];
  cards: Array<HomeServiceCard & { path: string }>;
}) {
  return (
    <section aria-labelledby="home-services-title" className="py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="home-services-title" className="text-3xl font-bold text-brand-900 sm:text-4xl">
            {services.title}
          </h2>
          <p className="mt-4 text-lg text-slate-600">{services.intro}</p>
        </div>
        <ul className="mt-12 grid gap-8 md:grid-cols-3">
          {cards.map((card) => {
            return (
              <li
                key={card.title}
                className="group relative flex flex-col rounded-2xl border border-slate-200 bg-white p-8 shadow-sm transition-shadow focus-within:shadow-lg hover:shadow-lg"
              >
                <span className="mb-6 flex h-14 w-14 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon name={card.icon} aria-hidden="true" className="h-7 w-7" />
                </span>
                <h3 className="text-xl font-semibold text-brand-900">
                  <Link to={card.path} className="after:absolute after:inset-0 after:rounded-2xl">
                    {card.title}
                  </Link>
                </h3>
                <p className="mt-3 flex-1 text-slate-600">{card.description}</p>
                <span
                  aria-hidden="true"
                  className="mt-6 inline-flex items-center gap-1 font-medium text-brand-700"
                >
                  {services.learnMore}
                  <Icon
                    name="arrow-right"
                    className="h-4 w-4 transition-transform group-hover:translate-x-1"
                  />
                </span>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
