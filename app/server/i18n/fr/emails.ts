// French for the emails part of the site (decision 030): English text → French text, placeholders kept.
// Follows docs/glossary.md. The customer's e-mails about quotes, invoices, reminders, receipts and statements
// (app/server/i18n/customer-mail.server.ts); a space before ':' as French writes it.
export const emails = {
  "Dear {name},": "Bonjour {name},",

  // The quote (app/server/quotes/quotes.server.ts).
  "Your quote from {company}: {from} to {to}": "Votre devis {company} : {from} – {to}",
  "Thank you for your quote request.": "Merci pour votre demande de devis.",
  "Here is our quote for {from} to {to}:": "Voici notre devis pour le trajet {from} – {to} :",
  "Here is our quote for {from} to {to} (version {version}, it replaces the earlier one):":
    "Voici notre devis pour le trajet {from} – {to} (version {version}, elle remplace la précédente) :",
  "Total: {amount}": "Total : {amount}",
  "Valid until: {date}": "Valable jusqu’au : {date}",
  "Transit time: {time}": "Délai de transit : {time}",
  "Incoterm: {incoterm}": "Incoterm : {incoterm}",
  "To read the full quote and its terms, download it as a PDF, and accept or decline it, open:":
    "Pour lire le devis complet et ses conditions, le télécharger en PDF, puis l’accepter ou le refuser, ouvrez :",

  // The invoice (app/server/invoices/invoice-sending.server.ts).
  "Invoice {number} from {company}": "Facture {number} de {company}",
  "Please find attached our invoice {number} of {date} for {total}, due on {due}.":
    "Veuillez trouver ci-joint notre facture {number} du {date} d’un montant de {total}, à régler au plus tard le {due}.",
  "Please find attached our invoice {number} of {date} for {total}.":
    "Veuillez trouver ci-joint notre facture {number} du {date} d’un montant de {total}.",
  "It is paid: thank you.": "Elle est réglée : merci.",
  "After credit notes and payments, {amount} is still to be paid.":
    "Après déduction des avoirs et des paiements, il reste {amount} à régler.",
  "To see it online, download it as a PDF and pay, open:":
    "Pour la consulter en ligne, la télécharger en PDF et la régler, ouvrez :",
  "How to pay:": "Modalités de paiement :",
  "Thank you for your business.": "Merci de votre confiance.",
  "Credit note {number} from {company}": "Avoir {number} de {company}",
  "Please find attached our credit note {number} of {date} for {total}, which corrects our invoice {invoice}.":
    "Veuillez trouver ci-joint notre avoir {number} du {date} d’un montant de {total}, qui corrige notre facture {invoice}.",

  // Payment reminders (app/server/invoices/invoice-reminders.server.ts).
  "Overdue: invoice {number} from {company}": "Échéance dépassée : facture {number} de {company}",
  "Reminder: invoice {number} from {company} is due on {due}":
    "Rappel : la facture {number} de {company} arrive à échéance le {due}",
  "Our invoice {number} was due on {due} and {amount} is still unpaid.":
    "Notre facture {number} est arrivée à échéance le {due} et un montant de {amount} reste impayé.",
  "A reminder that our invoice {number} is due on {due}: {amount} is still to be paid.":
    "Pour rappel, notre facture {number} arrive à échéance le {due} : il reste {amount} à régler.",
  "To see the invoice, download it and pay it, open:":
    "Pour consulter la facture, la télécharger et la régler, ouvrez :",
  "If you have paid already, thank you, and please ignore this message.":
    "Si vous avez déjà réglé, merci, et veuillez ne pas tenir compte de ce message.",

  // The receipt (app/server/payments/payment-pages.server.ts).
  "Your receipt {number} from {company}": "Votre reçu {number} de {company}",
  "Thank you for your payment of {amount}, received on {date}. Your receipt {number} is attached.":
    "Merci pour votre paiement de {amount}, reçu le {date}. Vous trouverez ci-joint votre reçu {number}.",

  // The statement of account (app/server/receivables/receivables-pages.server.ts).
  "Your statement of account from {company}: {from} to {to}":
    "Votre relevé de compte {company} : du {from} au {to}",
  "Please find attached your statement of account for {from} to {to}.":
    "Veuillez trouver ci-joint votre relevé de compte pour la période du {from} au {to}.",
  "Balance due: {amount}": "Solde dû : {amount}",
  "In credit: {amount}": "En votre faveur : {amount}",
  "Nothing due": "Rien à régler",
  "Nothing was invoiced or paid up to the end of this period.":
    "Rien n’a été facturé ni réglé jusqu’à la fin de cette période.",
  "If anything on it does not match your records, please reply to this e-mail.":
    "Si quelque chose ne correspond pas à vos propres comptes, merci de répondre à cet e-mail.",
} as const satisfies Record<string, string>;
