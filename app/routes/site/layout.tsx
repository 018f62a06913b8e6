import { Outlet } from "react-router";
import { BackToTop } from "#app/components/site/layout/back-to-top.tsx";
import { OrganizationJsonLd, organizationJsonLd } from "#app/components/site/layout/organization-json-ld.tsx";
import { SiteFooter } from "#app/components/site/layout/site-footer.tsx";
import { SiteHeader } from "#app/components/site/layout/site-header.tsx";
import { footerBlurb } from "#app/content/company.ts";
import { chromeText, footerServiceLinks, legalLinks } from "#app/content/navigation.ts";
import { servicesContext } from "#app/context.ts";
import { useRootData } from "#app/root.tsx";
import { cachePublicPages } from "#app/server/platform/cache-public-pages.server.ts";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [cachePublicPages];

/**
 * What the chrome shows but never changes in the browser travels as data rather than page code, which
 * keeps every public page's script small: the footer's copy and the organisation's JSON-LD.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { siteSettings, config } = context.get(servicesContext);
  const settings = await siteSettings.get();
  return {
    footer: { blurb: footerBlurb, serviceLinks: footerServiceLinks, legalLinks },
    organizationJsonLd: organizationJsonLd(settings, config.siteUrl),
  };
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { settings } = useRootData();
  return (
    <>
      <a
        id="skip-link"
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:font-medium focus:text-brand-900 focus:shadow-lg"
      >
        {chromeText.skipLink}
      </a>
      <SiteHeader companyName={settings.companyName} phone={settings.phone} email={settings.email} />
      <main id="main" tabIndex={-1} className="pt-18 outline-none">
        <Outlet />
      </main>
      <SiteFooter settings={settings} copy={loaderData.footer} />
      <BackToTop focusTargetId="site-brand" />
      <OrganizationJsonLd json={loaderData.organizationJsonLd} />
    </>
  );
}
