import { TeamSection } from "#app/components/site/about/team-section.tsx";
import { HomeHero } from "#app/components/site/home/home-hero.tsx";
import { HomeServiceCards } from "#app/components/site/home/home-service-cards.tsx";
import { ImpactStats } from "#app/components/site/home/impact-stats.tsx";
import { TestimonialsCarousel } from "#app/components/site/home/testimonials-carousel.tsx";
import { homeMeta } from "#app/content/home.ts";
import { homePageCopy } from "#app/content/pages.ts";
import { localeOf } from "#app/lib/i18n/locale.ts";
import { localizedSeo } from "#app/lib/seo.ts";
import { wordsFor } from "#app/server/i18n/words.server.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = (args) => localizedSeo(args, { ...homeMeta, path: "/" });

// Long copy travels as loader data rather than page code, which keeps the home page's script small; a French
// page gets the French copy (app/content/pages.ts) and the words of its buttons and labels.
export function loader({ request }: Route.LoaderArgs) {
  const locale = localeOf(request);
  return { ...homePageCopy(locale), words: wordsFor(locale, "home", "about") };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <HomeHero hero={loaderData.hero} />
      <HomeServiceCards section={loaderData.services.section} cards={loaderData.services.cards} />
      <TeamSection className="bg-white" section={loaderData.team.section} members={loaderData.team.members} />
      <TestimonialsCarousel testimonials={loaderData.testimonials} />
      <ImpactStats />
    </>
  );
}
