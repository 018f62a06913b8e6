import { Outlet } from "react-router";
import { BackToTop } from "#app/components/site/layout/back-to-top.tsx";
import { type Chrome, useChrome } from "#app/components/site/layout/chrome.ts";
import { LanguageOfferDoor } from "#app/components/site/layout/language-switch.tsx";
import { OrganizationJsonLd, organizationJsonLd } from "#app/components/site/layout/organization-json-ld.tsx";
import { SiteFooter } from "#app/components/site/layout/site-footer.tsx";
import { SiteHeader } from "#app/components/site/layout/site-header.tsx";
import { footerBlurb } from "#app/content/company.ts";
import {
  chromeText,
  footerServiceLinks,
  legalLinks,
  navigationItems,
  trackPackageLink,
} from "#app/content/navigation.ts";
import { servicesContext } from "#app/context.ts";
import { type Locale, localeOf } from "#app/lib/i18n/locale.ts";
import { englishPath, FRENCH_PATHS, localizePath } from "#app/lib/i18n/paths.ts";
import type { Translate } from "#app/lib/i18n/translate.ts";
import type { LanguageData } from "#app/lib/i18n/use-words.ts";
import { usePageAddresses } from "#app/lib/i18n/use-words.ts";
import { requestedPath } from "#app/lib/request-path.ts";
import { useRootData } from "#app/root.tsx";
import { translatorFor, wordsFor } from "#app/server/i18n/words.server.ts";
import { cachePublicPages } from "#app/server/platform/cache-public-pages.server.ts";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [cachePublicPages];

/**
 * What the chrome shows but never changes in the browser travels as data rather than page code, which
 * keeps every public page's script small: the footer's copy and the organisation's JSON-LD.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { siteSettings, config } = context.get(servicesContext);
  const settings = await siteSettings.get();
  const locale = localeOf(request);
  const t = translatorFor(locale);
  const localized = (links: typeof legalLinks) =>
    links.map((link) => ({ name: t(link.name), path: localizePath(link.path, locale) }));
  return {
    footer: {
      blurb: t(footerBlurb),
      serviceLinks: localized(footerServiceLinks),
      legalLinks: localized(legalLinks),
    },
    organizationJsonLd: organizationJsonLd(settings, config.siteUrl),
    chrome: chromeOf(t, locale, settings.businessHours),
    // The French words of the error pages; none on an English page (decision 030).
    words: wordsFor(locale, "site"),
    language: languageData(request),
  };
}

/** The chrome's words and links in the page's language (chrome.ts). */
function chromeOf(t: Translate, locale: Locale, businessHours: Chrome["businessHours"]): Chrome {
  const to = (path: string) => localizePath(path, locale);
  const trackName = t(trackPackageLink.name);
  const trackShort = t("Track");
  return {
    home: to("/"),
    navigation: navigationItems.map((item) => ({ name: t(item.name), path: to(item.path) })),
    skipLink: t(chromeText.skipLink),
    mainNavigation: t(chromeText.mainNavigation),
    menu: t(chromeText.menu),
    backToTop: t(chromeText.backToTop),
    quickLinks: t(chromeText.quickLinks),
    services: t(chromeText.services),
    contact: t(chromeText.contact),
    followUs: t(chromeText.followUs),
    copyright: t(chromeText.copyright),
    track: {
      path: to(trackPackageLink.path),
      name: trackName,
      short: trackShort,
      rest: trackName.startsWith(trackShort) ? trackName.slice(trackShort.length) : "",
    },
    trackSearch: { label: t("Track a shipment"), button: trackShort, action: to("/track") },
    businessHours: businessHours.map((entry) => ({ days: t(entry.days), hours: t(entry.hours) })),
  };
}

/** The page's address in each language, and on a French page the address table its links need. */
function languageData(request: Request): LanguageData {
  // A navigation in the browser asks for '/fr/suivi/X.data?_routes=…': the page's address is without them.
  const english = englishPath(requestedPath(request).replace(/^\/_root(?=$|\?)/, "/"));
  return {
    addresses: { en: english, fr: localizePath(english, "fr") },
    paths: localeOf(request) === "fr" ? FRENCH_PATHS : undefined,
  };
}

/** The addresses of the page in each language are this layout's data: it is asked again on every navigation. */
export const shouldRevalidate = () => true;

/**
 * This page's address in each language for search engines (`hreflang`), English as the default. React puts
 * the links in the head.
 */
function AlternateLinks({ siteUrl }: { siteUrl: string }) {
  const { en, fr } = usePageAddresses();
  return (
    <>
      {en ? <link rel="alternate" hrefLang="en" href={siteUrl + en} /> : null}
      {fr ? <link rel="alternate" hrefLang="fr" href={siteUrl + fr} /> : null}
      {en ? <link rel="alternate" hrefLang="x-default" href={siteUrl + en} /> : null}
    </>
  );
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { settings, siteUrl } = useRootData();
  const chrome = useChrome();
  return (
    <>
      <a
        id="skip-link"
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:font-medium focus:text-brand-900 focus:shadow-lg"
      >
        {chrome.skipLink}
      </a>
      <SiteHeader companyName={settings.companyName} phone={settings.phone} email={settings.email} />
      <main id="main" tabIndex={-1} className="pt-18 outline-none">
        <Outlet />
      </main>
      <SiteFooter settings={settings} copy={loaderData.footer} />
      <BackToTop focusTargetId="site-brand" />
      <LanguageOfferDoor />
      <AlternateLinks siteUrl={siteUrl} />
      <OrganizationJsonLd json={loaderData.organizationJsonLd} />
    </>
  );
}
