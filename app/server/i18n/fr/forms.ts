// French for the forms part of the site (decision 030): English text → French text, placeholders kept.
// Follows docs/glossary.md. The contact page, its two forms and the services pages' 'Get a Quote' form: labels,
// hints, options, buttons, the sent panel, toasts, and every validation message (the browser's and the
// server's are the same English texts, app/schemas/rules/*). No space before a colon in this file.
export const forms = {
  // The contact page
  "Contact our team in Monrovia, Liberia: send us a message or request a free quote for air, sea and road freight.":
    "Contactez notre équipe à Monrovia, au Liberia: envoyez-nous un message ou demandez un devis gratuit pour le fret aérien, maritime ou routier.",
  "Have a question about a shipment or need a price? Our team in Monrovia is ready to help.":
    "Une question sur une expédition ou besoin d'un prix? Notre équipe à Monrovia est prête à vous aider.",
  "Get in Touch": "Nous joindre",
  Address: "Adresse",
  "Business Hours": "Heures d'ouverture",
  "Send Us a Message": "Envoyez-nous un message",
  "We usually answer within one business day.": "Nous répondons généralement sous un jour ouvré.",
  "Get a Free Quote": "Demandez un devis gratuit",
  "Tell us about your shipment and we will send you a price for air, sea or road transport.":
    "Décrivez-nous votre expédition et nous vous enverrons un prix pour un transport aérien, maritime ou routier.",
  "Find Us": "Nous trouver",
  "Your details and your shipment's route and cargo are filled in: change what is different this time.":
    "Vos coordonnées, ainsi que l'itinéraire et les marchandises de votre expédition, sont déjà remplis: modifiez ce qui change cette fois-ci.",
  "Your details are filled in from your account.": "Vos coordonnées sont reprises de votre compte.",
  "Map: {address}": "Plan: {address}",
  "Show map": "Afficher le plan",
  "The map is loaded from OpenStreetMap when you ask for it.":
    "Le plan n'est chargé depuis OpenStreetMap que si vous le demandez.",
  "View on OpenStreetMap": "Voir sur OpenStreetMap",
  "(opens in a new tab)": "(s'ouvre dans un nouvel onglet)",

  // The forms' fields and buttons
  "Send us a message": "Envoyez-nous un message",
  Name: "Nom",
  Email: "E-mail",
  Phone: "Téléphone",
  Company: "Entreprise",
  "Country code": "Indicatif du pays",
  Subject: "Objet",
  Message: "Message",
  "(optional)": "(facultatif)",
  "Sending...": "Envoi en cours...",
  "Send Message": "Envoyer le message",
  "First Name": "Prénom",
  "Last Name": "Nom",
  "City of Departure": "Ville de départ",
  "Delivery City": "Ville de livraison",
  "Parcel Type": "Type de colis",
  "Select parcel type": "Choisissez le type de colis",
  Documents: "Documents",
  Parcels: "Colis",
  Pallets: "Palettes",
  "Full Container": "Conteneur complet",
  Vehicles: "Véhicules",
  Other: "Autre",
  Weight: "Poids",
  "e.g. 10 kg, 2 tons": "p. ex. 10 kg, 2 tonnes",
  "Cargo Ready Date": "Date de mise à disposition des marchandises",
  "Freight Type": "Type de fret",
  "Special Information": "Informations particulières",
  "Dimensions, handling instructions, preferred dates…":
    "Dimensions, consignes de manutention, dates souhaitées…",
  "Submitting...": "Envoi en cours...",
  "Submit Quote Request": "Envoyer la demande de devis",
  "Shipment Type": "Type d'expédition",
  "Select shipment type": "Choisissez le type d'expédition",
  "Land Transport": "Transport terrestre",
  "What are you shipping, from where and to where?": "Que souhaitez-vous expédier, d'où et vers où?",
  "Request a Quote": "Demander un devis",
  "Leave this field empty": "Laissez ce champ vide",

  // After sending
  "Your message has been sent": "Votre message a été envoyé",
  "Send another message": "Envoyer un autre message",
  "Your quote request has been sent": "Votre demande de devis a été envoyée",
  "Send another quote request": "Envoyer une autre demande de devis",
  "We will answer at": "Nous vous répondrons à l'adresse",
  ", usually within one business day.": ", généralement sous un jour ouvré.",
  "We will answer you, usually within one business day.":
    "Nous vous répondrons, généralement sous un jour ouvré.",
  Route: "Itinéraire",
  Cargo: "Marchandises",
  Freight: "Fret",
  "Shipment type": "Type d'expédition",
  "Message sent successfully!": "Message envoyé!",
  "We'll get back to you as soon as possible.": "Nous vous répondrons dès que possible.",
  "Failed to send message": "Le message n'a pas pu être envoyé",
  "Please try again later.": "Veuillez réessayer plus tard.",
  "Quote request submitted successfully. We'll contact you soon!":
    "Demande de devis envoyée. Nous vous contacterons très bientôt!",
  "Failed to submit quote request. Please try again later.":
    "La demande de devis n'a pas pu être envoyée. Veuillez réessayer plus tard.",

  // Validation messages (app/schemas/rules/*): fixed texts, then templates with the labels they name
  "Name must be at least 2 characters.": "Le nom doit comporter au moins 2 caractères.",
  "Subject must be at least 5 characters.": "L'objet doit comporter au moins 5 caractères.",
  "Message must be at least 10 characters.": "Le message doit comporter au moins 10 caractères.",
  "Please enter a valid email address.": "Veuillez saisir une adresse e-mail valide.",
  "First name must be at least 2 characters.": "Le prénom doit comporter au moins 2 caractères.",
  "Last name must be at least 2 characters.": "Le nom doit comporter au moins 2 caractères.",
  "Please specify a valid departure city.": "Veuillez indiquer une ville de départ valide.",
  "Please specify a valid delivery city.": "Veuillez indiquer une ville de livraison valide.",
  "Please select a parcel type.": "Veuillez choisir un type de colis.",
  "Please specify the weight.": "Veuillez indiquer le poids.",
  "Please select at least one freight type.": "Veuillez choisir au moins un type de fret.",
  "Please choose freight types from the list.": "Veuillez choisir les types de fret dans la liste.",
  "Please select a shipment type.": "Veuillez choisir un type d'expédition.",
  "Please enter a valid phone number for the country chosen, or start it with + and the country code.":
    "Veuillez saisir un numéro de téléphone valide pour le pays choisi, ou commencez-le par + et l'indicatif du pays.",
  "Please choose the phone number's country from the list.":
    "Veuillez choisir le pays du numéro de téléphone dans la liste.",
  "Please enter a real date (YYYY-MM-DD).": "Veuillez saisir une date réelle (AAAA-MM-JJ).",
  "The form could not be read. Please reload the page and try again.":
    "Le formulaire n'a pas pu être lu. Veuillez recharger la page et réessayer.",
  "Too many submissions from your address. Please try again in 1 minute.":
    "Trop d'envois depuis votre adresse. Veuillez réessayer dans 1 minute.",
  "Too many submissions from your address. Please try again in {minutes} minutes.":
    "Trop d'envois depuis votre adresse. Veuillez réessayer dans {minutes} minutes.",
  "{label} must be a single text value.": "{label}: une seule valeur texte est attendue.",
  "{label} must be at most {max} characters.": "{label}: {max} caractères au plus.",
  "{label} contains characters that are not allowed.": "{label}: contient des caractères non autorisés.",
  "First name": "Prénom",
  "Last name": "Nom",
  "City of departure": "Ville de départ",
  "Delivery city": "Ville de livraison",
  "Special information": "Informations particulières",
} as const satisfies Record<string, string>;
