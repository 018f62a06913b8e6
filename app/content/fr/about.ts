// The about page's copy in French (decision 030): the same shapes as app/content/about.ts and
// milestones.ts. The loader sends it as page data.

import type { aboutPage as englishAbout } from "#app/content/about.ts";
import { withFrenchWords } from "#app/content/fr/overlay.ts";
import { milestones as englishMilestones, type Milestone } from "#app/content/milestones.ts";

export const aboutPage: typeof englishAbout = {
  meta: {
    title: "À propos",
    description:
      "Notre mission, notre vision et notre histoire : un transitaire de Monrovia, au Liberia, au service de l'excellence en logistique internationale depuis 1995.",
  },
  hero: {
    title: "À propos",
    text: "Nous sommes un transitaire basé à Monrovia, au Liberia, qui relie les entreprises d'Afrique de l'Ouest aux marchés du monde entier par air, par mer et par route.",
  },
  mission: {
    title: "Notre mission",
    text: "Offrir des services logistiques fiables, transparents et abordables qui permettent à nos clients de commercer en toute confiance, en traitant chaque expédition comme si c'était la nôtre.",
  },
  vision: {
    title: "Notre vision",
    text: "Être la porte d'entrée la plus fiable de l'Afrique de l'Ouest vers le commerce mondial, reconnue pour des équipes attentives, des liaisons qui fonctionnent et une technologie qui tient nos clients informés.",
  },
  video: {
    title: "Notre histoire",
    intro:
      "Découvrez comment nous acheminons les marchandises dans le monde entier, du Port franc de Monrovia jusqu'à votre porte.",
    play: "Lire la vidéo de notre histoire",
    placeholder: "Vidéo bientôt disponible. La vidéo de l'histoire de notre entreprise sera présentée ici.",
    close: "Fermer",
  },
};

export const milestonesSection = {
  title: "Notre parcours",
  intro: "D'un petit bureau de fret à Monrovia à un partenaire logistique de confiance dans le monde entier.",
};

const frenchMilestones: Array<Pick<Milestone, "title" | "description">> = [
  {
    title: "Création de l'entreprise",
    description:
      "L'entreprise est fondée à Monrovia, dans le prolongement de l'agence de fret dirigée par son fondateur depuis 1995, avec cinq employés et un entrepôt.",
  },
  {
    title: "Agrément fret aérien",
    description:
      "Agréée comme agent de fret à l'aéroport international Roberts, l'entreprise propose du fret aérien régulier vers l'Europe et les États-Unis.",
  },
  {
    title: "Services de fret maritime",
    description:
      "Lancement de services hebdomadaires de conteneurs en groupage depuis le Port franc de Monrovia vers Anvers, Rotterdam et Shanghai.",
  },
  {
    title: "Réseau routier régional",
    description:
      "Début du transport routier transfrontalier vers la Sierra Leone, la Guinée et la Côte d'Ivoire avec notre propre flotte de 40 camions.",
  },
  {
    title: "Ouverture de l'entrepôt sous douane",
    description:
      "Un entrepôt sous douane de 6 000 m² près du Port franc réunit sous un même toit stockage, préparation de commandes et dédouanement.",
  },
  {
    title: "Suivi des expéditions en ligne",
    description:
      "Nos clients peuvent suivre chaque expédition en ligne grâce à son numéro de suivi, de l'enlèvement à la livraison finale.",
  },
  {
    title: "Réseau mondial de partenaires",
    description:
      "Notre réseau de partenaires dépasse 230 bureaux dans le monde et transporte plus de 5 200 tonnes de marchandises pour nos clients.",
  },
];

/** The English milestones' years with their words in French. */
export const milestones: Milestone[] = withFrenchWords(englishMilestones, frenchMilestones);
