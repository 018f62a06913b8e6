import { HomeHero } from "~/components/site/home-hero";
import { HomeServiceCards } from "~/components/site/home-service-cards";
import { ImpactStats } from "~/components/site/impact-stats";
import { TeamSection } from "~/components/site/team-section";
import { TestimonialsCarousel } from "~/components/site/testimonials-carousel";
import { homeMeta, homePage, homeServiceCards } from "~/content/home";
import { teamMembers, teamSection } from "~/content/team";
import { testimonials } from "~/content/testimonials";
import { seo } from "~/lib/seo";
import type { RootData } from "~/root";
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
