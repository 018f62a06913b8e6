// French for the account part of the site (decision 030): English text → French text, placeholders kept.
// Follows docs/glossary.md. The customer account's pages (/fr/compte/…), its messages (sign-in code,
// invitation), and 'Show full details' of a shipment (/fr/suivi/:n/details) with its code message.
export const account = {
  // Page titles and descriptions
  "Sign in to your account": "Connexion à votre compte",
  "Your shipments, documents, quotes and invoices in one place.":
    "Vos expéditions, documents, devis et factures au même endroit.",
  "Enter your code": "Saisissez votre code",
  "Sign in to your account.": "Connectez-vous à votre compte.",
  "Your shipments": "Vos expéditions",
  "Every shipment of your company.": "Toutes les expéditions de votre entreprise.",
  "Shipment {number}": "Expédition {number}",
  "Your shipment's status, details and documents.":
    "Le statut, le détail et les documents de votre expédition.",
  "Your quotes": "Vos devis",
  "Your quote": "Votre devis",
  "Your invoices": "Vos factures",
  "Your invoice": "Votre facture",
  Colleagues: "Collègues",
  "Who may sign in to your account.": "Qui peut se connecter à votre compte.",
  Preferences: "Préférences",
  "Which messages you get, and how.": "Les messages que vous recevez, et comment.",
  "Full details": "Détail complet",
  "Full details of {number}": "Détail complet de {number}",
  "A shipment's full details, for its shipper and its consignee.":
    "Le détail complet d'une expédition, pour son expéditeur et son destinataire.",

  // Signing in
  "Your account": "Votre compte",
  "Your shipments, documents, quotes and invoices in one place. We send you a code to sign in: no password to remember.":
    "Vos expéditions, documents, devis et factures au même endroit. Nous vous envoyons un code pour vous connecter : aucun mot de passe à retenir.",
  "E-mail address or mobile number": "Adresse e-mail ou numéro de portable",
  "E-mail address": "Adresse e-mail",
  "A mobile number as you dial it (0770 123 456), or with + and the country code.":
    "Un numéro de portable tel que vous le composez (0770 123 456), ou avec + et l'indicatif du pays.",
  "Send me a code": "Envoyez-moi un code",
  "Your account is opened by our team, or by the e-mail address or phone number we have on file for your company. Ask us if yours is not recognised.":
    "Votre compte est ouvert par notre équipe, ou par l'adresse e-mail ou le numéro de téléphone que nous avons pour votre entreprise. Contactez-nous si le vôtre n'est pas reconnu.",
  "There is no code waiting in this browser: it has expired or was used.":
    "Aucun code n'est en attente dans ce navigateur : il a expiré ou a déjà servi.",
  "Ask for a new code": "Demander un nouveau code",
  "If {address} belongs to a customer account, we have e-mailed it a 6-digit code. It works for 10 minutes.":
    "Si {address} appartient à un compte client, nous lui avons envoyé par e-mail un code à 6 chiffres. Il est valable 10 minutes.",
  "If {address} belongs to a customer account, we have texted it a 6-digit code. It works for 10 minutes.":
    "Si {address} appartient à un compte client, nous lui avons envoyé par SMS un code à 6 chiffres. Il est valable 10 minutes.",
  "6-digit code": "Code à 6 chiffres",
  // Codes grow to 8 digits once the site has seen many wrong codes (decision 029).
  "If {address} belongs to a customer account, we have e-mailed it an 8-digit code. It works for 10 minutes.":
    "Si {address} appartient à un compte client, nous lui avons envoyé par e-mail un code à 8 chiffres. Il est valable 10 minutes.",
  "If {address} belongs to a customer account, we have texted it an 8-digit code. It works for 10 minutes.":
    "Si {address} appartient à un compte client, nous lui avons envoyé par SMS un code à 8 chiffres. Il est valable 10 minutes.",
  "8-digit code": "Code à 8 chiffres",
  "Enter the 8-digit code we sent you.": "Saisissez le code à 8 chiffres que nous vous avons envoyé.",
  "Too many wrong codes have been typed on this site. Please try again in {minutes} minutes.":
    "Trop de codes erronés ont été saisis sur ce site. Veuillez réessayer dans {minutes} minutes.",
  "Too many wrong codes have been typed on this site. Please try again in 1 minute.":
    "Trop de codes erronés ont été saisis sur ce site. Veuillez réessayer dans 1 minute.",
  "Sign in": "Se connecter",
  "Ask for a new code, or use another address": "Demander un nouveau code, ou utiliser une autre adresse",
  "Press the button to sign in on this device.":
    "Appuyez sur le bouton pour vous connecter sur cet appareil.",
  "Too many links opened from your address. Please try again in a few minutes.":
    "Trop de liens ouverts depuis votre adresse. Veuillez réessayer dans quelques minutes.",
  "This sign-in link no longer works: it was used, it has expired (links work for 10 minutes), or a newer code was sent.":
    "Ce lien de connexion ne fonctionne plus : il a déjà servi, il a expiré (les liens sont valables 10 minutes), ou un code plus récent a été envoyé.",
  "Enter the 6-digit code we sent you.": "Saisissez le code à 6 chiffres que nous vous avons envoyé.",
  "This code no longer works. Ask for a new one.": "Ce code ne fonctionne plus. Demandez-en un nouveau.",
  "That code is not right. You can try {left} more times.":
    "Ce code n'est pas le bon. Il vous reste {left} essais.",
  "That code is not right. You can try 1 more time.": "Ce code n'est pas le bon. Il vous reste 1 essai.",
  "Enter your e-mail address or mobile number.":
    "Saisissez votre adresse e-mail ou votre numéro de portable.",
  "Enter your e-mail address.": "Saisissez votre adresse e-mail.",
  "That e-mail address is too long.": "Cette adresse e-mail est trop longue.",
  "Enter a valid e-mail address, e.g. name@example.com.":
    "Saisissez une adresse e-mail valide, par exemple nom@exemple.com.",
  "Enter a mobile phone number.": "Saisissez un numéro de portable.",
  "That is not a phone number. Use digits, e.g. 0770 123 456 or +231 77 012 3456.":
    "Ce n'est pas un numéro de téléphone. Utilisez des chiffres, par exemple 0770 123 456 ou +231 77 012 3456.",
  "Too many submissions from your address. Please try again in {minutes} minutes.":
    "Trop d'envois depuis votre adresse. Veuillez réessayer dans {minutes} minutes.",
  "Too many submissions from your address. Please try again in 1 minute.":
    "Trop d'envois depuis votre adresse. Veuillez réessayer dans 1 minute.",
  "The form could not be read. Please try again.": "Le formulaire n'a pas pu être lu. Veuillez réessayer.",

  // The sign-in code's e-mail and SMS
  "Your sign-in code for {company} is {code}.": "Votre code de connexion pour {company} est {code}.",
  "Type it on the sign-in page. It works once, for 10 minutes.":
    "Saisissez-le sur la page de connexion. Il sert une seule fois, pendant 10 minutes.",
  "Or open this link and press 'Sign in':": "Ou ouvrez ce lien et appuyez sur « Se connecter » :",
  "If you did not ask for it, you can ignore this message: nobody can sign in without the code.":
    "Si vous ne l'avez pas demandé, vous pouvez ignorer ce message : personne ne peut se connecter sans le code.",
  "{code} is your {company} sign-in code": "{code} est votre code de connexion {company}",
  "{code} is your {company} sign-in code. It works once, for 10 minutes.":
    "{code} est votre code de connexion {company}. Il sert une seule fois, pendant 10 minutes.",

  // The invitation
  "Hello {name},": "Bonjour {name},",
  "Hello,": "Bonjour,",
  "You can now follow the shipments, quotes and invoices of {company} in its customer account at {site}.":
    "Vous pouvez désormais suivre les expéditions, les devis et les factures de {company} dans son compte client chez {site}.",
  "To sign in, open {link} and type this e-mail address ({email}). We send you a code to type: no password to remember.":
    "Pour vous connecter, ouvrez {link} et saisissez cette adresse e-mail ({email}). Nous vous envoyons un code à saisir : aucun mot de passe à retenir.",
  "Your {company} customer account at {site}": "Votre compte client {company} chez {site}",
  "{site}: you can now see the shipments, quotes and invoices of {company}. Sign in at {link} with this number and the code we send you.":
    "{site} : vous pouvez désormais voir les expéditions, les devis et les factures de {company}. Connectez-vous sur {link} avec ce numéro et le code que nous vous envoyons.",

  // The account's navigation and lists
  ", signed in as": ", connecté en tant que",
  "Sign out": "Se déconnecter",
  Shipments: "Expéditions",
  Quotes: "Devis",
  Invoices: "Factures",
  "Ask for a quote": "Demander un devis",
  Pages: "Pages",
  Newer: "Plus récents",
  Older: "Plus anciens",
  "Page {page} of {pages}": "Page {page} sur {pages}",
  Pagination: "Pagination",
  Previous: "Précédent",
  Next: "Suivant",

  // Shipments
  "Tracking number or place": "Numéro de suivi ou lieu",
  Status: "Statut",
  "Any status": "Tous les statuts",
  Search: "Rechercher",
  Clear: "Effacer",
  "No shipment matches": "Aucune expédition ne correspond",
  "Try another tracking number, place or status.": "Essayez un autre numéro de suivi, lieu ou statut.",
  "No shipments yet": "Aucune expédition pour l'instant",
  "Shipments your company sends or receives with us will be listed here.":
    "Les expéditions que votre entreprise envoie ou reçoit avec nous apparaîtront ici.",
  "1 shipment, newest first.": "1 expédition, la plus récente d'abord.",
  "1 shipment found, newest first.": "1 expédition trouvée, la plus récente d'abord.",
  "{count} shipments, newest first.": "{count} expéditions, les plus récentes d'abord.",
  "{count} shipments found, newest first.": "{count} expéditions trouvées, les plus récentes d'abord.",
  to: "à",
  "Estimated delivery: ": "Livraison estimée : ",
  "Not available": "Non disponible",
  "Latest update: ": "Dernière mise à jour : ",
  "Latest update:": "Dernière mise à jour :",
  "None yet": "Aucune pour l'instant",
  Pending: "En attente",
  Processing: "En préparation",
  "In Transit": "En transit",
  Delayed: "Retardé",
  Delivered: "Livré",
  Arriving: "Arrivée prévue",
  "Was due": "Attendu le",
  ", signed by {initials}": ", signé par {initials}",
  ", received by {initials}": ", reçu par {initials}",
  "You are the ": "Vous êtes ",
  Shipper: "Expéditeur",
  Consignee: "Destinataire",
  shipper: "expéditeur",
  consignee: "destinataire",
  and: "et",
  "Your company is the {role} of this shipment": "Votre entreprise est {role} de cette expédition",

  // One shipment
  "All shipments": "Toutes les expéditions",
  "Shipment not found": "Expédition introuvable",
  "This shipment could not be shown": "Cette expédition n'a pas pu être affichée",
  "None of your company's shipments has this tracking number.":
    "Aucune expédition de votre entreprise ne porte ce numéro de suivi.",
  "Please try again in a moment.": "Veuillez réessayer dans un instant.",
  "Tracking Number": "Numéro de suivi",
  "Status: ": "Statut : ",
  "Estimated delivery not available": "Livraison estimée non disponible",
  "The estimated delivery date has passed": "La date de livraison estimée est dépassée",
  "Delayed?": "En retard ?",
  "Last updated": "Dernière mise à jour le",
  "{date} at {time}": "{date} à {time}",
  "Book again": "Réserver à nouveau",
  Name: "Nom",
  Company: "Entreprise",
  Address: "Adresse",
  "E-mail": "E-mail",
  Phone: "Téléphone",
  "Not known": "Inconnu",
  "Not given": "Non renseigné",
  "Shipment Details": "Détails de l'expédition",
  Origin: "Origine",
  Destination: "Destination",
  "Current Location": "Position actuelle",
  Unknown: "Inconnue",
  "Estimated Delivery": "Livraison estimée",
  Goods: "Marchandises",
  Pieces: "Colis",
  Weight: "Poids",
  Dimensions: "Dimensions",
  "Declared value": "Valeur déclarée",
  Transport: "Transport",
  Air: "Aérien",
  Sea: "Maritime",
  Road: "Routier",
  Incoterm: "Incoterm",
  Notes: "Remarques",
  "Status History": "Historique des statuts",
  "Newest first. Times are {zone} time.": "Les plus récents d'abord, en heure locale : {zone}.",
  Route: "Itinéraire",
  Documents: "Documents",
  "House waybill (PDF)": "Connaissement maison (PDF)",
  "Labels (PDF)": "Étiquettes (PDF)",
  "Labels, pieces {from}–{to} (PDF)": "Étiquettes, colis {from} à {to} (PDF)",
  "Delivery note with proof of delivery (PDF)": "Bon de livraison avec preuve de livraison (PDF)",
  "The delivery note, with the proof of delivery, is here once we have recorded the delivery.":
    "Le bon de livraison, avec la preuve de livraison, sera ici une fois la livraison enregistrée.",
  "Proof of delivery": "Preuve de livraison",
  "Signed for by {name} on": "Signé par {name} le",
  "Received by {name} on": "Reçu par {name} le",
  "Remarks:": "Remarques :",
  "Taken at delivery, {n} of {count}": "Prise à la livraison, {n} sur {count}",
  "Quotes and invoices": "Devis et factures",
  "No quote or invoice is linked to this shipment.":
    "Aucun devis ni aucune facture n'est lié à cette expédition.",
  "Quote, version {version}": "Devis, version {version}",
  "sent {date}": "envoyé le {date}",
  Open: "En attente de réponse",
  Accepted: "Accepté",
  Declined: "Refusé",
  Expired: "Expiré",
  Replaced: "Remplacé",
  Draft: "Brouillon",
  Invoice: "Facture",
  "Credit note": "Avoir",
  Issued: "Émise",
  Void: "Annulée",
  "Shipment updates": "Mises à jour de l'expédition",
  "As its {roles}, your company gets this shipment's status updates.":
    "Votre entreprise, {roles} de cette expédition, reçoit ses mises à jour de statut.",
  "As its {roles}, your company does not get this shipment's status updates.":
    "Votre entreprise, {roles} de cette expédition, ne reçoit pas ses mises à jour de statut.",
  "Stop updates for this shipment": "Ne plus recevoir les mises à jour de cette expédition",
  "Get updates for this shipment": "Recevoir les mises à jour de cette expédition",
  "Choose whether to get updates for this shipment, then save again.":
    "Indiquez si vous voulez recevoir les mises à jour de cette expédition, puis enregistrez à nouveau.",
  "You will get updates about {number}.": "Vous recevrez les mises à jour de {number}.",
  "You will no longer get updates about {number}.": "Vous ne recevrez plus les mises à jour de {number}.",

  // Quotes
  "All your quotes": "Tous vos devis",
  "No quotes yet. When we send you a quote, it appears here, and you can accept or decline it.":
    "Aucun devis pour l'instant. Quand nous vous envoyons un devis, il apparaît ici, et vous pouvez l'accepter ou le refuser.",
  "Sent {date}": "Envoyé le {date}",
  "Valid until {date}": "Valable jusqu'au {date}",
  "version {version}": "version {version}",
  "Awaiting your answer": "En attente de votre réponse",
  "Replaced by a newer version": "Remplacé par une version plus récente",

  // Invoices
  "You owe": "Vous devez",
  "Nothing: every invoice is paid.": "Rien : toutes les factures sont payées.",
  "Statement of account": "Relevé de compte",
  "Statement of account: {name}": "Relevé de compte : {name}",
  "(PDF, this month)": "(PDF, ce mois-ci)",
  "No invoices yet. When we bill you, your invoices appear here.":
    "Aucune facture pour l'instant. Quand nous vous facturons, vos factures apparaissent ici.",
  "Issued {date}": "Émise le {date}",
  "due {date}": "échéance le {date}",
  "Owed: {amount}": "Dû : {amount}",
  Paid: "Payée",
  Overdue: "En retard",
  "Partly paid": "Partiellement payée",
  "Awaiting payment": "En attente de paiement",
  "All your invoices": "Toutes vos factures",
  "Pay online": "Payer en ligne",
  "Pay by mobile money": "Payer par mobile money",
  "Payments received": "Paiements reçus",
  Cash: "Espèces",
  "Bank transfer": "Virement bancaire",
  Cheque: "Chèque",
  "Mobile money": "Mobile money",
  Card: "Carte",
  "A credit note is not paid: it lowers what you owe.":
    "Un avoir ne se paie pas : il réduit ce que vous devez.",
  "This invoice is void: there is nothing to pay.": "Cette facture est annulée : il n'y a rien à payer.",
  "This invoice is paid. Thank you.": "Cette facture est payée. Merci.",
  "Paying by mobile money is not available at the moment. Please pay another way.":
    "Le paiement par mobile money n'est pas disponible pour le moment. Veuillez payer autrement.",
  "Mobile money takes {wallet} only; this invoice is in {currency}. Please pay it another way.":
    "Le mobile money n'accepte que le {wallet} ; cette facture est en {currency}. Veuillez la payer autrement.",

  // Colleagues
  "Who may sign in": "Qui peut se connecter",
  "(you)": "(vous)",
  "Add a colleague": "Ajouter un collègue",
  "They sign in with their e-mail address or mobile number and a code we send them.":
    "Il se connecte avec son adresse e-mail ou son numéro de portable et un code que nous lui envoyons.",
  "They sign in with their e-mail address and a code we send them.":
    "Il se connecte avec son adresse e-mail et un code que nous lui envoyons.",
  "Mobile number": "Numéro de portable",
  "Add colleague": "Ajouter le collègue",
  "Ask {name} or us to add a colleague.": "Demandez à {name} ou à nous d'ajouter un collègue.",
  "Ask your colleagues or us to add a colleague.":
    "Demandez à vos collègues ou à nous d'ajouter un collègue.",
  "We invited {name}: they join the account when they first sign in with a code sent to this address.":
    "Nous avons invité {name} : il rejoint le compte à sa première connexion avec un code envoyé à cette adresse.",
  "Enter their name.": "Saisissez son nom.",
  "Their name is too long (at most {max} characters).": "Son nom est trop long ({max} caractères au plus).",
  "Their name must be on one line.": "Son nom doit tenir sur une ligne.",
  "Enter an e-mail address or a mobile number.": "Saisissez une adresse e-mail ou un numéro de portable.",
  "Text messages are not set up here: leave the mobile number empty and enter an e-mail address.":
    "Les SMS ne sont pas configurés ici : laissez le numéro de portable vide et saisissez une adresse e-mail.",
  "This address already belongs to the customer account of {company}.":
    "Cette adresse appartient déjà au compte client de {company}.",
  "This e-mail address and this mobile number belong to two different people: enter one of them.":
    "Cette adresse e-mail et ce numéro de portable appartiennent à deux personnes différentes : saisissez l'un des deux.",
  "{name} can already sign in with this address.": "{name} peut déjà se connecter avec cette adresse.",
  "Invited: joins when they first sign in.": "Invité : rejoint le compte à sa première connexion.",
  "Cancel invitation": "Annuler l'invitation",
  "Cancel invitation for {name}": "Annuler l'invitation de {name}",
  "This invitation no longer waits.": "Cette invitation n'est plus en attente.",
  "The invitation is cancelled.": "L'invitation est annulée.",
  "The invitation could not be sent: {reason}": "L'invitation n'a pas pu être envoyée : {reason}",
  "You are signed out. Sign in again to add a colleague.":
    "Vous êtes déconnecté. Reconnectez-vous pour ajouter un collègue.",
  "You cannot add colleagues to this account: ask us to add them.":
    "Vous ne pouvez pas ajouter de collègues à ce compte : demandez-nous de les ajouter.",
  "You have added many colleagues in the last hour. Please try again in {minutes} minutes.":
    "Vous avez ajouté beaucoup de collègues au cours de la dernière heure. Veuillez réessayer dans {minutes} minutes.",
  "You have added many colleagues in the last hour. Please try again in 1 minute.":
    "Vous avez ajouté beaucoup de collègues au cours de la dernière heure. Veuillez réessayer dans 1 minute.",

  // Preferences
  "Messages go to {addresses}.": "Les messages sont envoyés à {addresses}.",
  "Ask us to add your mobile number to get text messages.":
    "Demandez-nous d'ajouter votre numéro de portable pour recevoir des SMS.",
  "Your preferences are saved.": "Vos préférences sont enregistrées.",
  "When a shipment moves, is delayed or is delivered.":
    "Quand une expédition avance, est retardée ou est livrée.",
  "When we send you a quote.": "Quand nous vous envoyons un devis.",
  "Invoices and reminders": "Factures et relances",
  "Invoices, and reminders before and after they are due.":
    "Les factures, et les relances avant et après leur échéance.",
  SMS: "SMS",
  WhatsApp: "WhatsApp",
  Language: "Langue",
  "Save preferences": "Enregistrer les préférences",
  "Choose English or Français.": "Choisissez English ou Français.",
  "You are signed out. Sign in again to change your preferences.":
    "Vous êtes déconnecté. Reconnectez-vous pour modifier vos préférences.",

  // 'Show full details' of a shipment (/fr/suivi/:n/details)
  "Too many lookups from your address. Please try again in {minutes} minutes.":
    "Trop de recherches depuis votre adresse. Veuillez réessayer dans {minutes} minutes.",
  "We couldn't find a shipment with tracking number:":
    "Nous n'avons trouvé aucune expédition avec le numéro de suivi :",
  "Track a shipment": "Suivre une expédition",
  "Back to shipment {number}": "Retour à l'expédition {number}",
  "You see this shipment's full details because it is one of your company's shipments.":
    "Vous voyez le détail complet de cette expédition parce qu'elle fait partie des expéditions de votre entreprise.",
  "This browser sees this shipment's full details for 24 hours after the code was typed.":
    "Ce navigateur voit le détail complet de cette expédition pendant 24 heures après la saisie du code.",
  "Open it in your account": "L'ouvrir dans votre compte",
  "The names, addresses, goods and documents of this shipment are shown to its shipper and its consignee. Type the e-mail address or mobile number we have for either of them, and we send it a code.":
    "Les noms, adresses, marchandises et documents de cette expédition sont montrés à son expéditeur et à son destinataire. Saisissez l'adresse e-mail ou le numéro de portable que nous avons pour l'un d'eux, et nous lui envoyons un code.",
  "The names, addresses, goods and documents of this shipment are shown to its shipper and its consignee. Type the e-mail address we have for either of them, and we send it a code.":
    "Les noms, adresses, marchandises et documents de cette expédition sont montrés à son expéditeur et à son destinataire. Saisissez l'adresse e-mail que nous avons pour l'un d'eux, et nous lui envoyons un code.",
  "Enter the code": "Saisissez le code",
  "If {address} is on file for this shipment's shipper or consignee, we have e-mailed it a 6-digit code. It works for 10 minutes.":
    "Si {address} est enregistrée pour l'expéditeur ou le destinataire de cette expédition, nous lui avons envoyé par e-mail un code à 6 chiffres. Il est valable 10 minutes.",
  "If {address} is on file for this shipment's shipper or consignee, we have texted it a 6-digit code. It works for 10 minutes.":
    "Si {address} est enregistré pour l'expéditeur ou le destinataire de cette expédition, nous lui avons envoyé par SMS un code à 6 chiffres. Il est valable 10 minutes.",
  "If {address} is on file for this shipment's shipper or consignee, we have e-mailed it an 8-digit code. It works for 10 minutes.":
    "Si {address} est enregistrée pour l'expéditeur ou le destinataire de cette expédition, nous lui avons envoyé par e-mail un code à 8 chiffres. Il est valable 10 minutes.",
  "If {address} is on file for this shipment's shipper or consignee, we have texted it an 8-digit code. It works for 10 minutes.":
    "Si {address} est enregistré pour l'expéditeur ou le destinataire de cette expédition, nous lui avons envoyé par SMS un code à 8 chiffres. Il est valable 10 minutes.",
  Confirm: "Confirmer",
  "Have a customer account?": "Vous avez un compte client ?",
  "to see all your shipments.": "pour voir toutes vos expéditions.",
  "Get a code": "Recevoir un code",
  "Liberian numbers as you dial them (0770 123 456); others with + and the country code.":
    "Numéros libériens tels que vous les composez (0770 123 456) ; les autres avec + et l'indicatif du pays.",
  "This shipment does not exist.": "Cette expédition n'existe pas.",
  "Something went wrong. Please try again in a moment.":
    "Une erreur s'est produite. Veuillez réessayer dans un instant.",
  "{code} is your code for shipment {number}": "{code} est votre code pour l'expédition {number}",
  "Your code to see the full details of shipment {number} is {code}.":
    "Votre code pour voir le détail complet de l'expédition {number} est {code}.",
  "Type it on the tracking page. It works once, for 10 minutes.":
    "Saisissez-le sur la page de suivi. Il sert une seule fois, pendant 10 minutes.",
  "If you did not ask for it, you can ignore this message: nobody can see the details without the code.":
    "Si vous ne l'avez pas demandé, vous pouvez ignorer ce message : personne ne peut voir le détail sans le code.",
  "{code} is your code to see the full details of shipment {number}. It works once, for 10 minutes.":
    "{code} est votre code pour voir le détail complet de l'expédition {number}. Il sert une seule fois, pendant 10 minutes.",
  "Not recorded": "Non renseigné",
  Description: "Description",
  "Delivery note (PDF)": "Bon de livraison (PDF)",
} as const satisfies Record<string, string>;
