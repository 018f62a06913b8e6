// Longer than 450 lines: the French translation of the privacy policy and the terms of service (decision 030,
// decision 030), section for section as app/content/policies.ts, with the same anchors, placeholders and links.
// The page says that it is a translation and that the English text prevails.
import { list, type PolicyDocument, p, sub } from "#app/content/policies.ts";

export const privacyPolicy: PolicyDocument = {
  title: "Politique de confidentialité",
  description:
    "Comment {companyName} collecte, utilise, partage et protège les données personnelles issues des demandes de devis, des messages, du suivi des expéditions et de notre site web.",
  lastUpdated: "2026-11-21",
  intro: [
    "{companyName} (« nous ») est un transitaire établi à l'adresse suivante : {address}. Nous organisons le transport aérien, maritime et routier, le dédouanement et les services logistiques associés. Cette politique explique quelles données personnelles nous collectons par ce site web et dans le cadre du traitement des expéditions, pourquoi nous les collectons, avec qui nous les partageons, combien de temps nous les conservons, ainsi que les choix et les droits dont vous disposez.",
    "Nous ne collectons que ce dont nous avons besoin pour établir un devis, transporter et livrer les marchandises, répondre à vos questions et assurer la sécurité de ce site. Nous ne vendons pas de données personnelles et ne les utilisons pas à des fins publicitaires.",
  ],
  sections: [
    {
      id: "who-we-are",
      heading: "Qui est responsable de vos données",
      blocks: [
        p(
          "{companyName}, {address}, est responsable des données personnelles décrites dans cette politique. Pour toute question relative à la confidentialité, ou pour exercer les droits décrits ci-dessous, écrivez à [{email}](mailto:{email}) ou appelez le {phone}.",
        ),
      ],
    },
    {
      id: "information-we-collect",
      heading: "Les données que nous collectons",
      blocks: [
        sub("Demandes de devis"),
        p(
          "Lorsque vous demandez un devis, nous collectons vos nom et prénom, votre adresse e-mail, les villes de départ et de livraison, le type de colis, le poids, les modes de transport qui vous intéressent (aérien, maritime ou routier) et toute information particulière que vous choisissez d'ajouter.",
        ),
        sub("Messages"),
        p(
          "Lorsque vous nous envoyez un message, nous collectons votre nom, votre adresse e-mail, l'objet et le message lui-même.",
        ),
        sub("Dossiers d'expédition"),
        p(
          "Lorsque nous traitons une expédition, nous conservons les informations nécessaires à son transport et à son dédouanement : les noms, sociétés, adresses e-mail, numéros de téléphone et adresses postales de l'expéditeur et du destinataire, une description des marchandises (poids, dimensions, contenu et valeur), les documents de transport tels que les connaissements et les lettres de transport aérien (LTA), les déclarations en douane et l'historique des statuts de l'expédition (dates, lieux et remarques). Ces informations proviennent généralement de vous, de l'autre partie à l'expédition, ou des transporteurs et agents qui y travaillent.",
        ),
        sub("Suivi des expéditions"),
        p(
          "Lorsque vous suivez une expédition, nous recevons le numéro de suivi que vous saisissez. La page de suivi affiche l'itinéraire et le statut de l'expédition ainsi que les noms de l'expéditeur et du destinataire ; les adresses e-mail, numéros de téléphone et adresses postales sont partiellement masqués, afin qu'un numéro de suivi seul ne révèle pas les coordonnées complètes d'une personne.",
        ),
        sub("Données techniques"),
        p(
          "Comme tout site web, notre serveur reçoit votre adresse IP, l'adresse de la page demandée, l'heure de la demande et des informations de base envoyées par votre navigateur. Nous les utilisons pour afficher les pages, limiter les abus (par exemple, un trop grand nombre d'envois de formulaires ou de recherches de suivi depuis une même adresse en peu de temps) et analyser les erreurs et les incidents de sécurité.",
        ),
        sub("Comptes du personnel"),
        p(
          "Pour les membres de notre personnel qui se connectent à l'espace d'administration, nous conservons une adresse e-mail, un mot de passe haché de manière sécurisée, les heures de connexion et les traces de session.",
        ),
        p(
          "Merci de ne pas nous envoyer d'informations sensibles, telles que des données de santé, des numéros de pièces d'identité ou des coordonnées de carte bancaire, par les formulaires du site. Si une expédition nécessite de tels documents, nous vous indiquerons comment les transmettre en toute sécurité.",
        ),
      ],
    },
    {
      id: "how-we-use-information",
      heading: "Comment nous utilisons vos données",
      blocks: [
        list(
          {
            term: "Pour établir des devis et vous répondre",
            text: "nous utilisons votre demande ou votre message pour vous répondre, chiffrer votre expédition et en assurer le suivi.",
          },
          {
            term: "Pour transporter et dédouaner vos marchandises",
            text: "nous utilisons les dossiers d'expédition pour réserver les transporteurs, préparer les documents, effectuer le dédouanement, organiser la livraison et vous tenir informé.",
          },
          {
            term: "Pour respecter nos obligations légales",
            text: "les règles douanières, fiscales, de sûreté des transports et de lutte contre la fraude nous imposent de conserver certains documents et, dans certains cas, de les communiquer aux autorités.",
          },
          {
            term: "Pour faire fonctionner et protéger le site",
            text: "nous utilisons les données techniques pour que le site reste disponible et sûr, pour prévenir le spam et les abus et pour corriger les erreurs.",
          },
          {
            term: "Pour améliorer notre service",
            text: "nous pouvons examiner les demandes de devis et les messages de manière globale afin de comprendre de quels itinéraires et services nos clients ont besoin.",
          },
        ),
        p(
          "Nous nous fondons sur les bases suivantes : les mesures prises à votre demande avant la conclusion d'un contrat et l'exécution de ce contrat (devis et expéditions) ; le respect de nos obligations légales (documents douaniers et fiscaux) ; notre intérêt légitime à exploiter une entreprise sûre et efficace (sécurité du site, tenue des dossiers, traitement des réclamations) ; et votre consentement lorsque nous le demandons. Lorsque vous avez donné votre consentement, vous pouvez le retirer à tout moment.",
        ),
        p(
          "Nous ne prenons aucune décision vous concernant sur le seul fondement d'un traitement automatisé.",
        ),
      ],
    },
    {
      id: "sharing",
      heading: "Avec qui nous partageons vos données",
      blocks: [
        p(
          "Le transport international de marchandises fait intervenir plusieurs parties. Nous ne partageons les données personnelles que dans la mesure où chacune en a besoin :",
        ),
        list(
          "les compagnies aériennes, compagnies maritimes, entreprises de transport routier et leurs agents de manutention qui transportent vos marchandises ;",
          "nos agents et transitaires partenaires au départ, en transit et à destination ;",
          "les autorités douanières, dont la Liberia Revenue Authority, les autorités portuaires et aéroportuaires telles que la National Port Authority, et les autres administrations qui exigent des informations sur les expéditions ;",
          "les commissionnaires en douane, entrepôts, sociétés d'inspection et assureurs de marchandises qui interviennent sur votre expédition ;",
          "les prestataires qui hébergent notre site et notre base de données, acheminent nos e-mails ou assurent notre support informatique, en vertu de contrats qui les obligent à protéger ces données et à ne les utiliser que sur nos instructions ;",
          "les conseillers professionnels, tribunaux, forces de l'ordre ou autorités de contrôle lorsque la loi l'exige ou lorsque cela est nécessaire pour constater, exercer ou défendre des droits en justice.",
        ),
        p(
          "Si notre entreprise est réorganisée ou vendue, les données peuvent être transmises au nouveau propriétaire, qui sera tenu par cette politique.",
        ),
      ],
    },
    {
      id: "international-transfers",
      heading: "Transferts internationaux",
      blocks: [
        p(
          "Le transit de fret est international par nature. Pour acheminer une expédition, nous devons transmettre des informations aux transporteurs, agents et autorités des pays de départ, de transit et d'arrivée des marchandises, dont certains peuvent avoir des lois sur la protection des données différentes de celles du Liberia. Nous ne partageons que ce que l'expédition exige et attendons de nos partenaires qu'ils protègent ces informations. Lorsque la loi de votre pays exige des garanties particulières pour de tels transferts, nous les appliquons.",
        ),
      ],
    },
    {
      id: "retention",
      heading: "Combien de temps nous conservons les données",
      blocks: [
        list(
          {
            term: "Demandes de devis et messages",
            text: "jusqu'à 24 mois après notre dernier échange avec vous, sauf s'ils donnent lieu à une expédition, auquel cas ils font partie du dossier d'expédition.",
          },
          {
            term: "Dossiers d'expédition, documents de transport et déclarations en douane",
            text: "aussi longtemps que l'exigent le droit douanier, fiscal et commercial, normalement sept ans après la fin de l'expédition, et plus longtemps si une réclamation ou un litige est en cours.",
          },
          {
            term: "Journaux du serveur",
            text: "jusqu'à 90 jours, sauf s'ils sont nécessaires plus longtemps pour analyser un incident de sécurité précis.",
          },
          {
            term: "Compteurs de prévention des abus",
            text: "uniquement pendant la courte période qu'ils mesurent (de quelques minutes à quelques heures), puis supprimés.",
          },
          {
            term: "Sessions du personnel",
            text: "jusqu'à la déconnexion du membre du personnel, après une période d'inactivité, et dans tous les cas après quelques jours.",
          },
        ),
        p("Lorsque des données ne sont plus nécessaires, nous les supprimons ou les rendons anonymes."),
      ],
    },
    {
      id: "cookies",
      heading: "Cookies",
      blocks: [
        p(
          "Nous n'utilisons que des cookies strictement nécessaires au fonctionnement du site. Nous n'utilisons pas de cookies de mesure d'audience, de publicité ou de suivi par les réseaux sociaux, et nous ne laissons pas de tiers déposer des cookies par nos pages.",
        ),
        list(
          {
            term: "Cookie de session (personnel uniquement)",
            text: "déposé lorsqu'un membre de notre personnel se connecte à l'espace d'administration, pour que le site sache qu'il est connecté. Il n'est pas lisible par les scripts, n'est envoyé qu'à notre site et expire à la déconnexion ou après une période d'inactivité. Les visiteurs du site public ne le reçoivent jamais.",
          },
          {
            term: "Cookie de notification",
            text: "un cookie de courte durée qui transmet un message ponctuel à l'écran (par exemple, la confirmation de l'envoi de votre formulaire) à la page suivante que vous consultez. Il ne contient aucune donnée personnelle, dure au plus une minute et est supprimé dès que le message est affiché.",
          },
        ),
        p(
          "Ces cookies étant indispensables, ils ne nécessitent pas de consentement. Vous pouvez bloquer ou supprimer les cookies dans les réglages de votre navigateur ; les pages publiques fonctionneront toujours, mais les messages de confirmation pourraient ne pas s'afficher.",
        ),
        p(
          "Notre page de contact affiche une carte fournie par OpenStreetMap. Lorsque la carte se charge, votre navigateur se connecte aux serveurs d'OpenStreetMap, qui reçoivent votre adresse IP et des informations sur votre navigateur, selon la politique de confidentialité propre à l'OpenStreetMap Foundation.",
        ),
      ],
    },
    {
      id: "security",
      heading: "Comment nous protégeons les données",
      blocks: [
        p(
          "Nous protégeons les données personnelles par des mesures adaptées au risque, notamment des connexions chiffrées (HTTPS), un accès à l'espace d'administration réservé au personnel autorisé disposant de comptes individuels, des mots de passe conservés uniquement sous forme de hachages robustes à sens unique, des limites aux tentatives de connexion et aux envois de formulaires répétés, et le masquage des coordonnées sur la page de suivi publique. Aucun système n'est totalement sûr ; si une violation touche vos données d'une manière qui vous expose à un risque, nous vous en informerons, ainsi que les autorités compétentes, comme la loi l'exige.",
        ),
      ],
    },
    {
      id: "your-rights",
      heading: "Vos droits",
      blocks: [
        p("Sous réserve de la loi qui vous est applicable, vous pouvez nous demander :"),
        list(
          "de vous indiquer si nous détenons des données personnelles vous concernant et de vous en remettre une copie ;",
          "de corriger des données inexactes ou incomplètes ;",
          "de supprimer les données dont nous n'avons plus besoin ou que nous n'avons pas le droit de conserver ;",
          "de limiter certains usages ou de vous y opposer, notamment tout usage fondé sur notre intérêt légitime ;",
          "de vous remettre les données que vous nous avez fournies dans un format électronique couramment utilisé, ou de les transmettre à un autre organisme ;",
          "de retirer tout consentement donné, sans effet sur ce que nous avons fait auparavant.",
        ),
        p(
          "Pour faire une demande, écrivez à [{email}](mailto:{email}). Nous pourrons avoir besoin de vérifier votre identité avant d'y donner suite. Nous vous répondrons sous 30 jours et vous préviendrons s'il nous faut plus de temps ou si nous ne pouvons pas y donner entièrement suite, par exemple parce que le droit douanier nous oblige à conserver un dossier d'expédition. Une demande est gratuite.",
        ),
        p(
          "Si notre réponse ne vous satisfait pas, vous pouvez porter plainte auprès de l'autorité de protection des données ou de protection des consommateurs de votre lieu de résidence ou du lieu où vous pensez qu'un problème s'est produit.",
        ),
      ],
    },
    {
      id: "children",
      heading: "Enfants",
      blocks: [
        p(
          "Nos services s'adressent aux entreprises et aux adultes. Nous ne collectons pas sciemment de données auprès de personnes de moins de 18 ans. Si vous pensez qu'un enfant nous a transmis des données personnelles, contactez-nous et nous les supprimerons.",
        ),
      ],
    },
    {
      id: "changes",
      heading: "Modifications de cette politique",
      blocks: [
        p(
          "Nous pouvons mettre à jour cette politique lorsque nos services ou la loi évoluent. La date indiquée en haut de page correspond à sa dernière modification. Si une modification change de manière importante l'usage que nous faisons des données que nous détenons déjà, nous vous en informerons par e-mail ou sur ce site avant son entrée en vigueur.",
        ),
      ],
    },
    {
      id: "contact",
      heading: "Nous contacter",
      blocks: [
        p(
          "{companyName}, {address}. E-mail : [{email}](mailto:{email}). Téléphone : {phone}. Vous pouvez aussi utiliser notre [formulaire de contact](/contact).",
        ),
      ],
    },
  ],
};

export const termsOfService: PolicyDocument = {
  title: "Conditions d'utilisation",
  description:
    "Les conditions d'utilisation du site {companyName} et de nos services de transit de fret : devis, droits de douane, marchandises interdites, responsabilité, réclamations et droit applicable.",
  lastUpdated: "2026-11-21",
  intro: [
    "Les présentes conditions s'appliquent à votre utilisation de ce site web ainsi qu'aux services de transit de fret, de transport, de dédouanement et services associés que {companyName} (« nous ») fournit. En utilisant le site ou en nous confiant une expédition, vous les acceptez. Si vous agissez pour le compte d'une société, vous confirmez être habilité à accepter ces conditions en son nom.",
    "Lorsque nous signons avec vous un accord écrit distinct, ou émettons un document de transport (tel qu'un connaissement maison ou une lettre de transport aérien) comportant ses propres conditions, cet accord ou ce document prévaut sur les présentes conditions en cas de divergence.",
  ],
  sections: [
    {
      id: "our-role",
      heading: "Notre rôle",
      blocks: [
        p(
          "Sauf si nous acceptons expressément d'agir en qualité de transporteur, nous agissons en qualité de transitaire : nous organisons pour votre compte le transport de vos marchandises par des compagnies aériennes, des compagnies maritimes, des transporteurs routiers et d'autres prestataires, et nous sommes responsables de les choisir avec un soin raisonnable. Les conditions de transport propres aux transporteurs s'appliquent également au transport qu'ils effectuent.",
        ),
      ],
    },
    {
      id: "using-the-website",
      heading: "Utilisation du site",
      blocks: [
        p(
          "Vous pouvez utiliser ce site pour découvrir nos services, demander des devis, nous contacter et suivre des expéditions. Vous vous engagez à ne pas :",
        ),
        list(
          "fournir de fausses informations ou faire des demandes au nom d'une autre personne ;",
          "utiliser le service de suivi pour consulter des expéditions auxquelles vous n'avez aucun intérêt légitime, ou tenter de deviner des numéros de suivi ;",
          "tenter d'accéder sans autorisation à l'espace d'administration, à nos systèmes ou aux données d'autres personnes ;",
          "surcharger, aspirer ou perturber le site, ou utiliser des moyens automatisés pour envoyer des formulaires ;",
          "téléverser ou envoyer quoi que ce soit d'illicite, de nuisible ou de contrefaisant.",
        ),
        p(
          "Les articles de notre blog et les autres contenus du site sont des informations générales et non des conseils juridiques, fiscaux ou douaniers pour votre expédition particulière. Les informations de suivi et les dates de livraison prévues sont fournies à titre indicatif, reposent sur les informations des transporteurs et des agents, et peuvent changer.",
        ),
        p(
          "Le site, sa conception, ses textes, ses graphismes et ses logos appartiennent à {companyName} ou à ses concédants. Vous pouvez consulter et imprimer les pages pour votre usage personnel ; toute autre reproduction nécessite notre autorisation écrite.",
        ),
      ],
    },
    {
      id: "quotes",
      heading: "Devis",
      blocks: [
        p(
          "Un devis est une estimation sans engagement fondée sur les informations que vous nous donnez (origine, destination, poids, dimensions, type de marchandises et niveau de service). Ce n'est pas une offre de transport à ce prix, et une expédition n'est confirmée que lorsque nous acceptons votre réservation.",
        ),
        list(
          "Sauf mention contraire sur le devis, celui-ci est valable 14 jours, sous réserve de la disponibilité d'espace chez le transporteur.",
          "Les frais définitifs sont calculés sur le poids réel ou taxable (volumétrique) et les dimensions mesurés au départ, et sur les marchandises effectivement remises.",
          "Les tarifs des transporteurs, les surcharges carburant et sûreté, les taux de change et les frais portuaires peuvent changer à bref délai ; nous répercuterons ces changements lorsqu'ils échappent à notre contrôle.",
          "Sauf mention contraire, les devis n'incluent pas les droits de douane, taxes, frais d'inspection, frais de stockage, surestaries, frais de détention, assurance ni les frais dus à des retards, des changements d'itinéraire ou des informations inexactes.",
        ),
      ],
    },
    {
      id: "your-responsibilities",
      heading: "Vos responsabilités",
      blocks: [
        p("Lorsque vous nous confiez une expédition, vous êtes responsable de ce qui suit et le confirmez :"),
        list(
          "la description, la quantité, le poids, la valeur et l'origine des marchandises que vous nous indiquez sont complets et exacts ;",
          "les marchandises sont correctement emballées, marquées et étiquetées pour le trajet et pour la manutention en transit ;",
          "vous fournissez à temps tous les documents, licences et autorisations exigés pour l'exportation, le transit et l'importation, notamment les factures commerciales, les listes de colisage et les certificats d'origine ;",
          "toute marchandise dangereuse est déclarée et préparée conformément à la réglementation IATA sur les marchandises dangereuses, au Code IMDG ou aux règles routières applicables ;",
          "vous êtes propriétaire des marchandises ou autorisé par leur propriétaire, et vous respectez toutes les lois sur le contrôle des exportations, les sanctions et les importations qui leur sont applicables.",
        ),
        p(
          "Vous êtes responsable des pertes, amendes, frais et retards causés par des informations, documents ou emballages inexacts ou manquants, et vous nous rembourserez si notre responsabilité est engagée envers des tiers de ce fait.",
        ),
      ],
    },
    {
      id: "prohibited-goods",
      heading: "Marchandises interdites et réglementées",
      blocks: [
        p("Nous n'acceptons pas, et vous ne devez pas nous remettre, les marchandises suivantes :"),
        list(
          "les drogues et stupéfiants illicites, et tout ce dont le transport, l'importation ou l'exportation est interdit par la loi au départ, en transit ou à destination ;",
          "les armes à feu, munitions, explosifs, équipements militaires et leurs pièces sans toutes les licences requises et notre accord écrit préalable ;",
          "les marchandises contrefaites, piratées ou volées ;",
          "les espèces sauvages protégées, produits animaux ou végétaux relevant de la CITES sans les permis requis ;",
          "les espèces, effets négociables, métaux et pierres précieux, sauf accord écrit préalable ;",
          "les marchandises dangereuses non déclarées ou mal déclarées, notamment les batteries au lithium et les matières inflammables, toxiques, corrosives ou radioactives ;",
          "les restes humains, animaux vivants et denrées périssables, sauf accord écrit préalable.",
        ),
        p(
          "Nous pouvons refuser, ouvrir et inspecter, retenir, retourner ou détruire toute expédition dont nous avons des raisons de penser qu'elle enfreint ces règles ou la loi, et la signaler aux autorités. Vous restez redevable de tous les frais qui en résultent.",
        ),
      ],
    },
    {
      id: "customs",
      heading: "Dédouanement, droits et taxes",
      blocks: [
        p(
          "Lorsque nous agissons en qualité de commissionnaire en douane pour votre compte, nous établissons et déposons les déclarations sur la base des informations et des documents que vous fournissez. L'importateur officiel (normalement le destinataire) reste responsable de l'exactitude de ces informations et du paiement de tous les droits de douane, taxes à l'importation, droits d'accise, frais et pénalités perçus par la Liberia Revenue Authority ou par l'administration douanière de tout autre pays.",
        ),
        list(
          "Si nous payons des droits, taxes ou autres frais pour votre compte, vous devez nous les rembourser à première demande, avec nos frais d'avance de fonds.",
          "Si le destinataire refuse de payer ou ne paie pas, l'expéditeur en reste redevable.",
          "Nous ne sommes pas responsables des retards, frais de stockage ou pertes causés par des inspections douanières, des litiges sur la valeur en douane, des rétentions par une autorité ou des documents manquants.",
        ),
      ],
    },
    {
      id: "liability",
      heading: "Responsabilité",
      blocks: [
        p(
          "Notre responsabilité pour la perte ou l'avarie des marchandises, ou pour le retard, est limitée conformément aux conventions internationales et aux lois impératives applicables au mode de transport concerné, notamment :",
        ),
        list(
          {
            term: "Aérien",
            text: "la Convention de Montréal de 1999 (ou le système de la Convention de Varsovie lorsqu'il s'applique) ;",
          },
          {
            term: "Maritime",
            text: "les Règles de La Haye-Visby (ou les Règles de La Haye ou tout autre régime impératif applicable en vertu du connaissement) ;",
          },
          {
            term: "Routier",
            text: "pour le transport international par route, la Convention CMR (Convention relative au contrat de transport international de marchandises par route).",
          },
        ),
        p(
          "Lorsqu'aucune convention ni loi impérative ne s'applique, notre responsabilité pour la perte ou l'avarie des marchandises est limitée au montant le plus bas entre la valeur des marchandises et 2 droits de tirage spéciaux (DTS) par kilogramme de poids brut des marchandises perdues ou endommagées, et notre responsabilité pour le retard est limitée au prix du transport qui nous a été payé pour l'expédition concernée.",
        ),
        list(
          "Nous ne sommes pas responsables des pertes indirectes ou consécutives, telles que la perte de bénéfices, de marchés, de contrats ou de production.",
          "Nous ne sommes pas responsables des pertes, avaries ou retards causés par vos actes ou omissions, le vice propre ou la nature des marchandises, un emballage ou un marquage insuffisant, les grèves, la guerre, le terrorisme, la piraterie, les catastrophes naturelles, les épidémies, le fait des autorités ou tout autre événement échappant à notre contrôle raisonnable.",
          "Les limites de responsabilité ne s'appliquent pas lorsque la loi ne permet pas de les limiter, par exemple en cas de faute intentionnelle de notre part.",
        ),
        p(
          "Les limites ci-dessus sont souvent très inférieures à la valeur des marchandises. Nous vous recommandons vivement une assurance marchandises ; nous pouvons la souscrire sur demande si vous nous en donnez l'instruction par écrit avant l'expédition et en payez la prime. Sans cette instruction, nous n'assurons pas vos marchandises.",
        ),
      ],
    },
    {
      id: "claims",
      heading: "Réclamations",
      blocks: [
        p(
          "Vérifiez les marchandises à la livraison. Notez toute perte ou avarie visible sur le reçu de livraison et informez-nous immédiatement par écrit. Les réclamations doivent être faites par écrit, avec les pièces justificatives (documents de transport, facture commerciale, photographies et rapports d'expertise), dans les délais suivants :",
        ),
        list(
          {
            term: "Aérien (Convention de Montréal)",
            text: "avarie : dans les 14 jours suivant la réception des marchandises ; retard : dans les 21 jours suivant la date à laquelle les marchandises ont été mises à votre disposition. Toute action en justice doit être intentée dans un délai de deux ans.",
          },
          {
            term: "Maritime (Règles de La Haye-Visby)",
            text: "perte ou avarie non apparente : dans les 3 jours suivant la livraison. Toute action en justice doit être intentée dans un délai d'un an à compter de la livraison.",
          },
          {
            term: "Routier (CMR)",
            text: "perte ou avarie non apparente : dans les 7 jours suivant la livraison (dimanches et jours fériés non compris) ; retard : dans les 21 jours suivant la mise des marchandises à la disposition du destinataire. Toute action en justice doit en général être intentée dans un délai d'un an.",
          },
          {
            term: "Autres services",
            text: "dans les 14 jours suivant la date à laquelle les marchandises ont été ou auraient dû être livrées, toute action en justice devant être intentée dans les neuf mois suivant cette date.",
          },
        ),
        p(
          "Si la réclamation n'est pas faite à temps, les marchandises sont présumées livrées en bon état et la réclamation peut être irrecevable. Le prix du transport et les frais doivent être payés intégralement et ne peuvent être ni retenus ni compensés avec une réclamation.",
        ),
      ],
    },
    {
      id: "payment",
      heading: "Paiement",
      blocks: [
        p(
          "Nos factures sont payables dans la devise et dans le délai qui y sont indiqués. Les frais restent dus si les marchandises sont perdues, endommagées, saisies ou retardées pour des raisons dont nous ne sommes pas responsables. Nous disposons d'un droit de rétention général sur les marchandises et les documents en notre possession pour toutes les sommes que vous nous devez et, si elles restent impayées, nous pouvons vendre les marchandises, après vous en avoir avisé dans un délai raisonnable, pour les recouvrer.",
        ),
      ],
    },
    {
      id: "privacy",
      heading: "Confidentialité",
      blocks: [
        p(
          "Nous traitons les données personnelles comme l'indique notre [Politique de confidentialité](/privacy-policy).",
        ),
      ],
    },
    {
      id: "governing-law",
      heading: "Droit applicable et litiges",
      blocks: [
        p(
          "Les présentes conditions et tout litige qui en découle ou qui découle de nos services sont régis par le droit de la République du Liberia, sans préjudice de toute convention internationale d'application impérative. Nous chercherons d'abord à régler tout désaccord à l'amiable ; à défaut, les tribunaux de la République du Liberia siégeant à Monrovia sont compétents, sauf si une convention applicable vous donne le droit d'agir ailleurs.",
        ),
      ],
    },
    {
      id: "changes",
      heading: "Modifications de ces conditions",
      blocks: [
        p(
          "Nous pouvons mettre à jour ces conditions de temps à autre. La version publiée sur cette page le jour où nous acceptons votre réservation s'applique à cette expédition. Si une partie de ces conditions est jugée invalide, le reste demeure en vigueur.",
        ),
      ],
    },
    {
      id: "contact",
      heading: "Nous contacter",
      blocks: [
        p(
          "{companyName}, {address}. E-mail : [{email}](mailto:{email}). Téléphone : {phone}. Vous pouvez aussi utiliser notre [formulaire de contact](/contact).",
        ),
      ],
    },
  ],
};
