import type {
  blogPosts,
  consignees,
  shipmentStatusHistory,
  shipments,
  shippers,
} from "#app/server/db/schema.ts";

type NewPost = typeof blogPosts.$inferInsert;
type NewParty = typeof shippers.$inferInsert & typeof consignees.$inferInsert;
type NewShipment = Omit<typeof shipments.$inferInsert, "shipperId" | "consigneeId">;
type NewHistory = Omit<typeof shipmentStatusHistory.$inferInsert, "shipmentId">;

const DAY = 24 * 60 * 60 * 1000;
const daysFrom = (now: Date, days: number, hour = 9) => {
  const date = new Date(now.getTime() + days * DAY);
  date.setUTCHours(hour, 0, 0, 0);
  return date;
};

export function demoPosts(now: Date): NewPost[] {
  return [
    {
      slug: "navigating-customs-clearance-in-west-africa",
      title: "Navigating Customs Clearance in West Africa",
      category: "Customs",
      excerpt:
        "Paperwork is the most common cause of delay at West African ports. Here is how to prepare a shipment so it clears Freeport of Monrovia without surprises.",
      featuredImage: "/images/blog/customs.svg",
      publishedAt: daysFrom(now, -3),
      content: `<p>Most delays at the <strong>Freeport of Monrovia</strong> have nothing to do with ships or trucks: they start with a missing document. A complete file lets our brokers lodge the declaration before the vessel berths.</p>
<h2>The documents every shipment needs</h2>
<ul><li>Commercial invoice with HS codes and declared values</li><li>Packing list matching the invoice line by line</li><li>Bill of lading or air waybill</li><li>Certificate of origin where a trade agreement applies</li></ul>
<h2>Pre-arrival processing</h2>
<p>Send us the documents as soon as the cargo leaves origin. We lodge them with customs in advance, so duties can be assessed and paid while the cargo is still at sea.</p>
<blockquote><p>A complete file on day one saves, on average, four days at the port.</p></blockquote>
<p>Questions about a specific commodity? <a href="/contact">Contact our customs desk</a>.</p>`,
    },
    {
      slug: "air-or-sea-choosing-the-right-mode",
      title: "Air or Sea? Choosing the Right Mode for Your Cargo",
      category: "Guides",
      excerpt:
        "Speed, cost, weight and value all point one way or the other. A short guide to picking between air and ocean freight.",
      featuredImage: "/images/blog/air-sea.svg",
      publishedAt: daysFrom(now, -10),
      content: `<p>Air freight moves cargo in days; ocean freight moves it for a fraction of the cost. The right choice depends on what you ship and how soon you need it.</p>
<h2>When air freight wins</h2>
<ul><li>High-value, low-weight goods such as electronics and pharmaceuticals</li><li>Perishables and urgent spare parts</li><li>Shipments under about 500 kg</li></ul>
<h2>When sea freight wins</h2>
<ul><li>Heavy or bulky cargo, vehicles and machinery</li><li>Full container loads with flexible deadlines</li><li>Goods where freight cost is a large share of value</li></ul>
<p>Not sure? Request a quote with both modes ticked and we will price them side by side.</p>`,
    },
    {
      slug: "tracking-your-shipment-step-by-step",
      title: "Tracking Your Shipment, Step by Step",
      category: "Company News",
      excerpt:
        "Every shipment we handle gets a tracking number. Here is what each status means and when you can expect an update.",
      featuredImage: "/images/blog/tracking.svg",
      publishedAt: daysFrom(now, -21),
      content: `<p>Every shipment we handle gets a tracking number in the format <code>UTG-1234-5678</code>. Enter it on our <a href="/track">tracking page</a> to see where your cargo is.</p>
<h2>What the statuses mean</h2>
<ol><li><strong>Processing</strong>: we have your booking and are preparing documents.</li><li><strong>In Transit</strong>: the cargo is moving between origin and destination.</li><li><strong>Arrived</strong>: the cargo reached a hub or the destination port.</li><li><strong>Delivered</strong>: the consignee has received it.</li></ol>
<p>Each update records the place and time, so you always know the last confirmed position.</p>`,
    },
  ];
}

/**
 * French translations of two demo posts (decision 030), so /fr/blog has posts on a fresh install: each names the
 * English post it translates by its slug (its id is known once that one is stored).
 */
export function demoTranslations(now: Date): { post: NewPost; translates: string }[] {
  return [
    {
      translates: "navigating-customs-clearance-in-west-africa",
      post: {
        slug: "le-dedouanement-en-afrique-de-l-ouest",
        title: "Réussir son dédouanement en Afrique de l'Ouest",
        category: "Dédouanement",
        language: "fr",
        excerpt:
          "Les documents incomplets sont la première cause de retard dans les ports d'Afrique de l'Ouest. Voici comment préparer une expédition pour qu'elle soit dédouanée au Freeport de Monrovia sans surprise.",
        featuredImage: "/images/blog/customs.svg",
        publishedAt: daysFrom(now, -3),
        content: `<p>La plupart des retards au <strong>Freeport de Monrovia</strong> ne viennent ni des navires ni des camions : ils commencent par un document manquant. Un dossier complet permet à nos déclarants en douane de déposer la déclaration avant l'accostage du navire.</p>
<h2>Les documents indispensables</h2>
<ul><li>Facture commerciale avec les codes SH et les valeurs déclarées</li><li>Liste de colisage conforme à la facture, ligne par ligne</li><li>Connaissement ou lettre de transport aérien (LTA)</li><li>Certificat d'origine lorsqu'un accord commercial s'applique</li></ul>
<h2>Le dédouanement anticipé</h2>
<p>Envoyez-nous les documents dès le départ de la marchandise. Nous les déposons à l'avance auprès de la douane : les droits sont calculés et payés pendant que la marchandise est encore en mer.</p>
<blockquote><p>Un dossier complet dès le premier jour fait gagner en moyenne quatre jours au port.</p></blockquote>
<p>Une question sur une marchandise en particulier ? <a href="/fr/contact">Contactez notre service dédouanement</a>.</p>`,
      },
    },
    {
      translates: "air-or-sea-choosing-the-right-mode",
      post: {
        slug: "avion-ou-bateau-choisir-le-bon-mode",
        title: "Avion ou bateau ? Choisir le bon mode de transport pour votre marchandise",
        category: "Guides",
        language: "fr",
        excerpt:
          "Délai, coût, poids et valeur penchent d'un côté ou de l'autre. Un petit guide pour choisir entre le fret aérien et le fret maritime.",
        featuredImage: "/images/blog/air-sea.svg",
        publishedAt: daysFrom(now, -10),
        content: `<p>Le fret aérien achemine une marchandise en quelques jours ; le fret maritime le fait pour une fraction du prix. Le bon choix dépend de ce que vous expédiez et du délai dont vous disposez.</p>
<h2>Quand choisir le fret aérien</h2>
<ul><li>Marchandises de forte valeur et de faible poids, comme l'électronique et les produits pharmaceutiques</li><li>Denrées périssables et pièces détachées urgentes</li><li>Envois de moins de 500 kg environ</li></ul>
<h2>Quand choisir le fret maritime</h2>
<ul><li>Marchandises lourdes ou volumineuses, véhicules et machines</li><li>Conteneurs complets sans délai serré</li><li>Marchandises dont le coût du transport pèse lourd dans la valeur</li></ul>
<p>Vous hésitez ? Demandez un devis en cochant les deux modes et nous vous les chiffrerons côte à côte.</p>`,
      },
    },
  ];
}

type DemoShipment = { shipment: NewShipment; shipper: NewParty; consignee: NewParty; history: NewHistory[] };

export function demoShipments(now: Date): DemoShipment[] {
  return [
    {
      shipment: {
        trackingNumber: "UTG-1234-5678",
        status: "In Transit",
        originLocation: "Shanghai, China",
        destinationLocation: "Monrovia, Liberia",
        currentLocation: "Port of Abidjan, Côte d'Ivoire",
        estimatedDelivery: daysFrom(now, 6),
        weight: 1250.5,
        dimensions: "240 x 120 x 150 cm",
        notes: "Two pallets of solar panels; keep dry.",
        createdAt: daysFrom(now, -14),
      },
      shipper: {
        name: "Li Wei",
        company: "Sunrise Solar Manufacturing Co.",
        email: "li.wei@sunrise-solar.example",
        phone: "+86 21 5555 0188",
        address: "88 Pudong Avenue, Pudong District, Shanghai, China",
      },
      consignee: {
        name: "Grace Kollie",
        company: "Kollie Energy Supplies",
        email: "grace@kollie-energy.example",
        phone: "+231 77 555 0142",
        address: "14 Tubman Boulevard, Sinkor, Monrovia, Liberia",
      },
      history: [
        {
          status: "Processing",
          location: "Shanghai, China",
          notes: "Booking confirmed",
          timestamp: daysFrom(now, -14, 8),
        },
        {
          status: "Shipped",
          location: "Port of Shanghai, China",
          notes: "Loaded on MV Atlantic Star",
          timestamp: daysFrom(now, -12, 15),
        },
        {
          status: "In Transit",
          location: "Port Louis, Mauritius",
          notes: "Transshipment",
          timestamp: daysFrom(now, -6, 11),
        },
        // The newest entry is the shipment's status (In Transit, at its current location): the tracking page
        // shows it as the latest update beside that status.
        {
          status: "In Transit",
          location: "Port of Abidjan, Côte d'Ivoire",
          notes: "Transshipment: awaiting the feeder vessel to Monrovia",
          timestamp: daysFrom(now, -1, 7),
        },
      ],
    },
    {
      shipment: {
        trackingNumber: "UTG-2045-7731",
        status: "Delivered",
        originLocation: "Rotterdam, Netherlands",
        destinationLocation: "Monrovia, Liberia",
        currentLocation: "Monrovia, Liberia",
        estimatedDelivery: daysFrom(now, -2),
        weight: 86,
        dimensions: "80 x 60 x 60 cm",
        createdAt: daysFrom(now, -9),
      },
      shipper: {
        name: "Pieter de Vries",
        company: "Holland Medical Supplies B.V.",
        email: "p.devries@hms.example",
        phone: "+31 10 555 0123",
        address: "Wilhelminakade 12, Rotterdam, Netherlands",
      },
      consignee: {
        name: "Dr. Joseph Weah",
        company: "Sinkor Community Clinic",
        email: "jweah@sinkorclinic.example",
        phone: "+231 88 555 0199",
        address: "9th Street, Sinkor, Monrovia, Liberia",
      },
      history: [
        { status: "Processing", location: "Rotterdam, Netherlands", timestamp: daysFrom(now, -9, 10) },
        {
          status: "Shipped",
          location: "Amsterdam Schiphol Airport, Netherlands",
          notes: "Flight KL 587",
          timestamp: daysFrom(now, -7, 18),
        },
        {
          status: "Arrived",
          location: "Roberts International Airport, Liberia",
          timestamp: daysFrom(now, -4, 6),
        },
        {
          status: "Delivered",
          location: "Monrovia, Liberia",
          notes: "Signed by J. Weah",
          timestamp: daysFrom(now, -3, 14),
        },
      ],
    },
    {
      shipment: {
        trackingNumber: "UTG-3310-0457",
        status: "Processing",
        originLocation: "Monrovia, Liberia",
        destinationLocation: "Accra, Ghana",
        currentLocation: "Monrovia, Liberia",
        estimatedDelivery: daysFrom(now, 9),
        dimensions: "Full truckload",
        createdAt: daysFrom(now, -1),
      },
      shipper: { name: "Musu Johnson", company: "Johnson Rubber Traders" },
      consignee: { name: "Kwame Mensah", company: "Mensah Industrial Ltd" },
      history: [
        {
          status: "Processing",
          location: "Monrovia, Liberia",
          notes: "Awaiting export permit",
          timestamp: daysFrom(now, -1, 12),
        },
      ],
    },
    {
      shipment: {
        trackingNumber: "UTG-4478-2290",
        status: "Delayed",
        originLocation: "Dubai, United Arab Emirates",
        destinationLocation: "Buchanan, Liberia",
        currentLocation: "Port of Lomé, Togo",
        estimatedDelivery: daysFrom(now, -1),
        weight: 18000,
        dimensions: "40ft container",
        createdAt: daysFrom(now, -30),
      },
      shipper: { name: "Ahmed Al Mansoori", company: "Gulf Machinery Trading LLC" },
      consignee: { name: "Samuel Doe", company: "Buchanan Mining Services" },
      history: [
        {
          status: "Shipped",
          location: "Jebel Ali Port, United Arab Emirates",
          timestamp: daysFrom(now, -28, 9),
        },
        { status: "In Transit", location: "Port of Lomé, Togo", timestamp: daysFrom(now, -8, 16) },
        {
          status: "Delayed",
          location: "Port of Lomé, Togo",
          notes: "Port congestion",
          timestamp: daysFrom(now, -2, 10),
        },
      ],
    },
  ];
}
