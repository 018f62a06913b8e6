/** A link in the site's navigation: a label and the path it opens. */
export type NavigationItem = {
  name: string;
  path: string;
};

/** Top bar and footer 'Quick Links'. */
export const navigationItems: NavigationItem[] = [
  { name: "Home", path: "/" },
  { name: "Services", path: "/services" },
  { name: "About", path: "/about" },
  { name: "Blog", path: "/blog" },
  { name: "Contact", path: "/contact" },
];

/** The accent button at the end of the top bar (its first word only on phones, beside the menu button). */
export const trackPackageLink: NavigationItem = { name: "Track Package", path: "/track" };

/** Footer 'Our Services' column. Trucking is labelled Road Transport; Warehousing and Project Cargo open /services. */
export const footerServiceLinks: NavigationItem[] = [
  { name: "Air Freight", path: "/services/air-freight" },
  { name: "Sea Freight", path: "/services/sea-freight" },
  { name: "Road Transport", path: "/services/trucking" },
  { name: "Warehousing", path: "/services" },
  { name: "Project Cargo", path: "/services" },
];

export const legalLinks: NavigationItem[] = [
  { name: "Privacy Policy", path: "/privacy-policy" },
  { name: "Terms of Service", path: "/terms-of-service" },
];

export const chromeText = {
  skipLink: "Skip to main content",
  mainNavigation: "Main",
  menu: "Menu",
  backToTop: "Back to top",
  quickLinks: "Quick Links",
  services: "Our Services",
  contact: "Contact Us",
  followUs: "Follow us",
  /** A template: `{year}` and `{companyName}` are filled in (app/lib/i18n/translate.ts). */
  copyright: "© {year} {companyName}. All rights reserved.",
};

/** Pixels scrolled before the top bar condenses, and before the back-to-top button shows. */
export const headerCondenseOffset = 50;
export const backToTopOffset = 300;
