// The privacy policy and the terms of service (app/routes/site/policy.tsx), with the company's details from the
// site settings: app/routes.ts routes both URLs there, each under its own id (and their French addresses, which
// show the French translation).
import { data, type RouterContextProvider } from "react-router";
import * as french from "#app/content/fr/policies.ts";
import { elidePolicy, fillPolicyText, privacyPolicy, termsOfService } from "#app/content/policies.ts";
import { servicesContext } from "#app/context.ts";
import { localeOf } from "#app/lib/i18n/locale.ts";
import { englishPattern } from "#app/lib/i18n/paths.ts";
import { wordsFor } from "#app/server/i18n/words.server.ts";

type Ctx = Readonly<RouterContextProvider>;

/** The policy documents by their page's English path, in each language. */
const POLICIES = {
  en: { "/privacy-policy": privacyPolicy, "/terms-of-service": termsOfService },
  fr: { "/privacy-policy": french.privacyPolicy, "/terms-of-service": french.termsOfService },
} as const;

type PolicyPath = keyof (typeof POLICIES)["en"];

const isPolicyPath = (path: string): path is PolicyPath => Object.hasOwn(POLICIES.en, path);

// The policy's text travels as loader data rather than page code, which keeps the page's script small.
export async function loadPolicyPage({
  request,
  context,
  pattern,
}: {
  request: Request;
  context: Ctx;
  pattern: string;
}) {
  // React Router gives the matched route's pattern without its leading slash ("privacy-policy"); a French
  // page's is its French pattern ("fr/politique-de-confidentialite").
  const path = englishPattern(pattern);
  if (!isPolicyPath(path)) throw data(null, { status: 404 });
  const locale = localeOf(request);
  const settings = await context.get(servicesContext).siteSettings.get();
  // The French copy elided before the company's name here ('qu'{companyName}'): the page fills the placeholders
  // alone, and the elision stays out of its script.
  const document = locale === "fr" ? elidePolicy(POLICIES.fr[path], settings) : POLICIES.en[path];
  // The description with the company's details filled in here, so the page's script needs no defaults.
  const description = fillPolicyText(document.description, settings);
  return { path, document, description, words: wordsFor(locale, "policies") };
}
