import { TeamSection } from "#app/components/site/about/team-section.tsx";
import { HomeHero } from "#app/components/site/home/home-hero.tsx";
import { HomeServiceCards } from "#app/components/site/home/home-service-cards.tsx";
import { ImpactStats } from "#app/components/site/home/impact-stats.tsx";
import { TestimonialsCarousel } from "#app/components/site/home/testimonials-carousel.tsx";
import * as french from "#app/content/fr/home.ts";
import { homeMeta, homePage, homeServiceCards, homeServicePath } from "#app/content/home.ts";
import { teamMembers, teamSection } from "#app/content/team.ts";
import { testimonials } from "#app/content/testimonials.ts";
import { localeOf } from "#app/lib/i18n/locale.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import { localizedSeo } from "#app/lib/seo.ts";
import { wordsFor } from "#app/server/i18n/words.server.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = (args) => localizedSeo(args, { ...homeMeta, path: "/" });

const english = { homePage, homeServiceCards, teamSection, teamMembers, testimonials };

// Long copy travels as loader data rather than page code, which keeps the home page's script small; a French
// page gets the French copy (app/content/fr) and the words of its buttons and labels.
export function loader({ request }: Route.LoaderArgs) {
  const locale = localeOf(request);
  const content = locale === "fr" ? french : english;
  const { hero, services } = content.homePage;
  return {
    team: { section: content.teamSection, members: content.teamMembers },
    testimonials: content.testimonials,
    hero: {
      ...hero,
      primaryCta: { ...hero.primaryCta, path: localizePath(hero.primaryCta.path, locale) },
      secondaryCta: { ...hero.secondaryCta, path: localizePath(hero.secondaryCta.path, locale) },
    },
    services: {
      section: services,
      // Each card's address comes from its English title, in the page's language.
      cards: content.homeServiceCards.map((card, i) => ({
        ...card,
        path: localizePath(homeServicePath(homeServiceCards[i]!.title), locale),
      })),
    },
    words: wordsFor(locale, "home", "about"),
  };
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
