import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { PolicyDocument } from "#app/components/site/policy-document.tsx";
import { defaultSiteSettings } from "#app/content/company.ts";
import {
  privacyPolicy as frenchPrivacyPolicy,
  termsOfService as frenchTerms,
} from "#app/content/fr/policies.ts";
import { elidePolicy, privacyPolicy } from "#app/content/policies.ts";
import { policies } from "#app/server/i18n/fr/policies.ts";

/** The document the next render shows (set by `render`, read by the page). */
let shown = privacyPolicy;

function Page() {
  return <PolicyDocument document={shown} contact={defaultSiteSettings} englishPath="/privacy-policy" />;
}

/** The policy page at `path`, with the French words as its loader sent them. */
function render(path: string, document: typeof privacyPolicy, words?: Record<string, string>) {
  shown = document;
  const Stub = createRoutesStub([{ id: "policy", path, Component: Page }]);
  return renderToString(
    <Stub initialEntries={[path]} hydrationData={{ loaderData: { policy: { words } } }} />,
  );
}

describe("a policy page", () => {
  it("in French says it is a translation, the English text prevailing, and links to the English one", () => {
    const html = render("/fr/politique-de-confidentialite", frenchPrivacyPolicy, policies);
    expect(html).toContain(
      "Ce document est une traduction du texte anglais, qui prévaut en cas de divergence.",
    );
    expect(html).toMatch(/<a[^>]*href="\/privacy-policy"[^>]*>Lire la version anglaise<\/a>/);
    expect(html).toContain("Dernière mise à jour :");
    expect(html).toContain("21 novembre 2026");
    expect(html).toContain("Qui est responsable de vos données");
  });

  it("marks the company's name and contact details as data, the same in every language", () => {
    const html = render("/fr/politique-de-confidentialite", frenchPrivacyPolicy, policies);
    expect(html).toContain(`<span translate="no">${defaultSiteSettings.companyName}</span>`);
    expect(html).toContain(`<span translate="no">${defaultSiteSettings.phone}</span>`);
    expect(html).toMatch(new RegExp(`<a[^>]*translate="no"[^>]*>${defaultSiteSettings.email}</a>`));
  });

  it("in English has no translation note and its date as before", () => {
    const html = render("/privacy-policy", privacyPolicy);
    expect(html).not.toContain("translation");
    expect(html).toContain("November 21, 2026");
    expect(html).toContain("On this page");
  });

  it("fills the French text its loader elided: 'qu'Unitrans', the name marked as data", () => {
    const html = render(
      "/fr/conditions-d-utilisation",
      elidePolicy(frenchTerms, defaultSiteSettings),
      policies,
    );
    expect(html).toContain(
      `qu&#x27;<span translate="no">${defaultSiteSettings.companyName}</span> (« nous »)`,
    );
  });
});
