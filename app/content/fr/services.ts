// The services pages' copy in French (decision 030): the same shapes as app/content/services.ts, the
// English services' ids, icons and pictures kept. The loaders send it as page data.
import { withFrenchWords } from "#app/content/fr/overlay.ts";
import {
  type AdditionalService,
  additionalServices as englishAdditional,
  type servicesPage as englishPage,
  services as englishServices,
  type Service,
} from "#app/content/services.ts";

type ServiceWords = Omit<Service, "id" | "icon" | "image" | "features"> & {
  imageAlt: string;
  features: Array<Pick<Service["features"][number], "title" | "description">>;
};

const frenchServices: ServiceWords[] = [
  {
    title: "Fret aérien",
    imageAlt: "Un avion-cargo s'élevant au-dessus des nuages",
    summary:
      "Un fret aérien rapide et sûr pour les envois urgents et de valeur, de l'aéroport international Roberts vers tous les grands aéroports du monde.",
    bullets: [
      "Options express et standard",
      "Livraison porte-à-porte",
      "Prise en charge des marchandises dangereuses",
      "Vols affrétés",
    ],
    description: [
      "Quand le temps compte, le fret aérien est le moyen le plus rapide d'acheminer vos marchandises. Nous réservons de l'espace auprès des principales compagnies aériennes à l'aéroport international Roberts et relions Monrovia à tous les grands centres de fret d'Europe, d'Asie, des Amériques et du reste de l'Afrique.",
      "Notre équipe établit la lettre de transport aérien (LTA) et les documents d'exportation, organise l'enlèvement et le contrôle de sûreté, et suit votre envoi jusqu'à sa livraison à la porte du destinataire.",
    ],
    features: [
      {
        title: "Options express et standard",
        description:
          "Le premier vol disponible pour les pièces et documents urgents, ou un service standard en groupage à un tarif plus bas.",
      },
      {
        title: "Réseau aérien mondial",
        description:
          "Nos accords avec les grandes compagnies vous garantissent une capacité fiable vers plus de 200 destinations.",
      },
      {
        title: "Marchandises sensibles et spéciales",
        description:
          "Un personnel formé pour les objets de valeur, les denrées périssables et les marchandises dangereuses, emballés et étiquetés selon les règles de l'IATA.",
      },
      {
        title: "Livraison porte-à-porte",
        description:
          "Enlèvement dans vos locaux, dédouanement au départ et à l'arrivée, et livraison à l'adresse finale.",
      },
    ],
    seoDescription:
      "Fret aérien express et standard de Monrovia, au Liberia, vers le monde entier : livraison porte-à-porte, marchandises dangereuses et vols affrétés.",
  },
  {
    title: "Fret maritime",
    imageAlt: "Un porte-conteneurs chargé de conteneurs naviguant en mer",
    summary:
      "Un transport maritime économique par le Port franc de Monrovia, de quelques cartons aux conteneurs complets et aux véhicules.",
    bullets: [
      "Conteneur complet (FCL)",
      "Groupage maritime (LCL)",
      "Transport de véhicules roulier (ro-ro)",
      "De port à port et porte-à-porte",
    ],
    description: [
      "Le fret maritime est le moyen le plus économique d'expédier de gros volumes. Nous expédions des conteneurs complets et partagés par le Port franc de Monrovia, depuis et vers les ports d'Europe, d'Asie, du Moyen-Orient et des Amériques.",
      "Nous comparons pour vous les compagnies et les départs, réservons l'espace, nous occupons du connaissement et des formalités portuaires, et vous tenons informé du chargement au déchargement.",
    ],
    features: [
      {
        title: "Conteneurs complets et partagés",
        description:
          "Des conteneurs de 20 pieds et de 40 pieds pour vos seules marchandises, ou une part de conteneur pour les petits volumes.",
      },
      {
        title: "Véhicules et charges lourdes",
        description:
          "Transport roulier, sur plateau (flat rack) et conventionnel pour les véhicules, les machines et les colis exceptionnels.",
      },
      {
        title: "Départs compétitifs",
        description:
          "Des départs hebdomadaires avec plusieurs compagnies maritimes, pour choisir entre rapidité et prix.",
      },
      {
        title: "Documents pris en charge",
        description:
          "Connaissements, certificats d'origine et documents portuaires préparés et vérifiés par notre équipe.",
      },
    ],
    seoDescription:
      "Fret maritime en conteneur complet (FCL) et en groupage (LCL) par le Port franc de Monrovia, ainsi que le transport de véhicules et de charges lourdes.",
  },
  {
    title: "Transport routier",
    alsoKnownAs: "Camionnage",
    imageAlt: "Un camion de livraison roulant sur une route",
    summary:
      "Transport routier à travers le Liberia et l'Afrique de l'Ouest, de la simple palette aux charges lourdes et hors gabarit.",
    bullets: [
      "Camions complets et chargements partiels",
      "Transport transfrontalier",
      "Livraison du dernier kilomètre",
      "Suivi en temps réel",
    ],
    description: [
      "Nos camions relient le Port franc et l'aéroport à tous les comtés du Liberia ainsi qu'à la Sierra Leone, à la Guinée et à la Côte d'Ivoire. Nous transportons tout, de la simple palette aux conteneurs et aux équipements hors gabarit.",
      "Chaque chargement est planifié en fonction de la route et de la saison, avec des chauffeurs expérimentés, les formalités transfrontalières prises en charge et des informations de suivi jusqu'à la livraison.",
    ],
    features: [
      {
        title: "Chargements complets et partiels",
        description:
          "Un camion entier pour vos marchandises, ou ne payez que l'espace que vous utilisez sur un chargement partagé.",
      },
      {
        title: "Transport transfrontalier",
        description:
          "Documents de transit et formalités frontalières pris en charge pour les expéditions dans la région du fleuve Mano.",
      },
      {
        title: "Livraison du dernier kilomètre",
        description:
          "Livraison aux magasins, chantiers et domiciles à Monrovia et dans l'arrière-pays, avec preuve de livraison.",
      },
      {
        title: "Suivi et assurance",
        description:
          "Suivez votre expédition grâce à son numéro de suivi ; une assurance marchandises est disponible pour chaque chargement.",
      },
    ],
    seoDescription:
      "Transport routier à travers le Liberia et l'Afrique de l'Ouest : chargements complets et partiels, transport transfrontalier et livraison du dernier kilomètre.",
  },
];

/** The English services (ids, icons, pictures) with their words in French, in the same order. */
export const services: Service[] = englishServices.map((service, i) => {
  const { imageAlt, features, ...words } = frenchServices[i]!;
  return {
    ...service,
    ...words,
    image: { ...service.image, alt: imageAlt },
    features: withFrenchWords(service.features, features) as Service["features"],
  };
});

const frenchAdditional: Array<Pick<AdditionalService, "title" | "description">> = [
  {
    title: "Entreposage",
    description:
      "Un stockage sécurisé sous douane à Monrovia, avec gestion des stocks, préparation de commandes et distribution.",
  },
  {
    title: "Dédouanement",
    description:
      "Des commissionnaires en douane agréés établissent vos déclarations et dédouanent rapidement vos marchandises au port et à l'aéroport.",
  },
  {
    title: "Gestion de la chaîne d'approvisionnement",
    description:
      "Planification, appui aux achats et rapports pour que vos marchandises circulent au coût total le plus bas.",
  },
  {
    title: "Colis exceptionnels",
    description:
      "Études, autorisations et transport pour les expéditions lourdes, hors gabarit et urgentes de vos projets.",
  },
];

export const additionalServices: AdditionalService[] = withFrenchWords(englishAdditional, frenchAdditional);

export const servicesPage: typeof englishPage = {
  title: "Nos services",
  intro:
    "Du fret aérien urgent aux conteneurs complets et au transport routier en Afrique de l'Ouest, nous acheminons vos marchandises en toute sécurité, dans les délais et à un prix juste.",
  seoDescription:
    "Fret aérien, fret maritime et transport routier depuis Monrovia, au Liberia, ainsi qu'entreposage, dédouanement, gestion de la chaîne d'approvisionnement et colis exceptionnels.",
  additionalTitle: "Services complémentaires",
  additionalIntro: "Tout ce qui entoure le transport lui-même, pris en charge par la même équipe.",
  learnMore: "En savoir plus",
};
