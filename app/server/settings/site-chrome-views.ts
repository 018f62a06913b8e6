// What the public layout gives its pages (app/components/site/layout), as its loader builds it: types only.
import type { LanguageData } from "#app/lib/i18n/use-words.ts";

export type ChromeLink = { name: string; path: string };

export type Chrome = {
  home: string;
  navigation: ChromeLink[];
  skipLink: string;
  mainNavigation: string;
  menu: string;
  backToTop: string;
  quickLinks: string;
  services: string;
  contact: string;
  followUs: string;
  /** '© {year} {companyName}. All rights reserved.', the year filled in the browser. */
  copyright: string;
  /** 'Track Package' and its first word, shown alone on phones. */
  track: { path: string; name: string; short: string; rest: string };
  /** The tracking box: its label in the footer, its button, where it goes. */
  trackSearch: { label: string; button: string; action: string };
  /** Staff's business hours, the default ones in the page's language. */
  businessHours: { days: string; hours: string }[];
};

/** The public layout's data: the footer's copy, the organisation's JSON-LD, the chrome, the page's addresses. */
export type SiteLayoutData = {
  footer: { blurb: string; serviceLinks: ChromeLink[]; legalLinks: ChromeLink[] };
  /** schema.org Organization data, as the script element's text. */
  organizationJsonLd: string;
  chrome: Chrome;
  language: LanguageData;
};
