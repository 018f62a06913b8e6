// French for the home part of the site (decision 030): English text → French text, placeholders kept.
// Follows docs/glossary.md. The page's long copy is app/content/fr/home.ts, sent as page data.
export const home = {
  "Global Logistics Solutions": "Solutions logistiques internationales",
  "Air freight, sea freight and road transport from Monrovia, Liberia to the world. Request a free quote or track your package online.":
    "Fret aérien, fret maritime et transport routier de Monrovia, au Liberia, vers le monde entier. Demandez un devis gratuit ou suivez votre colis en ligne.",
  "Tracking number": "Numéro de suivi",
  "Shipment tracking": "Suivi d'expédition",
  "What Our Customers Say": "Ce que disent nos clients",
  "Don't just take our word for it. Here's what our clients have to say about our logistics services and customer support.":
    "Ne nous croyez pas sur parole : voici ce que nos clients disent de nos services logistiques et de notre service client.",
  "Previous testimonial": "Témoignage précédent",
  "Next testimonial": "Témoignage suivant",
  "Pause automatic rotation": "Mettre en pause le défilement automatique",
  "Start automatic rotation": "Lancer le défilement automatique",
  "Show testimonial {position}": "Afficher le témoignage {position}",
  "{position} of {total}": "{position} sur {total}",
  "Rated {rating} out of 5": "Noté {rating} sur 5",
  "Our Global Impact": "Notre présence dans le monde",
  "We continue to expand our reach and services across the globe":
    "Nous continuons d'étendre notre réseau et nos services dans le monde entier",
  Packages: "Colis",
  Offices: "Bureaux",
  Employees: "Employés",
  Tons: "Tonnes",
} as const satisfies Record<string, string>;
