export type Milestone = {
  year: number;
  title: string;
  description: string;
};

export const milestonesSection = {
  title: "Our Journey",
  intro: "From a small freight office in Monrovia to a trusted logistics partner across the globe.",
};

/** The About page timeline, oldest first: seven entries from the 2010 founding to 2025. */
export const milestones: Milestone[] = [
  {
    year: 2010,
    title: "Company Founded",
    description:
      "The company is founded in Monrovia, building on the freight agency its founder had run since 1995, with five staff and one warehouse.",
  },
  {
    year: 2012,
    title: "Air Freight Accreditation",
    description:
      "Accredited as a cargo agent at Roberts International Airport, offering scheduled air freight to Europe and the United States.",
  },
  {
    year: 2014,
    title: "Sea Freight Services",
    description:
      "Weekly consolidated container services launched from the Freeport of Monrovia to Antwerp, Rotterdam and Shanghai.",
  },
  {
    year: 2017,
    title: "Regional Road Network",
    description:
      "Cross-border trucking begins to Sierra Leone, Guinea and Côte d'Ivoire with our own fleet of 40 trucks.",
  },
  {
    year: 2019,
    title: "Bonded Warehouse Opens",
    description:
      "A 6,000 m² bonded warehouse near the Freeport adds storage, pick-and-pack and customs clearance under one roof.",
  },
  {
    year: 2022,
    title: "Online Shipment Tracking",
    description:
      "Customers can follow every shipment online by tracking number, from pickup to final delivery.",
  },
  {
    year: 2025,
    title: "Global Partner Network",
    description:
      "Our partner network grows to more than 230 offices worldwide, carrying over 5,200 tons of cargo for our customers.",
  },
];
