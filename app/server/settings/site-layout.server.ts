// The public site's layout (app/routes/site/layout.tsx): what the chrome shows but never changes in the browser
// travels as data rather than page code, which keeps every public page's script small: the footer's copy, the
// chrome's words and links, and the organisation's JSON-LD.
import type { RouterContextProvider } from "react-router";
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
import { requestedPath } from "#app/lib/request-path.ts";
import { translatorFor, wordsFor } from "#app/server/i18n/words.server.ts";
import { organizationJsonLd } from "#app/server/settings/organization-json-ld.server.ts";
import type { Chrome } from "#app/server/settings/site-chrome-views.ts";

type Ctx = Readonly<RouterContextProvider>;

/** The layout's data in the page's language; it is asked again on every navigation (the page's addresses). */
export async function loadSiteLayout({ request, context }: { request: Request; context: Ctx }) {
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
