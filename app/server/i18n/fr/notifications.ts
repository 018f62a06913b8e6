// French for the notifications part of the site (decision 030): English text → French text, placeholders kept.
// Follows docs/glossary.md. The shipment-update messages (e-mail, SMS, WhatsApp) to French recipients: the
// fixed words around staff's templates, the usual status names (staff type statuses freely; one not here
// stays as typed) and the words of the headline. French punctuation spacing (a space before ':').
export const notifications = {
  // The e-mail's fixed words (app/lib/notification-templates.ts, notification-email.server.ts).
  "Shipment {trackingNumber}: {headline}": "Expédition {trackingNumber} : {headline}",
  "Since our last message:": "Depuis notre dernier message :",
  "Since our last message": "Depuis notre dernier message",
  "{time}: {headline}": "{time} : {headline}",
  "{text}: {url}": "{text} : {url}",
  "Track your shipment: {url}": "Suivre votre expédition : {url}",
  "Track your shipment": "Suivre votre expédition",
  "You receive this message about shipment {trackingNumber} from {companyName}.":
    "Vous recevez ce message au sujet de l’expédition {trackingNumber} de la part de {companyName}.",
  "Unsubscribe: {url}": "Se désabonner : {url}",
  Unsubscribe: "Se désabonner",
  "Your delivery note with the receiver's signature (link valid for 30 days)":
    "Votre bon de livraison avec la signature du réceptionnaire (lien valable 30 jours)",
  "Your delivery note, received by {initials} (link valid for 30 days)":
    "Votre bon de livraison, reçu par {initials} (lien valable 30 jours)",
  "Your delivery note (link valid for 30 days)": "Votre bon de livraison (lien valable 30 jours)",
  // The headline: status and place, or the estimated delivery.
  "{status} at {place}": "{status} à {place}",
  "Estimated delivery {date}": "Livraison prévue le {date}",
  "Estimated delivery to be confirmed": "Date de livraison à confirmer",
  // Status names (app/schemas/shipment.ts COMMON_STATUSES, app/lib/tracking-progress.ts TRACKING_STEPS), of
  // an expédition (feminine).
  Booked: "Enregistrée",
  Pending: "En attente",
  Processing: "En préparation",
  Shipped: "Expédiée",
  "In Transit": "En transit",
  "In transit": "En transit",
  Arrived: "Arrivée",
  Delayed: "Retardée",
  "Out for Delivery": "En cours de livraison",
  Delivered: "Livrée",
} as const satisfies Record<string, string>;
