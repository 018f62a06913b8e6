// French for the tracking part of the site (decision 030): English text → French text, placeholders kept.
// Follows docs/glossary.md. The tracking pages (/fr/suivi, /fr/suivi/:n), 'Get updates' (/fr/suivi/:n/alertes),
// the confirmation link's and the unsubscribe link's pages, and the confirmation messages a subscriber gets.
export const tracking = {
  // The search and its frame
  "Track Package": "Suivre un colis",
  "Track your shipment with its tracking number: current location, status history and estimated delivery.":
    "Suivez votre expédition avec son numéro de suivi : position actuelle, historique des statuts et livraison prévue.",
  "Enter your tracking number to see where your shipment is and every step it has taken.":
    "Saisissez votre numéro de suivi pour voir où se trouve votre expédition et chaque étape de son parcours.",
  "Track a shipment": "Suivre une expédition",
  "Tracking number": "Numéro de suivi",
  Track: "Suivre",
  Tracking: "Suivi",
  "Shipment status, route and status history.": "Statut, itinéraire et historique de l'expédition.",

  // Not found, too many lookups, no number
  "contact our support team": "contactez notre service client",
  "Shipment Not Found": "Expédition introuvable",
  "We couldn't find a shipment with tracking number:":
    "Nous n'avons trouvé aucune expédition avec le numéro de suivi :",
  "Please check the tracking number and try again. If you still can't find your shipment,":
    "Vérifiez le numéro de suivi et réessayez. Si vous ne trouvez toujours pas votre expédition,",
  second: "seconde",
  seconds: "secondes",
  minute: "minute",
  minutes: "minutes",
  "Too Many Tracking Requests": "Trop de recherches",
  "You have looked up a lot of shipments in a short time. Please try again in":
    "Vous avez recherché beaucoup d'expéditions en peu de temps. Veuillez réessayer dans",
  "Need help with a shipment right now? Please":
    "Besoin d'aide pour une expédition dès maintenant ? Veuillez",
  "No tracking number provided": "Aucun numéro de suivi indiqué",
  "Enter your tracking number above to see where your shipment is.":
    "Saisissez votre numéro de suivi ci-dessus pour voir où se trouve votre expédition.",

  // The result
  "Tracking Number": "Numéro de suivi",
  "Share on WhatsApp": "Partager sur WhatsApp",
  "Status:": "Statut :",
  "Latest update:": "Dernière mise à jour :",
  "Estimated delivery not available": "Livraison prévue non disponible",
  "The estimated delivery date has passed": "La date de livraison prévue est passée",
  "Delayed?": "En retard ?",
  "Last updated": "Dernière mise à jour le",
  at: "à",
  "Get updates": "Recevoir les alertes",
  "Show full details": "Voir tous les détails",
  "Ask us on WhatsApp": "Nous écrire sur WhatsApp",
  "The estimated delivery date has passed and no delivery has been recorded yet. For news about this shipment, please":
    "La date de livraison prévue est passée et aucune livraison n'a encore été enregistrée. Pour des nouvelles de cette expédition,",
  "contact us": "contactez-nous",
  "Shipment Details": "Détails de l'expédition",
  Status: "Statut",
  Origin: "Origine",
  Destination: "Destination",
  "Current Location": "Position actuelle",
  Unknown: "Inconnue",
  "Estimated Delivery": "Livraison prévue",
  "Not available": "Non disponible",
  Weight: "Poids",
  Dimensions: "Dimensions",
  Shipper: "Expéditeur",
  "No shipper information available": "Aucune information sur l'expéditeur",
  Consignee: "Destinataire",
  "No consignee information available": "Aucune information sur le destinataire",
  "Contact details are not shown on the public tracking page.":
    "Les coordonnées ne sont pas affichées sur la page de suivi publique.",
  "Status History": "Historique des statuts",
  "Newest first. Times are {zone} time.": "Du plus récent au plus ancien, en heure locale : {zone}.",
  Route: "Itinéraire",
  "Shipment route": "Itinéraire de l'expédition",
  "Shipment progress": "Progression de l'expédition",
  completed: "terminé",
  "current step": "étape en cours",
  "No status updates available": "Aucune mise à jour de statut",
  "Status history": "Historique des statuts",
  // The arrival line, written on the server: 'Livré 22 nov. 2026, 15:40, signé par J. D.'
  Arriving: "Arrivée prévue le",
  "Was due": "Prévue le",
  ", signed by {initials}": ", signé par {initials}",
  ", received by {initials}": ", reçu par {initials}",

  // The stepper's steps (app/lib/tracking-progress.ts) and the usual statuses (app/schemas/shipment.ts):
  // the app's words, so translated; a status staff typed otherwise stays as they typed it.
  Booked: "Enregistré",
  "In transit": "En transit",
  Arrived: "Arrivé",
  Delivered: "Livré",
  Pending: "En attente",
  Processing: "En préparation",
  Shipped: "Expédié",
  "In Transit": "En transit",
  Delayed: "Retardé",
  "Out for Delivery": "En cours de livraison",

  // Share
  Share: "Partager",
  "Copy link": "Copier le lien",
  "QR code": "Code QR",
  Print: "Imprimer",
  "The tracking link is on your clipboard.": "Le lien de suivi est copié dans votre presse-papiers.",
  "Copying did not work here; copy the address from your browser's address bar.":
    "La copie n'a pas fonctionné ici ; copiez l'adresse depuis la barre d'adresse de votre navigateur.",
  "QR code linking to the tracking page of {number}": "Code QR menant à la page de suivi de {number}",
  "Scan to open this page": "Scannez pour ouvrir cette page",
  Close: "Fermer",
  // WhatsApp messages the visitor sends
  "Track shipment {number}: {url}": "Suivez l'expédition {number} : {url}",
  "Hello, I have a question about shipment {number}.":
    "Bonjour, j'ai une question sur l'expédition {number}.",

  // 'Get updates'
  "Updates about a shipment by e-mail or text message.":
    "Les alertes d'une expédition par e-mail ou par SMS.",
  "Get updates about": "Recevoir les alertes de",
  "Too many lookups from your address. Please try again in {minutes} minutes.":
    "Trop de recherches depuis votre adresse. Veuillez réessayer dans {minutes} minutes.",
  "We send a message when this shipment's status changes, with nothing in it that its tracking page does not show. Every message says how to stop them.":
    "Nous envoyons un message quand le statut de cette expédition change, sans rien d'autre que ce que montre sa page de suivi. Chaque message indique comment ne plus en recevoir.",
  "Check your inbox": "Consultez votre boîte de réception",
  If: "Si",
  "can receive updates about this shipment, a link to confirm is on its way. It works for 24 hours.":
    "peut recevoir les alertes de cette expédition, un lien de confirmation est en route. Il est valable 24 heures.",
  "You are subscribed": "Vous êtes abonné",
  "will get a text message when this shipment's status changes. Reply STOP to any of them to stop.":
    "recevra un SMS quand le statut de cette expédition change. Répondez STOP à l'un d'eux pour arrêter.",
  "This shipment already has as many subscribers as we can tell. Please follow it on its tracking page.":
    "Cette expédition a déjà autant d'abonnés que nous pouvons en prévenir. Suivez-la sur sa page de suivi.",
  "Enter the code": "Saisissez le code",
  "can receive updates about this shipment, we have texted it a 6-digit code. It works for 10 minutes.":
    "peut recevoir les alertes de cette expédition, nous lui avons envoyé par SMS un code à 6 chiffres. Il est valable 10 minutes.",
  "6-digit code": "Code à 6 chiffres",
  Confirm: "Confirmer",
  "Ask for a new code, or use another number": "Demander un nouveau code, ou utiliser un autre numéro",
  "By e-mail": "Par e-mail",
  "E-mail address": "Adresse e-mail",
  "Send me a confirmation link": "M'envoyer un lien de confirmation",
  "By text message (SMS)": "Par SMS",
  "Mobile number": "Numéro de mobile",
  "Liberian numbers as you dial them (0770 123 456); others with + and the country code.":
    "Numéros libériens tels que vous les composez (0770 123 456) ; les autres avec + et l'indicatif du pays.",
  "Text me a code": "M'envoyer un code par SMS",
  "Back to shipment": "Retour à l'expédition",
  // Its messages (the action's answers and the checks of app/server/notifications/subscription-requests.server.ts)
  "The form could not be read. Please try again.": "Le formulaire n'a pas pu être lu. Veuillez réessayer.",
  "That code is not right, or it no longer works (a code works for 10 minutes and 5 tries). Check the text message, or ask for a new code.":
    "Ce code n'est pas le bon, ou il n'est plus valable (un code est valable 10 minutes et 5 essais). Vérifiez le SMS, ou demandez un nouveau code.",
  "This shipment does not exist.": "Cette expédition n'existe pas.",
  "Something went wrong. Please try again in a moment.":
    "Une erreur s'est produite. Veuillez réessayer dans un instant.",
  "Too many submissions from your address. Please try again in {minutes} minutes.":
    "Trop d'envois depuis votre adresse. Veuillez réessayer dans {minutes} minutes.",
  "Too many submissions from your address. Please try again in {minutes} minute.":
    "Trop d'envois depuis votre adresse. Veuillez réessayer dans {minutes} minute.",
  "Enter your e-mail address.": "Saisissez votre adresse e-mail.",
  "That e-mail address is too long.": "Cette adresse e-mail est trop longue.",
  "Enter a valid e-mail address, e.g. name@example.com.":
    "Saisissez une adresse e-mail valide, par exemple nom@example.com.",
  "Enter a mobile phone number.": "Saisissez un numéro de mobile.",
  "That is not a phone number. Use digits, e.g. 0770 123 456 or +231 77 012 3456.":
    "Ce n'est pas un numéro de téléphone. Utilisez des chiffres, par exemple 0770 123 456 ou +231 77 012 3456.",
  "That phone number is too long.": "Ce numéro de téléphone est trop long.",
  "That phone number is too short.": "Ce numéro de téléphone est trop court.",
  "That number's country code is not recognised. Start with + and the country code, e.g. +231 77 012 3456.":
    "L'indicatif de ce numéro n'est pas reconnu. Commencez par + et l'indicatif du pays, par exemple +231 77 012 3456.",
  "That number does not belong to a country; enter a mobile phone number.":
    "Ce numéro n'appartient à aucun pays ; saisissez un numéro de mobile.",
  "That is not a valid mobile number for {country}. Check the digits, or start with + and the country code.":
    "Ce n'est pas un numéro de mobile valide pour le pays {country}. Vérifiez les chiffres, ou commencez par + et l'indicatif du pays.",
  "We do not send text messages to numbers in {country}.":
    "Nous n'envoyons pas de SMS aux numéros du pays {country}.",
  "Updates by text message are not available; use an e-mail address.":
    "Les alertes par SMS ne sont pas disponibles ; utilisez une adresse e-mail.",
  "Enter the 6-digit code from the text message.": "Saisissez le code à 6 chiffres reçu par SMS.",

  // The confirmation link's page (/fr/abonnement/:token)
  "Confirm updates": "Confirmer les alertes",
  "Track shipment": "Suivre l'expédition",
  "This confirmation link is not valid": "Ce lien de confirmation n'est pas valable",
  "It may have expired (a link works for 24 hours) or been mistyped. You can ask for a new one with 'Get updates' on the shipment's tracking page.":
    "Il a peut-être expiré (un lien est valable 24 heures) ou été mal recopié. Vous pouvez en demander un nouveau avec « Recevoir les alertes » sur la page de suivi de l'expédition.",
  "This shipment has enough subscribers": "Cette expédition a assez d'abonnés",
  "It already has as many subscribers as we can tell, so":
    "Elle a déjà autant d'abonnés que nous pouvons en prévenir, donc",
  "was not added. Please follow it on its tracking page.":
    "n'a pas été ajoutée. Suivez-la sur sa page de suivi.",
  "will receive a message when the status of shipment": "recevra un message quand le statut de l'expédition",
  "changes. Each message has a link to unsubscribe.":
    "changera. Chaque message contient un lien pour se désabonner.",
  "Get updates about shipment": "Recevoir les alertes de l'expédition",
  "will receive a message when this shipment's status changes.":
    "recevra un message quand le statut de cette expédition changera.",

  // The unsubscribe link's page (/fr/desabonnement/:token)
  Unsubscribe: "Se désabonner",
  "This unsubscribe link is not valid": "Ce lien de désabonnement n'est pas valable",
  "It may have been mistyped, or the shipment no longer exists. No messages are sent about a shipment that no longer exists.":
    "Il a peut-être été mal recopié, ou l'expédition n'existe plus. Aucun message n'est envoyé sur une expédition qui n'existe plus.",
  "Return to Home": "Retour à l'accueil",
  "You are unsubscribed": "Vous êtes désabonné",
  "will receive no more updates about shipment": "ne recevra plus d'alertes sur l'expédition",
  "Stop updates about shipment": "Arrêter les alertes de l'expédition",
  "receives a message when this shipment's status changes.":
    "reçoit un message quand le statut de cette expédition change.",

  // The confirmation messages (e-mail and SMS) of app/server/notifications/subscription-requests.server.ts
  "Someone, we hope you, asked on {company}'s website for updates about shipment {number} at this address.":
    "Quelqu'un (vous, nous l'espérons) a demandé sur le site de {company} à recevoir à cette adresse les alertes de l'expédition {number}.",
  "Track the shipment: {url}": "Suivre l'expédition : {url}",
  "You already receive updates about shipment {number} from {company}: nothing more to do.":
    "Vous recevez déjà les alertes de l'expédition {number} de {company} : rien de plus à faire.",
  "Updates about shipment {number}": "Alertes de l'expédition {number}",
  "Each update has a link to stop them.": "Chaque alerte contient un lien pour les arrêter.",
  "Confirm updates about shipment {number}": "Confirmez les alertes de l'expédition {number}",
  "To receive them, open this link and press 'Confirm':":
    "Pour les recevoir, ouvrez ce lien et appuyez sur « Confirmer » :",
  "The link works for 24 hours. If you did not ask, ignore this message: nothing more will be sent.":
    "Le lien est valable 24 heures. Si vous n'avez rien demandé, ignorez ce message : rien d'autre ne vous sera envoyé.",
  "{code} is your code for updates about shipment {number} from {company}. It works for 10 minutes.":
    "{code} est votre code pour les alertes de l'expédition {number} de {company}. Il est valable 10 minutes.",
} as const satisfies Record<string, string>;
