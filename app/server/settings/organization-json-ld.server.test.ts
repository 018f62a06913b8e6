import { describe, expect, it } from "vitest";
import { defaultSiteSettings } from "#app/content/company.ts";
import { organizationJsonLd, serializeJsonLd } from "#app/server/settings/organization-json-ld.server.ts";

describe("serializeJsonLd", () => {
  it("escapes '<' so a value cannot close the script element", () => {
    const json = serializeJsonLd({ name: "</script><script>alert(1)</script>" });
    expect(json).not.toContain("<");
    expect(JSON.parse(json)).toEqual({ name: "</script><script>alert(1)</script>" });
  });
});

describe("organizationJsonLd", () => {
  it("describes the organisation from the site settings", () => {
    const json = organizationJsonLd(
      { ...defaultSiteSettings, companyName: "Acme <Freight>" },
      "https://example.com",
    );
    expect(json).not.toContain("<");
    expect(JSON.parse(json)).toEqual({
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
