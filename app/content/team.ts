/** Social profiles of a team member; an empty string means the profile link points nowhere. */
type TeamMemberSocial = Record<"linkedin" | "twitter" | "facebook", string>;

export type TeamMember = {
  name: string;
  role: string;
  image: string;
  bio: string;
  social: TeamMemberSocial;
};

export const teamSection = {
  title: "Meet The Team",
  intro:
    "The people who keep your cargo moving, from our headquarters in Monrovia to partner offices around the world.",
};

const noProfiles: TeamMemberSocial = { linkedin: "", twitter: "", facebook: "" };

/** Sample people. */
export const teamMembers: TeamMember[] = [
  {
    name: "Joseph Kollie",
    role: "CEO & Founder",
    image: "/images/team/joseph-kollie.svg",
    bio: "Joseph started as a customs broker at the Freeport of Monrovia and has spent three decades building routes between West Africa and the world.",
    social: noProfiles,
  },
  {
    name: "Fatu Massaquoi",
    role: "Operations Director",
    image: "/images/team/fatu-massaquoi.svg",
    bio: "Fatu runs our warehouses, trucking fleet and port teams, making sure every consignment leaves on time and arrives intact.",
    social: noProfiles,
  },
  {
    name: "Kwame Mensah",
    role: "Head of Sales",
    image: "/images/team/kwame-mensah.svg",
    bio: "Kwame helps importers and exporters find the right mix of air, sea and road freight for their budget and deadlines.",
    social: noProfiles,
  },
  {
    name: "Aminata Diallo",
    role: "Technology Officer",
    image: "/images/team/aminata-diallo.svg",
    bio: "Aminata leads the systems behind our shipment tracking, customs paperwork and customer portal.",
    social: noProfiles,
  },
];
