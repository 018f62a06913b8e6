// Longer than 450 lines: the privacy policy and the terms of service, word for word, as data.
/**
 * The privacy policy and terms of service, as data. Placeholders in braces are filled from the site
 * settings when the page renders: {companyName}, {email}, {phone}, {address}. Links are written
 * [label](/path) or [label](mailto:...) and become real links.
 */
import { elideBeforeNames, elideBeforePlaceholders } from "#app/lib/i18n/elide.ts";
import { interpolate } from "#app/lib/i18n/translate.ts";

type PolicyListItem = string | { term: string; text: string };

export type PolicyBlock =
  | { type: "paragraph"; text: string }
  | { type: "list"; items: PolicyListItem[] }
  | { type: "subheading"; text: string };

type PolicySection = {
  /** Anchor for the table of contents, e.g. "cookies". */
  id: string;
  heading: string;
  blocks: PolicyBlock[];
};

export type PolicyDocument = {
  title: string;
  /** For the meta description. */
  description: string;
  /** ISO date (yyyy-mm-dd) of the last change; update it with every change of the text. */
  lastUpdated: string;
  intro: string[];
  sections: PolicySection[];
};

export const p = (text: string): PolicyBlock => ({ type: "paragraph", text });
export const list = (...items: PolicyListItem[]): PolicyBlock => ({ type: "list", items });
export const sub = (text: string): PolicyBlock => ({ type: "subheading", text });

export const privacyPolicy: PolicyDocument = {
  title: "Privacy Policy",
  description:
    "How {companyName} collects, uses, shares and protects personal information from quote requests, contact messages, shipment tracking and our website.",
  lastUpdated: "2026-11-21",
  intro: [
    '{companyName} ("we", "us", "our") is a freight forwarder based at {address}. We arrange air, sea and road transport, customs clearance and related logistics services. This policy explains what personal information we collect through this website and in the course of handling shipments, why we collect it, who we share it with, how long we keep it and the choices and rights you have.',
    "We collect only what we need to quote for, move and deliver cargo, to answer your questions and to keep this website secure. We do not sell personal information, and we do not use it for advertising.",
  ],
  sections: [
    {
      id: "who-we-are",
      heading: "Who is responsible for your information",
      blocks: [
        p(
          "{companyName}, {address}, is responsible for the personal information described in this policy. For any question about privacy, or to exercise the rights described below, write to [{email}](mailto:{email}) or call {phone}.",
        ),
      ],
    },
    {
      id: "information-we-collect",
      heading: "Information we collect",
      blocks: [
        sub("Quote requests"),
        p(
          "When you ask for a quote we collect your first and last name, e-mail address, the departure and delivery cities, the parcel type, the weight, the freight types you are interested in (air, sea or road) and any special information you choose to add.",
        ),
        sub("Contact messages"),
        p(
          "When you send us a message we collect your name, e-mail address, the subject and the message itself.",
        ),
        sub("Shipment records"),
        p(
          "When we handle a shipment we keep the details needed to move and clear it: the names, companies, e-mail addresses, phone numbers and street addresses of the shipper and the consignee, a description of the cargo (weight, dimensions, contents and value), transport documents such as bills of lading and air waybills, customs declarations, and the status history of the shipment (dates, places and notes). This information usually comes from you, from the other party to the shipment, or from carriers and agents working on it.",
        ),
        sub("Shipment tracking"),
        p(
          "When you track a shipment we receive the tracking number you enter. The tracking page shows the shipment's route and status and the names of the shipper and consignee; e-mail addresses, phone numbers and street addresses are partly masked so that a tracking number alone does not reveal someone's full contact details.",
        ),
        sub("Technical information"),
        p(
          "Like any website, our server receives your IP address, the address of the page requested, the time of the request and basic information sent by your browser. We use it to deliver pages, to limit abuse (for example, too many form submissions or tracking look-ups from one address in a short time) and to investigate errors and security incidents.",
        ),
        sub("Staff accounts"),
        p(
          "For our own staff who sign in to the administration area we keep an e-mail address, a securely hashed password, login times and session records.",
        ),
        p(
          "Please do not send us sensitive information such as health data, identity-document numbers or payment card details through the website forms. If a shipment needs such documents, we will tell you how to provide them securely.",
        ),
      ],
    },
    {
      id: "how-we-use-information",
      heading: "How we use your information",
      blocks: [
        list(
          {
            term: "To prepare quotes and answer you",
            text: "we use your request or message to reply, price your shipment and follow up.",
          },
          {
            term: "To move and clear your cargo",
            text: "we use shipment records to book carriers, prepare documents, clear customs, arrange delivery and keep you informed.",
          },
          {
            term: "To meet legal obligations",
            text: "customs, tax, transport-safety and anti-fraud rules require us to keep certain records and, in some cases, to share them with authorities.",
          },
          {
            term: "To run and protect the website",
            text: "we use technical information to keep the site available and secure, to prevent spam and abuse and to fix errors.",
          },
          {
            term: "To improve our service",
            text: "we may look at quote requests and messages in aggregate to understand which routes and services customers need.",
          },
        ),
        p(
          "We rely on the following grounds: taking steps at your request before entering into a contract and performing that contract (quotes and shipments); complying with legal obligations (customs and tax records); our legitimate interests in running a secure and efficient business (website security, record keeping, handling claims); and your consent where we ask for it. Where you have given consent you may withdraw it at any time.",
        ),
        p("We do not make decisions about you based solely on automated processing."),
      ],
    },
    {
      id: "sharing",
      heading: "Who we share information with",
      blocks: [
        p(
          "Moving cargo across borders involves several parties. We share personal information only as far as each one needs it:",
        ),
        list(
          "Airlines, shipping lines, trucking companies and their handling agents that carry your cargo;",
          "Our agents and partner forwarders at origin, transit and destination;",
          "Customs authorities, including the Liberia Revenue Authority, port and airport authorities such as the National Port Authority, and other government agencies that require shipment information;",
          "Customs brokers, warehouses, inspection companies and cargo insurers working on your shipment;",
          "Service providers that host our website and database, deliver our e-mail or provide IT support, under agreements requiring them to protect the information and use it only on our instructions;",
          "Professional advisers, courts, law enforcement or regulators where the law requires it or where needed to establish, exercise or defend legal claims.",
        ),
        p(
          "If our business is reorganised or sold, the information may pass to the new owner, who will be bound by this policy.",
        ),
      ],
    },
    {
      id: "international-transfers",
      heading: "International transfers",
      blocks: [
        p(
          "Freight forwarding is international by nature. To move a shipment we must send information to carriers, agents and authorities in the countries the cargo leaves from, passes through and arrives in, some of which may have different data protection laws from Liberia. We share only what the shipment requires and expect our partners to protect it. Where the law of your country requires specific safeguards for such transfers, we apply them.",
        ),
      ],
    },
    {
      id: "retention",
      heading: "How long we keep information",
      blocks: [
        list(
          {
            term: "Quote requests and contact messages",
            text: "up to 24 months after our last exchange with you, unless they lead to a shipment, in which case they become part of the shipment record.",
          },
          {
            term: "Shipment records, transport documents and customs declarations",
            text: "for as long as customs, tax and commercial law requires, normally seven years after the shipment is completed, and longer if a claim or dispute is open.",
          },
          {
            term: "Server logs",
            text: "up to 90 days, unless needed longer to investigate a specific security incident.",
          },
          {
            term: "Abuse-prevention counters",
            text: "only for the short time window they measure (minutes to hours), then discarded.",
          },
          {
            term: "Staff sessions",
            text: "until the staff member logs out, after a period of inactivity, and in any case after a few days.",
          },
        ),
        p("When information is no longer needed we delete it or make it anonymous."),
      ],
    },
    {
      id: "cookies",
      heading: "Cookies",
      blocks: [
        p(
          "We use only cookies that are strictly necessary for the website to work. We do not use analytics, advertising or social-media tracking cookies, and we do not let third parties place cookies through our pages.",
        ),
        list(
          {
            term: "Session cookie (staff only)",
            text: "set when a member of our staff signs in to the administration area, so the site knows they are signed in. It is not readable by scripts, is sent only to our site, and ends when they log out or after a period of inactivity. Public visitors never receive it.",
          },
          {
            term: "Notification cookie",
            text: "a short-lived cookie that carries a one-time on-screen message (for example, confirming that your form was sent) to the next page you see. It holds no personal information, lasts at most one minute and is deleted as soon as the message is shown.",
          },
        ),
        p(
          "Because these cookies are essential, they do not require consent. You can block or delete cookies in your browser settings; the public pages will still work, but confirmation messages may not appear.",
        ),
        p(
          "Our contact page shows a map provided by OpenStreetMap. When the map loads, your browser connects to OpenStreetMap's servers, which receive your IP address and browser information under the OpenStreetMap Foundation's own privacy policy.",
        ),
      ],
    },
    {
      id: "security",
      heading: "How we protect information",
      blocks: [
        p(
          "We protect personal information with measures appropriate to the risk, including encrypted connections (HTTPS), access to the administration area only for authorised staff with individual accounts, passwords stored only as strong one-way hashes, limits on repeated login attempts and form submissions, and masking of contact details on the public tracking page. No system is completely secure; if a breach affects your information in a way that puts you at risk, we will tell you and the relevant authorities as the law requires.",
        ),
      ],
    },
    {
      id: "your-rights",
      heading: "Your rights",
      blocks: [
        p("Subject to the law that applies to you, you may ask us to:"),
        list(
          "tell you whether we hold personal information about you and give you a copy of it;",
          "correct information that is inaccurate or incomplete;",
          "delete information we no longer need or have no right to keep;",
          "restrict or object to certain uses, including any use based on our legitimate interests;",
          "give you information you provided to us in a commonly used electronic format, or send it to another organisation;",
          "withdraw any consent you have given, without affecting what we did before.",
        ),
        p(
          "To make a request, write to [{email}](mailto:{email}). We may need to confirm your identity before acting on it. We will answer within 30 days, and tell you if we need longer or cannot fully comply, for example because customs law requires us to keep a shipment record. Making a request is free of charge.",
        ),
        p(
          "If you are not satisfied with our answer, you may complain to the data protection or consumer authority where you live or where you believe a problem occurred.",
        ),
      ],
    },
    {
      id: "children",
      heading: "Children",
      blocks: [
        p(
          "Our services are meant for businesses and adults. We do not knowingly collect information from anyone under 18. If you believe a child has sent us personal information, please contact us and we will delete it.",
        ),
      ],
    },
    {
      id: "changes",
      heading: "Changes to this policy",
      blocks: [
        p(
          "We may update this policy when our services or the law change. The date at the top shows when it was last changed. If a change materially affects how we use information we already hold, we will tell you by e-mail or on this website before it takes effect.",
        ),
      ],
    },
    {
      id: "contact",
      heading: "Contact us",
      blocks: [
        p(
          "{companyName}, {address}. E-mail: [{email}](mailto:{email}). Phone: {phone}. You can also use our [contact form](/contact).",
        ),
      ],
    },
  ],
};

export const termsOfService: PolicyDocument = {
  title: "Terms of Service",
  description:
    "The terms for using the {companyName} website and our freight forwarding services: quotes, customs duties, prohibited goods, liability, claims and governing law.",
  lastUpdated: "2026-11-21",
  intro: [
    'These terms apply to your use of this website and to the freight forwarding, transport, customs clearance and related services that {companyName} ("we", "us", "our") provides. By using the website or instructing us to handle a shipment, you agree to them. If you act for a company, you confirm that you are authorised to accept these terms on its behalf.',
    "Where we sign a separate written agreement with you, or issue a transport document (such as a house bill of lading or air waybill) with its own conditions, that agreement or document prevails over these terms where they differ.",
  ],
  sections: [
    {
      id: "our-role",
      heading: "Our role",
      blocks: [
        p(
          "Unless we expressly agree to act as carrier, we act as a freight forwarder: we arrange the carriage of your goods by airlines, shipping lines, road hauliers and other service providers on your behalf, and we are responsible for selecting them with reasonable care. The carriers' own conditions of carriage also apply to the transport they perform.",
        ),
      ],
    },
    {
      id: "using-the-website",
      heading: "Using the website",
      blocks: [
        p(
          "You may use this website to learn about our services, request quotes, contact us and track shipments. You agree not to:",
        ),
        list(
          "submit false information or requests in someone else's name;",
          "use the tracking service to look up shipments in which you have no legitimate interest, or try to guess tracking numbers;",
          "attempt to gain unauthorised access to the administration area, our systems or other people's information;",
          "overload, scrape or disrupt the website, or use automated means to send forms;",
          "upload or send anything unlawful, harmful or infringing.",
        ),
        p(
          "Articles on our blog and other website content are general information, not legal, tax or customs advice for your particular shipment. Tracking information and estimated delivery dates are provided for convenience, are based on information from carriers and agents, and may change.",
        ),
        p(
          "The website, its design, text, graphics and logos belong to {companyName} or its licensors. You may view and print pages for your own use; any other reproduction requires our written permission.",
        ),
      ],
    },
    {
      id: "quotes",
      heading: "Quotes",
      blocks: [
        p(
          "A quote is a non-binding estimate based on the information you give us (origin, destination, weight, dimensions, type of goods and service level). It is not an offer to carry at that price, and a shipment is confirmed only when we accept your booking.",
        ),
        list(
          "Unless the quote states otherwise, it is valid for 14 days and subject to space being available with the carrier.",
          "Final charges are based on the actual or chargeable (volumetric) weight and dimensions measured at origin, and on the goods actually tendered.",
          "Carrier rates, fuel and security surcharges, currency exchange rates and port charges can change at short notice; we will pass on such changes where they are outside our control.",
          "Unless stated, quotes do not include customs duties, taxes, inspection fees, storage, demurrage, detention, insurance or charges caused by delays, re-routing or incorrect information.",
        ),
      ],
    },
    {
      id: "your-responsibilities",
      heading: "Your responsibilities",
      blocks: [
        p("When you ask us to handle a shipment you are responsible for, and confirm that:"),
        list(
          "the description, quantity, weight, value and origin of the goods you give us are complete and correct;",
          "the goods are properly packed, marked and labelled for the journey and for handling in transit;",
          "you provide on time all documents, licences and permits required for export, transit and import, including commercial invoices, packing lists and certificates of origin;",
          "any dangerous goods are declared and prepared as required by the IATA Dangerous Goods Regulations, the IMDG Code or the applicable road rules;",
          "you are the owner of the goods or authorised by the owner, and you comply with all export control, sanctions and import laws that apply to them.",
        ),
        p(
          "You are responsible for losses, fines, costs and delays caused by incorrect or missing information, documents or packing, and you will reimburse us if we are held liable to others as a result.",
        ),
      ],
    },
    {
      id: "prohibited-goods",
      heading: "Prohibited and restricted goods",
      blocks: [
        p("We do not accept, and you must not tender, the following goods:"),
        list(
          "illegal drugs and narcotics, and anything whose carriage, import or export is prohibited by law at origin, in transit or at destination;",
          "firearms, ammunition, explosives, military equipment and their parts without all required licences and our prior written agreement;",
          "counterfeit, pirated or stolen goods;",
          "protected wildlife, animal products or plants covered by CITES without the required permits;",
          "cash, negotiable instruments, precious metals and stones unless agreed in writing in advance;",
          "undeclared or incorrectly declared dangerous goods, including lithium batteries, flammable, toxic, corrosive or radioactive materials;",
          "human remains, live animals and perishables unless agreed in writing in advance.",
        ),
        p(
          "We may refuse, open and inspect, hold, return or dispose of any shipment that we reasonably believe breaks these rules or the law, and report it to the authorities. You remain liable for all resulting costs.",
        ),
      ],
    },
    {
      id: "customs",
      heading: "Customs clearance, duties and taxes",
      blocks: [
        p(
          "Where we act as your customs agent or broker, we prepare and lodge declarations on the basis of the information and documents you provide. The importer of record (normally the consignee) remains responsible for the accuracy of that information and for paying all customs duties, import taxes, excise, fees and penalties levied by the Liberia Revenue Authority or the customs authority of any other country.",
        ),
        list(
          "If we pay duties, taxes or other charges on your behalf, you must reimburse us on demand, together with our disbursement fee.",
          "If the consignee refuses or fails to pay, the shipper remains liable for them.",
          "We are not responsible for delays, storage charges or losses caused by customs inspections, valuation disputes, holds by any authority, or missing documents.",
        ),
      ],
    },
    {
      id: "liability",
      heading: "Liability",
      blocks: [
        p(
          "Our liability for loss of or damage to goods, or for delay, is limited as provided by the international conventions and mandatory laws that apply to the mode of transport concerned, including:",
        ),
        list(
          {
            term: "Air",
            text: "the Montreal Convention 1999 (or the Warsaw Convention system where that applies);",
          },
          {
            term: "Sea",
            text: "the Hague-Visby Rules (or the Hague Rules or other mandatory regime applicable under the bill of lading);",
          },
          {
            term: "Road",
            text: "for international carriage by road, the CMR Convention (Convention on the Contract for the International Carriage of Goods by Road).",
          },
        ),
        p(
          "Where no convention or mandatory law applies, our liability for loss of or damage to goods is limited to the lower of the value of the goods and 2 Special Drawing Rights (SDR) per kilogram of gross weight of the goods lost or damaged, and our liability for delay is limited to the freight charges paid to us for the shipment concerned.",
        ),
        list(
          "We are not liable for indirect or consequential loss, such as loss of profit, market, contracts or production.",
          "We are not liable for loss, damage or delay caused by your acts or omissions, inherent vice or the nature of the goods, insufficient packing or marking, strikes, war, terrorism, piracy, natural disasters, epidemics, acts of authorities or other events beyond our reasonable control.",
          "The liability limits do not apply where the law does not allow them to be limited, for example for our wilful misconduct.",
        ),
        p(
          "The limits above are often far below the value of the goods. We strongly recommend cargo insurance; we can arrange it on request if you instruct us in writing before the shipment and pay the premium. Without such instructions, we do not insure your goods.",
        ),
      ],
    },
    {
      id: "claims",
      heading: "Claims",
      blocks: [
        p(
          "Check the goods on delivery. Note any visible loss or damage on the delivery receipt and tell us in writing at once. Claims must be made in writing, with supporting documents (transport documents, commercial invoice, photographs and survey reports), within the following time limits:",
        ),
        list(
          {
            term: "Air (Montreal Convention)",
            text: "damage within 14 days of receipt of the goods; delay within 21 days of the date the goods were placed at your disposal. Legal action must be brought within two years.",
          },
          {
            term: "Sea (Hague-Visby Rules)",
            text: "loss or damage that is not apparent within 3 days of delivery. Legal action must be brought within one year of delivery.",
          },
          {
            term: "Road (CMR)",
            text: "loss or damage that is not apparent within 7 days of delivery (Sundays and public holidays excepted); delay within 21 days of the goods being placed at the consignee's disposal. Legal action must generally be brought within one year.",
          },
          {
            term: "Other services",
            text: "within 14 days of the date the goods were delivered or should have been delivered, with legal action within nine months of that date.",
          },
        ),
        p(
          "If notice is not given in time, the goods are presumed delivered in good condition and the claim may be barred. Freight and charges must be paid in full and may not be withheld or set off against a claim.",
        ),
      ],
    },
    {
      id: "payment",
      heading: "Payment",
      blocks: [
        p(
          "Our invoices are payable in the currency and within the period stated on them. Charges remain payable if goods are lost, damaged, seized or delayed for reasons we are not responsible for. We have a general lien over goods and documents in our possession for all amounts you owe us, and if they remain unpaid we may sell the goods, after giving you reasonable notice, to recover them.",
        ),
      ],
    },
    {
      id: "privacy",
      heading: "Privacy",
      blocks: [p("We handle personal information as described in our [Privacy Policy](/privacy-policy).")],
    },
    {
      id: "governing-law",
      heading: "Governing law and disputes",
      blocks: [
        p(
          "These terms and any dispute arising from them or from our services are governed by the laws of the Republic of Liberia, without prejudice to any international convention that applies mandatorily. We will first try to settle any disagreement amicably; if that fails, the courts of the Republic of Liberia sitting in Monrovia have jurisdiction, unless a convention that applies gives you the right to bring the claim elsewhere.",
        ),
      ],
    },
    {
      id: "changes",
      heading: "Changes to these terms",
      blocks: [
        p(
          "We may update these terms from time to time. The version on this page on the day we accept your booking applies to that shipment. If any part of these terms is found invalid, the rest remains in force.",
        ),
      ],
    },
    {
      id: "contact",
      heading: "Contact us",
      blocks: [
        p(
          "{companyName}, {address}. E-mail: [{email}](mailto:{email}). Phone: {phone}. You can also use our [contact form](/contact).",
        ),
      ],
    },
  ],
};

export type PolicyContact = { companyName: string; email: string; phone: string; address: string };

/** Puts the company's current name and contact details into a policy text. */
export function fillPolicyText(text: string, contact: PolicyContact): string {
  const vars = {
    companyName: contact.companyName,
    email: contact.email,
    phone: contact.phone,
    address: contact.address,
  };
  // The French copy elides before the company's name ('qu'Unitrans').
  return elideBeforeNames(interpolate(text, vars), vars);
}

/**
 * A French policy with 'de'/'que' elided before the company's name where it starts with a vowel ('qu'{companyName}'),
 * its placeholders kept: the policy page's loader sends it so, and the page fills the placeholders itself
 * (fillPolicyText in policy-document.tsx), so the pages' script carries no elision (decision 030).
 */
export function elidePolicy(document: PolicyDocument, contact: PolicyContact): PolicyDocument {
  const vars = { companyName: contact.companyName };
  const elide = (text: string) => elideBeforePlaceholders(text, vars);
  const block = (b: PolicyBlock): PolicyBlock =>
    b.type === "list"
      ? {
          type: "list",
          items: b.items.map((item) =>
            typeof item === "string" ? elide(item) : { term: elide(item.term), text: elide(item.text) },
          ),
        }
      : { ...b, text: elide(b.text) };
  return {
    ...document,
    title: elide(document.title),
    description: elide(document.description),
    intro: document.intro.map(elide),
    sections: document.sections.map((section) => ({
      ...section,
      heading: elide(section.heading),
      blocks: section.blocks.map(block),
    })),
  };
}
