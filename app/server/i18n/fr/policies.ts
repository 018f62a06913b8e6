// French for the policies part of the site (decision 030): English text → French text, placeholders kept.
// Follows docs/glossary.md. The policies' text is app/content/fr/policies.ts, sent as page data.
export const policies = {
  Legal: "Juridique",
  "Last updated:": "Dernière mise à jour :",
  "On this page": "Sur cette page",
  "This is a translation of the English text, which prevails in case of any difference.":
    "Ce document est une traduction du texte anglais, qui prévaut en cas de divergence.",
  "Read the English version": "Lire la version anglaise",
} as const satisfies Record<string, string>;
