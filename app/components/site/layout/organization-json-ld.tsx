import { foundingYear } from "#app/content/company.ts";
import { useNonce } from "#app/lib/nonce.ts";
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

/** The JSON-LD script element, with the text from {@link organizationJsonLd}. */
export function OrganizationJsonLd({ json }: { json: string }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD needs raw JSON; '<' is escaped.
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}
