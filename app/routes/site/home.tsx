import { HomeHero } from "~/components/site/home-hero";
import { HomeServiceCards } from "~/components/site/home-service-cards";
import { ImpactStats } from "~/components/site/impact-stats";
import { TeamSection } from "~/components/site/team-section";
import { TestimonialsCarousel } from "~/components/site/testimonials-carousel";
import { homePage } from "~/content/home";
import { seo } from "~/lib/seo";
import type { RootData } from "~/root";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ ...homePage.meta, path: "/" }, matches.find((match) => match?.id === "root")?.loaderData as RootData);

export default function Home() {
  return (
    <>
      <HomeHero />
      <HomeServiceCards />
      <TeamSection className="bg-white" />
      <TestimonialsCarousel />
      <ImpactStats />
    </>
  );
}
