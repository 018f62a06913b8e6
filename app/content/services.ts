/** The services pages' copy: three main services with detail pages, and the additional services. */

type ServiceId = "air-freight" | "sea-freight" | "trucking";
export type ServiceIcon = "plane" | "ship" | "truck";
export type ServiceFeatureIcon =
  | "clock"
  | "globe"
  | "shield"
  | "package"
  | "container"
  | "anchor"
  | "route"
  | "map-pin"
  | "file-check";

type ServiceFeature = { title: string; description: string; icon: ServiceFeatureIcon };

export type Service = {
  id: ServiceId;
  title: string;
  /** Another name people use for it (the footer calls trucking 'Road Transport'). */
  alsoKnownAs?: string;
  icon: ServiceIcon;
  image: { src: string; alt: string; width: number; height: number };
  /** One or two sentences for the card on /services. */
  summary: string;
  /** The card's four bullets. */
  bullets: [string, string, string, string];
  /** The detail page's opening paragraphs. */
  description: string[];
  /** The detail page's four feature items. */
  features: [ServiceFeature, ServiceFeature, ServiceFeature, ServiceFeature];
  seoDescription: string;
};

export const services: Service[] = [
  {
    id: "air-freight",
    title: "Air Freight",
    icon: "plane",
    image: {
      src: "/images/services/air-freight.svg",
      alt: "A cargo plane climbing above the clouds",
      width: 640,
      height: 400,
    },
    summary:
      "Fast, secure air cargo for urgent and high-value shipments, from Roberts International Airport to every major airport in the world.",
    bullets: [
      "Express and standard options",
      "Door-to-door delivery",
      "Dangerous goods handling",
      "Charter services",
    ],
    description: [
      "When time matters, air freight is the fastest way to move your goods. We book space with leading airlines at Roberts International Airport and connect Monrovia with every major cargo hub in Europe, Asia, the Americas and the rest of Africa.",
      "Our team prepares the air waybill and export documents, arranges pick-up and screening, and follows your cargo until it is delivered to the consignee's door.",
    ],
    features: [
      {
        title: "Express and standard options",
        description:
          "Next-flight-out for urgent parts and documents, or consolidated standard service at a lower rate.",
        icon: "clock",
      },
      {
        title: "Worldwide airline network",
        description:
          "Space agreements with major carriers give you reliable capacity to more than 200 destinations.",
        icon: "globe",
      },
      {
        title: "Secure and special cargo",
        description:
          "Trained staff for valuables, perishables and dangerous goods, packed and labelled to IATA rules.",
        icon: "shield",
      },
      {
        title: "Door-to-door delivery",
        description:
          "Pick-up at your premises, customs clearance at both ends and delivery to the final address.",
        icon: "package",
      },
    ],
    seoDescription:
      "Express and standard air cargo from Monrovia, Liberia to the world: door-to-door delivery, dangerous goods handling and charter flights.",
  },
  {
    id: "sea-freight",
    title: "Sea Freight",
    icon: "ship",
    image: {
      src: "/images/services/sea-freight.svg",
      alt: "A container ship loaded with containers sailing on the ocean",
      width: 640,
      height: 400,
    },
    summary:
      "Economical ocean shipping through the Freeport of Monrovia, from a few cartons to full containers and vehicles.",
    bullets: [
      "Full container load (FCL)",
      "Less than container load (LCL)",
      "Roll-on/roll-off vehicle shipping",
      "Port-to-port and door-to-door",
    ],
    description: [
      "Sea freight is the most economical way to ship large volumes. We ship full and shared containers through the Freeport of Monrovia to and from ports across Europe, Asia, the Middle East and the Americas.",
      "We compare carriers and sailings for you, book the space, handle the bill of lading and the port formalities, and keep you informed from loading to discharge.",
    ],
    features: [
      {
        title: "Full and shared containers",
        description:
          "20 ft and 40 ft containers for your cargo alone, or a share of a container for smaller loads.",
        icon: "container",
      },
      {
        title: "Vehicles and heavy cargo",
        description:
          "Roll-on/roll-off, flat rack and breakbulk shipping for vehicles, machinery and project cargo.",
        icon: "anchor",
      },
      {
        title: "Competitive sailings",
        description: "Weekly sailings with several shipping lines, so you choose between speed and price.",
        icon: "route",
      },
      {
        title: "Documents handled",
        description:
          "Bills of lading, certificates of origin and port paperwork prepared and checked by our team.",
        icon: "file-check",
      },
    ],
    seoDescription:
      "Full container (FCL) and shared container (LCL) shipping through the Freeport of Monrovia, plus vehicle and heavy cargo shipping.",
  },
  {
    id: "trucking",
    title: "Trucking",
    alsoKnownAs: "Road Transport",
    icon: "truck",
    image: {
      src: "/images/services/trucking.svg",
      alt: "A delivery truck driving along a road",
      width: 640,
      height: 400,
    },
    summary:
      "Road transport across Liberia and the West African region, from single pallets to heavy and oversized loads.",
    bullets: [
      "Full and part truckloads",
      "Cross-border transport",
      "Last-mile delivery",
      "Real-time tracking",
    ],
    description: [
      "Our trucks connect the Freeport and the airport with every county of Liberia and with Sierra Leone, Guinea and Côte d'Ivoire. We carry anything from a single pallet to containers and oversized equipment.",
      "Every load is planned for the road and the season, with experienced drivers, cross-border paperwork handled and status updates until delivery.",
    ],
    features: [
      {
        title: "Full and part loads",
        description: "A whole truck for your cargo, or pay only for the space you use on a shared load.",
        icon: "package",
      },
      {
        title: "Cross-border transport",
        description:
          "Transit documents and border formalities handled for shipments across the Mano River region.",
        icon: "route",
      },
      {
        title: "Last-mile delivery",
        description: "Delivery to shops, sites and homes in Monrovia and upcountry, with proof of delivery.",
        icon: "map-pin",
      },
      {
        title: "Tracked and insured",
        description: "Follow your shipment by tracking number; cargo insurance available for every load.",
        icon: "shield",
      },
    ],
    seoDescription:
      "Trucking and road transport across Liberia and West Africa: full and part loads, cross-border transport and last-mile delivery.",
  },
];

export type AdditionalService = {
  title: string;
  description: string;
  icon: "warehouse" | "file-check" | "network" | "boxes";
};

export const additionalServices: AdditionalService[] = [
  {
    title: "Warehousing",
    description:
      "Secure, bonded storage in Monrovia with inventory management, pick and pack, and distribution.",
    icon: "warehouse",
  },
  {
    title: "Customs Clearance",
    description:
      "Licensed brokers prepare your declarations and clear your goods quickly at the port and the airport.",
    icon: "file-check",
  },
  {
    title: "Supply Chain Management",
    description:
      "Planning, purchasing support and reporting that keep your goods moving at the lowest total cost.",
    icon: "network",
  },
  {
    title: "Project Cargo",
    description:
      "Engineering, permits and transport for heavy, oversized and time-critical project shipments.",
    icon: "boxes",
  },
];

export const servicesPage = {
  title: "Our Services",
  intro:
    "From urgent air cargo to full containers and trucking across West Africa, we move your goods safely, on time and at a fair price.",
  seoDescription:
    "Air freight, sea freight and trucking from Monrovia, Liberia, plus warehousing, customs clearance, supply chain management and project cargo.",
  additionalTitle: "Additional Services",
  additionalIntro: "Everything around the transport itself, handled by the same team.",
  learnMore: "Learn More",
};

export function findService(id: string | undefined): Service | undefined {
  return services.find((service) => service.id === id);
}
