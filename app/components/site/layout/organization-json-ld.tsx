import { useNonce } from "#app/lib/nonce.ts";

/**
 * The JSON-LD script element, with the organisation's data as the site layout's loader built it
 * (app/server/settings/organization-json-ld.server.ts).
 */
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
