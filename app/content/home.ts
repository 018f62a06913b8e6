type HomeServiceIcon = "plane" | "ship" | "truck";

export type HomeServiceCard = {
  title: string;
  description: string;
  icon: HomeServiceIcon;
};

/** Kept apart from the page copy: `meta` runs in the browser too, the copy travels as loader data. */
export const homeMeta = {
  title: "Global Logistics Solutions",
  description:
    "Air freight, sea freight and road transport from Monrovia, Liberia to the world. Request a free quote or track your package online.",
};

export const homePage = {
  hero: {
    eyebrow: "Freight forwarding from Monrovia to the world",
    title: "Global Logistics Solutions",
    text: "Reliable air, sea and road freight, customs clearance and warehousing. We move your cargo safely and on time, wherever it needs to go.",
    primaryCta: { label: "Get a Free Quote", path: "/contact#quote" },
    secondaryCta: { label: "Our Services", path: "/services" },
    imageAlt: "",
  },
  services: {
    title: "Our Services",
    intro: "Whatever you ship and wherever it goes, we have the right way to get it there.",
    learnMore: "Learn More",
  },
};

/** The home page's three service cards; each links to /services/{title lowercased, first space replaced by a hyphen}. */
export const homeServiceCards: HomeServiceCard[] = [
  {
    title: "Air Freight",
    description:
      "Fast, secure air cargo for urgent and high-value shipments, with door-to-door delivery to every major airport.",
    icon: "plane",
  },
  {
    title: "Sea Freight",
    description:
      "Full container and groupage services from the Freeport of Monrovia to ports across Europe, Asia and the Americas.",
    icon: "ship",
  },
  {
    title: "Road Transport",
    description:
      "Trucking across Liberia and the West African region, from single pallets to heavy and oversized loads.",
    icon: "truck",
  },
];

/** 'Air Freight' → '/services/air-freight', 'Road Transport' → '/services/road-transport'. */
export function homeServicePath(title: string): string {
  return `/services/${title.toLowerCase().replace(" ", "-")}`;
}
