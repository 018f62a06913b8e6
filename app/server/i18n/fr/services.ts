// French for the services part of the site (decision 030): English text → French text, placeholders kept.
// Follows docs/glossary.md. The services' copy is app/content/fr/services.ts, sent as page data; the inquiry
// form's words are the forms part's.
export const services = {
  "Our Services": "Nos services",
  "Air freight, sea freight and trucking from Monrovia, Liberia, plus warehousing, customs clearance, supply chain management and project cargo.":
    "Fret aérien, fret maritime et transport routier depuis Monrovia, au Liberia, ainsi qu'entreposage, dédouanement, gestion de la chaîne d'approvisionnement et colis exceptionnels.",
  "Get a Quote": "Demander un devis",
  "Tell us what you ship and we will reply with a price, usually within one business day.":
    "Dites-nous ce que vous expédiez et nous vous répondrons avec un prix, en général sous un jour ouvré.",
  "Learn More": "En savoir plus",
  "about {service}": "sur {service}",
  Breadcrumb: "Fil d'Ariane",
  "About this service": "À propos de ce service",
  "Key Features": "Points forts",
  "Other Services": "Autres services",
} as const satisfies Record<string, string>;
