import { data } from "react-router";
import { PolicyDocument } from "#app/components/site/policy-document.tsx";
import { defaultSiteSettings } from "#app/content/company.ts";
import { fillPolicyText, privacyPolicy, termsOfService } from "#app/content/policies.ts";
import { seo } from "#app/lib/seo.ts";
import { useRootData } from "#app/root.tsx";
import type { Route } from "./+types/policy";

// The privacy policy and the terms of service: app/routes.ts routes both URLs here, each under its own id.

/** The policy documents by their page's path. */
const POLICIES = {
  "/privacy-policy": privacyPolicy,
  "/terms-of-service": termsOfService,
} as const;

type PolicyPath = keyof typeof POLICIES;

const isPolicyPath = (path: string): path is PolicyPath => Object.hasOwn(POLICIES, path);

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = matches[0]?.loaderData;
  if (!loaderData) return [];
  const { path, document } = loaderData;
  return seo(
    {
      title: document.title,
      description: fillPolicyText(document.description, root?.settings ?? defaultSiteSettings),
      path,
    },
    root,
  );
};

// The policy's text travels as loader data rather than page code, which keeps the page's script small.
export function loader({ pattern }: Route.LoaderArgs) {
  // React Router gives the matched route's pattern without its leading slash ("privacy-policy").
  const path = pattern.startsWith("/") ? pattern : `/${pattern}`;
  if (!isPolicyPath(path)) throw data(null, { status: 404 });
  return { path, document: POLICIES[path] };
}

export default function Policy({ loaderData }: Route.ComponentProps) {
  const { settings } = useRootData();
  return <PolicyDocument document={loaderData.document} contact={settings} />;
}
