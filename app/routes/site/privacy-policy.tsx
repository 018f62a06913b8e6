import { PolicyDocument } from "#app/components/site/policy-document.tsx";
import { defaultSiteSettings } from "#app/content/company.ts";
import { fillPolicyText, privacyPolicy } from "#app/content/policies.ts";
import { seo } from "#app/lib/seo.ts";
import { useRootData } from "#app/root.tsx";
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = matches[0]?.loaderData;
  if (!loaderData) return [];
  const { title, description } = loaderData.document;
  return seo(
    {
      title,
      description: fillPolicyText(description, root?.settings ?? defaultSiteSettings),
      path: "/privacy-policy",
    },
    root,
  );
};

// The policy's text travels as loader data rather than page code, which keeps the page's script small.
export function loader() {
  return { document: privacyPolicy };
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  const { settings } = useRootData();
  return <PolicyDocument document={loaderData.document} contact={settings} />;
}
