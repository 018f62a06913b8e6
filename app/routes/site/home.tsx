import { TeamSection } from "#app/components/site/about/team-section.tsx";
import { HomeHero } from "#app/components/site/home/home-hero.tsx";
import { HomeServiceCards } from "#app/components/site/home/home-service-cards.tsx";
import { ImpactStats } from "#app/components/site/home/impact-stats.tsx";
import { TestimonialsCarousel } from "#app/components/site/home/testimonials-carousel.tsx";
import { homeMeta, homePage, homeServiceCards } from "#app/content/home.ts";
import { teamMembers, teamSection } from "#app/content/team.ts";
import { testimonials } from "#app/content/testimonials.ts";
import { seo } from "#app/lib/seo.ts";
import type { RootData } from "#app/root.tsx";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ ...homeMeta, path: "/" }, matches.find((match) => match?.id === "root")?.loaderData as RootData);

// Long copy travels as loader data rather than page code, which keeps the home page's script small.
export function loader() {
  return {
    team: { section: teamSection, members: teamMembers },
    testimonials,
    hero: homePage.hero,
    services: { section: homePage.services, cards: homeServiceCards },
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
