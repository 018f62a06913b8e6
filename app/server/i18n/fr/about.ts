// French for the about part of the site (decision 030): English text → French text, placeholders kept.
// Follows docs/glossary.md. The page's long copy is app/content/fr/about.ts, sent as page data; the team's
// labels serve the home page too.
export const about = {
  "About Us": "À propos",
  "Our mission, vision and history: a freight-forwarding company in Monrovia, Liberia, delivering excellence in global logistics since 1995.":
    "Notre mission, notre vision et notre histoire : un transitaire de Monrovia, au Liberia, au service de l'excellence en logistique internationale depuis 1995.",
  "{mission} and {vision}": "{mission} et {vision}",
  "{name} on social media": "{name} sur les réseaux sociaux",
  "{name} on {network}": "{name} sur {network}",
} as const satisfies Record<string, string>;
