// The organisation's JSON-LD, built by the public layout's loader (site-layout.server.ts), so the pages ship no
// code for it; components/site/layout/organization-json-ld.tsx writes it into the page.
import { foundingYear } from "#app/content/company.ts";
import type { SiteSettings } from "#app/schemas/site-settings.ts";

/** JSON for a `<script>` element: `<` is escaped so no value can close the element. */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/**
 * schema.org Organization data for search engines, as the script element's text. The site layout's
 * loader builds it, so the pages ship no code for it.
 */
export function organizationJsonLd(settings: SiteSettings, siteUrl: string): string {
  return serializeJsonLd({
    "@context": "https://schema.org",
    "@type": "Organization",
    name: settings.companyName,
    url: siteUrl,
    logo: `${siteUrl}/favicon.svg`,
    address: { "@type": "PostalAddress", streetAddress: settings.address },
    telephone: settings.phone,
    email: settings.email,
    foundingDate: String(foundingYear),
  });
}
