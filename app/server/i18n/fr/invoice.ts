// French for the invoice part of the site (decision 030): English text → French text, placeholders kept.
// Follows docs/glossary.md. The customer's invoice page (/fr/facture/:token) and paying it by mobile money
// (/fr/facture/:token/payer), with their messages. No space before a colon in this file.
export const invoice = {
  "Your invoice": "Votre facture",
  Invoice: "Facture",
  "Credit note": "Avoir",
  "For {customer}": "Pour {customer}",
  "Awaiting payment": "En attente de paiement",
  "Partly paid": "Partiellement payée",
  Paid: "Payée",
  Overdue: "En retard",
  Void: "Annulée",
  Draft: "Brouillon",
  "Issue date": "Date d'émission",
  "Due date": "Date d'échéance",
  // A line no tax applies to ('Hors taxe' would say the price is before tax).
  "No tax": "Sans taxe",
  "Less credit note {number}": "Moins l'avoir {number}",
  Totals: "Totaux",
  Subtotal: "Sous-total",
  Total: "Total",
  "Amount paid": "Montant payé",
  "Balance due": "Solde dû",
  "How to pay": "Comment payer",
  "Download PDF": "Télécharger le PDF",
  "Pay online": "Payer en ligne",
  "Pay by mobile money": "Payer par Mobile Money",

  // Paying by mobile money
  "Too many requests": "Trop de demandes",
  "Please wait a minute and open the link again.": "Veuillez patienter une minute, puis rouvrir le lien.",
  "Page not found": "Page introuvable",
  "This link is not valid. Check that it was copied in full.":
    "Ce lien n'est pas valide. Vérifiez qu'il a été copié en entier.",
  "Return to Home": "Retour à l'accueil",
  "Pay invoice {number} by mobile money": "Payer la facture {number} par Mobile Money",
  "Approve the payment on your phone": "Approuvez le paiement sur votre téléphone",
  "MTN Mobile Money has asked {payer} to approve {amount}. Enter your PIN on the phone when it asks. This page looks again every few seconds.":
    "MTN Mobile Money a demandé au numéro {payer} d'approuver {amount}. Saisissez votre code PIN sur le téléphone quand il vous le demande. Cette page se met à jour toutes les quelques secondes.",
  "Check again": "Vérifier à nouveau",
  "Wrong number, or nothing on the phone? Cancel this request and pay again.":
    "Mauvais numéro, ou rien sur le téléphone ? Annulez cette demande et payez à nouveau.",
  "Cancel this request": "Annuler cette demande",
  "The request has ended": "La demande a pris fin",
  "Thank you: {amount} was received from {payer}.": "Merci: {amount} reçus du numéro {payer}.",
  "The payment did not go through": "Le paiement n'a pas abouti",
  "Pay from your MTN Mobile Money wallet": "Payer depuis votre portefeuille MTN Mobile Money",
  "Your mobile money number": "Votre numéro Mobile Money",
  "Amount ({currency})": "Montant ({currency})",
  "The balance, or part of it.": "Le solde, ou une partie.",
  "Try again": "Réessayer",
  Pay: "Payer",
  "Back to the invoice": "Retour à la facture",

  // The messages of the payment form and of MTN (app/server/payments/mobile-money/*, app/lib/money.ts)
  "This invoice is void: there is nothing to pay.": "Cette facture est annulée: il n'y a rien à payer.",
  "This invoice is paid. Thank you.": "Cette facture est payée. Merci.",
  "This invoice is paid.": "Cette facture est payée.",
  "This invoice cannot be paid online.": "Cette facture ne peut pas être payée en ligne.",
  "Paying by mobile money is not available at the moment. Please pay another way.":
    "Le paiement par Mobile Money n'est pas disponible pour le moment. Veuillez payer autrement.",
  "Mobile money takes {wallet} only; this invoice is in {currency}. Please pay it another way.":
    "Mobile Money n'accepte que les paiements en {wallet}; cette facture est en {currency}. Veuillez la payer autrement.",
  "The form could not be read. Please try again.": "Le formulaire n'a pas pu être lu. Veuillez réessayer.",
  "Too many attempts. Please wait a few minutes and try again.":
    "Trop de tentatives. Veuillez patienter quelques minutes, puis réessayer.",
  "Enter your mobile money number": "Saisissez votre numéro Mobile Money",
  "At most {max} characters": "{max} caractères au plus",
  "Enter an amount": "Saisissez un montant",
  "The amount cannot be negative": "Le montant ne peut pas être négatif",
  "Enter the amount as a number, like 1250.00": "Saisissez le montant en chiffres, par exemple 1 250,00",
  "The amount can have at most {digits} digits before the decimal point":
    "Le montant peut avoir au plus {digits} chiffres avant la virgule",
  "{currency} amounts have no decimals": "Les montants en {currency} n'ont pas de décimales",
  "The amount can have at most {digits} decimals in {currency}":
    "Le montant peut avoir au plus {digits} décimales en {currency}",
  "Enter an amount above zero": "Saisissez un montant supérieur à zéro",
  "The amount is more than the balance due": "Le montant dépasse le solde dû",
  "MTN Mobile Money did not answer. Please try again in a few minutes.":
    "MTN Mobile Money n'a pas répondu. Veuillez réessayer dans quelques minutes.",
  "The payment was declined on the phone.": "Le paiement a été refusé sur le téléphone.",
  "The payment was not approved in time.": "Le paiement n'a pas été approuvé à temps.",
  "There is not enough money in the wallet.": "Le solde du portefeuille est insuffisant.",
  "This number has no MTN Mobile Money wallet.": "Ce numéro n'a pas de portefeuille MTN Mobile Money.",
  "The wallet has reached its limit.": "Le portefeuille a atteint sa limite.",
  "MTN Mobile Money does not allow this payment.": "MTN Mobile Money n'autorise pas ce paiement.",
  "MTN Mobile Money does not take payments in this currency.":
    "MTN Mobile Money n'accepte pas les paiements dans cette devise.",
  "MTN Mobile Money could not complete the payment.": "MTN Mobile Money n'a pas pu effectuer le paiement.",
  "No answer from MTN Mobile Money within a day: nothing was taken.":
    "Pas de réponse de MTN Mobile Money en un jour : rien n'a été prélevé.",
  "The request did not reach MTN Mobile Money: nothing was taken.":
    "La demande n'est pas parvenue à MTN Mobile Money : rien n'a été prélevé.",
  "You cancelled this request: nothing was taken. If your phone still asks you to approve it, decline it.":
    "Vous avez annulé cette demande : rien n'a été prélevé. Si votre téléphone vous demande encore de l'approuver, refusez-la.",
  "A newer request replaced this one: nothing was taken for it. If your phone still asks you to approve it, decline it.":
    "Une demande plus récente a remplacé celle-ci : rien n'a été prélevé pour elle. Si votre téléphone vous demande encore de l'approuver, refusez-la.",
  "The payment was not approved on the phone within 5 minutes, so the request has ended: nothing was taken. You can try again.":
    "Le paiement n'a pas été approuvé sur le téléphone dans les 5 minutes, la demande a donc pris fin : rien n'a été prélevé. Vous pouvez réessayer.",
} as const satisfies Record<string, string>;
