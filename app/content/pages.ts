import { aboutPage } from "#app/content/about.ts";
import * as frenchAbout from "#app/content/fr/about.ts";
import * as frenchHome from "#app/content/fr/home.ts";
import { homePage, homeServiceCards, homeServicePath } from "#app/content/home.ts";
import { milestones, milestonesSection } from "#app/content/milestones.ts";
import { teamMembers, teamSection } from "#app/content/team.ts";
import { testimonials } from "#app/content/testimonials.ts";
import type { Locale } from "#app/lib/i18n/locale.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";

// The static pages' copy in the page's language (app/content/fr for French). Their loaders send it as data
// rather than page code, which keeps the public pages' script small (docs/decisions/023-public-page-weight.md).

const englishHome = { homePage, homeServiceCards, teamSection, teamMembers, testimonials };

/** The home page's copy, its links in the page's language. */
export function homePageCopy(locale: Locale) {
  const content = locale === "fr" ? frenchHome : englishHome;
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
  };
}

/** The about page's copy: the story, the milestones and the team. */
export function aboutPageCopy(locale: Locale) {
  const french = locale === "fr";
  const { hero, mission, vision, video } = french ? frenchAbout.aboutPage : aboutPage;
  return {
    hero,
    mission,
    vision,
    video,
    milestones: {
      section: french ? frenchAbout.milestonesSection : milestonesSection,
      items: french ? frenchAbout.milestones : milestones,
    },
    team: {
      section: french ? frenchHome.teamSection : teamSection,
      members: french ? frenchHome.teamMembers : teamMembers,
    },
  };
}

export type AboutPageCopy = ReturnType<typeof aboutPageCopy>;
