import { Link } from "react-router";
import { accentLinkClass } from "#app/components/site/layout/site-links.ts";
import { TrackSearch } from "#app/components/site/layout/track-search.tsx";
import type { homePage } from "#app/content/home.ts";
import { cn } from "#app/lib/cn.ts";
import { useT } from "#app/lib/i18n/use-words.ts";

export function HomeHero({ hero }: { hero: (typeof homePage)["hero"] }) {
  const t = useT();
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-brand-900 text-white">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2 lg:px-8">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">{hero.eyebrow}</p>
          <h1 id="hero-title" className="mt-3 text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl">
            {hero.title}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-200">{hero.text}</p>
          <div className="mt-10 flex flex-wrap gap-4">
            <Link
              to={hero.primaryCta.path}
              className={cn(accentLinkClass, "inline-flex h-12 px-6 text-base")}
            >
              {hero.primaryCta.label}
            </Link>
            <Link
              to={hero.secondaryCta.path}
              className="inline-flex h-12 items-center justify-center rounded-md border-2 border-white px-6 text-base font-semibold text-white transition-colors hover:bg-white hover:text-brand-900"
            >
              {hero.secondaryCta.label}
            </Link>
          </div>
          <TrackSearch
            id="hero-tracking-number"
            label={t("Tracking number")}
            searchLabel={t("Shipment tracking")}
            className="mt-8 max-w-md"
          />
        </div>
        <img
          src="/images/home/hero.svg"
          alt={hero.imageAlt}
          width={600}
          height={480}
          fetchPriority="high"
          className="mx-auto w-full max-w-md lg:max-w-none"
        />
      </div>
    </section>
  );
}
