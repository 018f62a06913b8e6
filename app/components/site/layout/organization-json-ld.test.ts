import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { OrganizationJsonLd } from "#app/components/site/layout/organization-json-ld.tsx";
import { NonceContext } from "#app/lib/nonce.ts";

describe("OrganizationJsonLd", () => {
  it("renders the organisation's JSON (organization-json-ld.server.ts) with the request's nonce", () => {
    const json = '{"@type":"Organization","name":"Acme \\u003cFreight>"}';
    const html = renderToStaticMarkup(
      createElement(NonceContext.Provider, { value: "abc123" }, createElement(OrganizationJsonLd, { json })),
    );
    const match = /^<script type="application\/ld\+json" nonce="abc123">(.*)<\/script>$/.exec(html);
    expect(match).not.toBeNull();
    expect(match![1]).toBe(json);
    expect(JSON.parse(match![1]!)).toEqual({ "@type": "Organization", name: "Acme <Freight>" });
  });
});
