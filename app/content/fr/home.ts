// The home page's copy in French (decision 030): the same shapes as app/content/home.ts, team.ts and
// testimonials.ts, the English items' pictures, links and names kept. The loader sends it as page data.
import { withFrenchWords } from "#app/content/fr/overlay.ts";
import * as english from "#app/content/home.ts";
import { teamMembers as englishTeam, type TeamMember } from "#app/content/team.ts";
import { testimonials as englishTestimonials, type Testimonial } from "#app/content/testimonials.ts";

export const homePage: typeof english.homePage = {
  hero: {
    eyebrow: "Transit de fret de Monrovia vers le monde entier",
    title: "Solutions logistiques internationales",
    text: "Fret aérien, fret maritime et transport routier fiables, dédouanement et entreposage. Nous acheminons vos marchandises en toute sécurité et dans les délais, où qu'elles doivent aller.",
    primaryCta: { label: "Demander un devis gratuit", path: "/contact#quote" },
    secondaryCta: { label: "Nos services", path: "/services" },
    imageAlt: "",
  },
  services: {
    title: "Nos services",
    intro: "Quoi que vous expédiiez et où que ce soit, nous avons la bonne solution pour l'y acheminer.",
    learnMore: "En savoir plus",
  },
};

const [air, sea, road] = english.homeServiceCards as [
  english.HomeServiceCard,
  english.HomeServiceCard,
  english.HomeServiceCard,
];

/** In the English cards' order: the loader takes each card's address from its English title. */
export const homeServiceCards: english.HomeServiceCard[] = [
  {
    ...air,
    title: "Fret aérien",
    description:
      "Un fret aérien rapide et sûr pour les envois urgents et de valeur, avec livraison porte-à-porte vers tous les grands aéroports.",
  },
  {
    ...sea,
    title: "Fret maritime",
    description:
      "Conteneurs complets et groupage depuis le Port franc de Monrovia vers les ports d'Europe, d'Asie et des Amériques.",
  },
  {
    ...road,
    title: "Transport routier",
    description:
      "Transport routier à travers le Liberia et l'Afrique de l'Ouest, de la simple palette aux charges lourdes et hors gabarit.",
  },
];

export const teamSection = {
  title: "Notre équipe",
  intro:
    "Les personnes qui font avancer vos marchandises, de notre siège de Monrovia à nos bureaux partenaires dans le monde entier.",
};

const frenchTeam: Array<Pick<TeamMember, "role" | "bio">> = [
  {
    role: "PDG et fondateur",
    bio: "Joseph a débuté comme commissionnaire en douane au Port franc de Monrovia et a passé trois décennies à bâtir des liaisons entre l'Afrique de l'Ouest et le monde.",
  },
  {
    role: "Directrice des opérations",
    bio: "Fatu dirige nos entrepôts, notre flotte de camions et nos équipes portuaires, et veille à ce que chaque envoi parte à l'heure et arrive intact.",
  },
  {
    role: "Responsable commercial",
    bio: "Kwame aide importateurs et exportateurs à trouver la bonne combinaison de fret aérien, maritime et routier pour leur budget et leurs délais.",
  },
  {
    role: "Directrice technique",
    bio: "Aminata pilote les systèmes derrière notre suivi des expéditions, nos formalités douanières et notre espace client.",
  },
];

/** The English members (names, pictures, profiles) with their role and bio in French. */
export const teamMembers: TeamMember[] = withFrenchWords(englishTeam, frenchTeam);

const frenchTestimonials: Array<Pick<Testimonial, "role" | "text">> = [
  {
    role: "Responsable des achats",
    text: "Nos conteneurs de cacao et de café arrivent à Anvers dans les délais à chaque saison. L'équipe s'occupe des formalités au Port franc pour que nous puissions nous consacrer à nos producteurs.",
  },
  {
    role: "Responsable de la chaîne d'approvisionnement",
    text: "Les médicaments sensibles à la température exigent un partenaire qui répond au téléphone à minuit. Cette équipe n'a jamais laissé l'une de nos expéditions attendre sur un tarmac brûlant.",
  },
  {
    role: "Propriétaire",
    text: "J'importe des meubles de Turquie et de Chine plusieurs fois par an. Ils regroupent mes commandes, s'occupent du dédouanement et livrent à mon magasin, sans aucune surprise sur la facture.",
  },
  {
    role: "Coordinateur logistique",
    text: "Faire passer la frontière à des machines lourdes prenait des semaines. Leur équipe de transport routier a organisé l'itinéraire, les autorisations et les escortes en quelques jours.",
  },
  {
    role: "Responsable des importations",
    text: "Le suivi en ligne est précis et le service client répond vite. Nos magasins savent toujours exactement quand le nouveau stock arrivera.",
  },
  {
    role: "Directeur des opérations",
    text: "De l'entreposage à Monrovia au fret maritime vers les États-Unis, un seul interlocuteur s'occupe de tout. Cela nous fait gagner du temps et de l'argent chaque mois.",
  },
  {
    role: "Directrice",
    text: "Quand nous avons eu besoin d'un fret aérien urgent pour du matériel hospitalier, ils ont trouvé de la place sur le vol suivant et nous ont tenus informés à chaque étape.",
  },
];

/** The English testimonials (names, companies, pictures, ratings) with their role and words in French. */
export const testimonials: Testimonial[] = withFrenchWords(englishTestimonials, frenchTestimonials);
