import { Link, useLocation } from "react-router";
import { Icon } from "#app/components/site/icons.tsx";
import { useChrome } from "#app/components/site/layout/chrome.ts";
import { LanguageSwitch } from "#app/components/site/layout/language-switch.tsx";
import { telHref } from "#app/components/site/layout/site-links.ts";
import {
  SocialLink,
  type SocialNetwork,
  socialNetworkNames,
} from "#app/components/site/layout/social-link.tsx";
import { TrackSearch } from "#app/components/site/layout/track-search.tsx";
import type { NavigationItem } from "#app/content/navigation.ts";
import type { SiteSettings } from "#app/schemas/site-settings.ts";

const footerSocialNetworks: SocialNetwork[] = ["facebook", "twitter", "linkedin", "instagram"];

const linkClass = "text-slate-300 transition-colors hover:text-white hover:underline";
const headingClass = "mb-4 text-base font-semibold text-white";

/** The footer's fixed copy, which the layout's loader sends (content/ in page data, not page code). */
export type FooterCopy = {
  blurb: string;
  serviceLinks: NavigationItem[];
  legalLinks: NavigationItem[];
};

/** A tracking search, four columns (company, quick links, services, contact) and the copyright line. */
export function SiteFooter({ settings, copy }: { settings: SiteSettings; copy: FooterCopy }) {
  const year = new Date().getFullYear();
  // The tracking pages have their own search form at the top.
  const chrome = useChrome();
  const { pathname } = useLocation();
  const onTrackingPage = /^\/(?:fr\/suivi|track)(?:\/|$)/.test(pathname);
  // The company's name is data (the same in every language), the words around it are the page's language.
  const [copyrightBefore, copyrightAfter] = chrome.copyright
    .replace("{year}", String(year))
    .split("{companyName}");
  return (
    <footer className="bg-brand-900 text-sm text-slate-300">
      {onTrackingPage ? null : (
        <div className="border-b border-white/10">
          <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
            <TrackSearch id="footer-tracking-number" label={chrome.trackSearch.label} className="max-w-xl" />
          </div>
        </div>
      )}
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div>
          <p className="mb-4 flex items-center gap-2 text-lg font-bold text-white">
            <img src="/favicon.svg" alt="" width={32} height={32} className="h-8 w-8" />
            <span translate="no">{settings.companyName}</span>
          </p>
          <p className="mb-5 leading-relaxed">{copy.blurb}</p>
          <ul aria-label={chrome.followUs} className="flex gap-2">
            {footerSocialNetworks.map((network) => (
              <li key={network}>
                <SocialLink
                  network={network}
                  url={settings.social[network]}
                  label={socialNetworkNames[network]}
                  className="bg-white/10 text-white hover:bg-accent-700"
                />
              </li>
            ))}
          </ul>
        </div>

        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className={headingClass}>
            {chrome.quickLinks}
          </h2>
          <ul className="space-y-2">
            {chrome.navigation.map((item) => (
              <li key={item.path}>
                <Link to={item.path} className={linkClass}>
                  {item.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <nav aria-labelledby="footer-services">
          <h2 id="footer-services" className={headingClass}>
            {chrome.services}
          </h2>
          <ul className="space-y-2">
            {copy.serviceLinks.map((item) => (
              <li key={item.name}>
                <Link to={item.path} className={linkClass}>
                  {item.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className={headingClass}>{chrome.contact}</h2>
          <address className="space-y-3 not-italic">
            <p className="flex gap-3">
              <Icon name="map-pin" aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-accent-500" />
              <span translate="no">{settings.address}</span>
            </p>
            <p className="flex gap-3">
              <Icon name="phone" aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-accent-500" />
              <a href={telHref(settings.phone)} className={linkClass} translate="no">
                {settings.phone}
              </a>
            </p>
            <p className="flex gap-3">
              <Icon name="mail" aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-accent-500" />
              <a href={`mailto:${settings.email}`} className={`${linkClass} break-all`} translate="no">
                {settings.email}
              </a>
            </p>
          </address>
          <div className="mt-3 flex gap-3">
            <Icon name="clock" aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-accent-500" />
            <ul className="space-y-1">
              {/* Staff write the hours in Settings; the default ones read in the page's language. */}
              {chrome.businessHours.map((entry) => (
                <li key={entry.days}>
                  <span className="text-white">{entry.days}:</span> {entry.hours}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>

      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p suppressHydrationWarning>
            {copyrightBefore}
            <span translate="no">{settings.companyName}</span>
            {copyrightAfter}
          </p>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <LanguageSwitch className={linkClass} />
            </li>
            {copy.legalLinks.map((item) => (
              <li key={item.path}>
                <Link to={item.path} className={linkClass}>
                  {item.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
