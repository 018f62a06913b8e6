// The words and links of the public chrome (header, footer, skip link, back-to-top, tracking box), in the page's
// language, as the public layout's data (app/routes/site/layout.tsx builds them): they never change in the
// browser, so no page's script carries them or a translator for them (decision 030).
import { useRouteLoaderData } from "react-router";

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

export function useChrome(): Chrome {
  return (useRouteLoaderData("routes/site/layout") as { chrome: Chrome }).chrome;
}
