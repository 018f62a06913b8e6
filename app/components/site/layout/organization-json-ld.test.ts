import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  OrganizationJsonLd,
  organizationJsonLd,
  serializeJsonLd,
} from "#app/components/site/layout/organization-json-ld.tsx";
import { defaultSiteSettings } from "#app/content/company.ts";
import { NonceContext } from "#app/lib/nonce.ts";

describe("serializeJsonLd", () => {
  it("escapes '<' so a value cannot close the script element", () => {
    const json = serializeJsonLd({ name: "</script><script>alert(1)</script>" });
    expect(json).not.toContain("<");
    expect(JSON.parse(json)).toEqual({ name: "</script><script>alert(1)</script>" });
  });
});

describe("OrganizationJsonLd", () => {
  it("renders the organisation with the request's nonce", () => {
    const html = renderToStaticMarkup(
      createElement(
        NonceContext.Provider,
        { value: "abc123" },
        createElement(OrganizationJsonLd, {
          json: organizationJsonLd(
            { ...defaultSiteSettings, companyName: "Acme <Freight>" },
            "https://example.com",
          ),
        }),
      ),
    );
    const match = /^<script type="application\/ld\+json" nonce="abc123">(.*)<\/script>$/.exec(html);
    expect(match).not.toBeNull();
    expect(JSON.parse(match![1]!)).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "Acme <Freight>",
      url: "https://example.com",
      logo: "https://example.com/favicon.svg",
      address: { "@type": "PostalAddress", streetAddress: "Broad and Randell Street, Monrovia, Liberia" },
      telephone: defaultSiteSettings.phone,
      email: defaultSiteSettings.email,
      foundingDate: "1995",
    });
  });
});
