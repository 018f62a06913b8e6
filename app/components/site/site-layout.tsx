// The public layout route's component. It stays out of components/site/layout/, which the build bundles into the
// "site" chunk that every page loads, the back office's too (vite.config.ts): in the route's own chunk it weighs
// what it did as the route's code (docs/decisions/023-public-page-weight.md).
import { Outlet } from "react-router";
import { BackToTop } from "#app/components/site/layout/back-to-top.tsx";
import { useChrome } from "#app/components/site/layout/chrome.ts";
import { LanguageOfferDoor } from "#app/components/site/layout/language-switch.tsx";
import { OrganizationJsonLd } from "#app/components/site/layout/organization-json-ld.tsx";
import { SiteFooter } from "#app/components/site/layout/site-footer.tsx";
import { SiteHeader } from "#app/components/site/layout/site-header.tsx";
import { usePageAddresses } from "#app/lib/i18n/use-words.ts";
import { useRootData } from "#app/root.tsx";
import type { SiteLayoutData } from "#app/server/settings/site-chrome-views.ts";

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

/** The public pages' chrome around the page: skip link, header, footer, back-to-top, language offer, hreflang. */
export function SiteLayout({ loaderData }: { loaderData: SiteLayoutData }) {
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
