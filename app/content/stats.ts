type ImpactStatIcon = "package" | "building" | "users" | "weight";

type ImpactStat = {
  value: number;
  label: string;
  suffix: string;
  icon: ImpactStatIcon;
};

export const impactSection = {
  title: "Our Global Impact",
  subtitle: "We continue to expand our reach and services across the globe",
};

export const impactStats: ImpactStat[] = [
  { value: 9800, label: "Packages", suffix: "+", icon: "package" },
  { value: 230, label: "Offices", suffix: "+", icon: "building" },
  { value: 1200, label: "Employees", suffix: "+", icon: "users" },
  { value: 5200, label: "Tons", suffix: "+", icon: "weight" },
];

/** Counter animation: 120 steps at about 60 per second (about 2 s). */
export const counterSteps = 120;
export const counterStepMs = 1000 / 60;
/** Share of the band that must be visible before the tiles appear. */
export const impactRevealThreshold = 0.2;
/** Delay between one tile's entrance and the next. */
export const impactTileStaggerMs = 100;

const numberFormats = { en: new Intl.NumberFormat("en-US"), fr: new Intl.NumberFormat("fr-FR") };

/** 9800 and '+' → '9,800+' (in French '9 800+'). */
export function formatStat(value: number, suffix: string, locale: "en" | "fr" = "en"): string {
  return `${numberFormats[locale].format(value)}${suffix}`;
}
