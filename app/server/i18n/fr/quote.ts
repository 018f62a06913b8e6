// French for the quote part of the site (decision 030): English text → French text, placeholders kept.
// Follows docs/glossary.md. The customer's quote page (/fr/devis/:token): the quote, its status, 'Accept quote'
// and 'Decline' with their messages. No space before a colon in this file.
import { INCOTERM_CODES, INCOTERMS, INCOTERMS_FR } from "#app/lib/freight-terms.ts";

export const quote = {
  "Your quote": "Votre devis",
  "Your quote: {route}": "Votre devis: {route}",
  "For {customer}": "Pour {customer}",
  " · version {version}": " · version {version}",
  "Price lines": "Lignes de prix",
  Description: "Désignation",
  Amount: "Montant",
  Total: "Total",
  "Valid until": "Valable jusqu'au",
  "Transit time": "Délai de transit",
  Incoterm: "Incoterm",
  // The Incoterms' names as the ICC's French edition gives them (one list: app/lib/freight-terms.ts).
  ...Object.fromEntries(INCOTERM_CODES.map((code) => [INCOTERMS[code], INCOTERMS_FR[code]])),
  Terms: "Conditions",
  "Download this quote as a PDF": "Télécharger ce devis en PDF",
  "Accept this quote": "Accepter ce devis",
  "Your name": "Votre nom",
  "Accept quote": "Accepter le devis",
  Decline: "Refuser",
  "Comment (optional)": "Commentaire (facultatif)",
  // The status line: 'This quote was accepted' + ' by {name}' + ' on {date}' + '. Thank you…'
  "This quote was accepted": "Ce devis a été accepté",
  " by {name}": " par {name}",
  " on {date}": " le {date}",
  ". Thank you: we will be in touch to book your shipment.":
    ". Merci: nous vous contacterons pour réserver votre expédition.",
  "This quote was declined": "Ce devis a été refusé",
  "This quote expired at the end of {date}. Contact us for a new quote.":
    "Ce devis a expiré à la fin du {date}. Contactez-nous pour un nouveau devis.",
  "This quote was replaced by a newer version, sent to you by e-mail. Please use the link in that message.":
    "Ce devis a été remplacé par une version plus récente, qui vous a été envoyée par e-mail. Veuillez utiliser le lien de ce message.",
  "Too many requests": "Trop de demandes",
  "Please wait a minute and open the link again.": "Veuillez patienter une minute, puis rouvrir le lien.",
  // The answers' messages (app/server/quotes/quote-answer.server.ts), read at display
  "Enter your name": "Saisissez votre nom",
  "Your name contains characters that are not allowed.": "Votre nom contient des caractères non autorisés.",
  "At most {max} characters": "{max} caractères au plus",
  "Your comment contains characters that are not allowed.":
    "Votre commentaire contient des caractères non autorisés.",
  "The form could not be read. Please try again.": "Le formulaire n'a pas pu être lu. Veuillez réessayer.",
  "Too many attempts. Please wait a few minutes and try again.":
    "Trop de tentatives. Veuillez patienter quelques minutes, puis réessayer.",
} as const satisfies Record<string, string>;
