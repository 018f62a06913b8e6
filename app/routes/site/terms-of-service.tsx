import { PolicyDocument } from "~/components/site/policy-document";
import { defaultSiteSettings } from "~/content/company";
import { fillPolicyText, termsOfService } from "~/content/policies";
import { seo } from "~/lib/seo";
import { useRootData } from "~/root";
import type { Route } from "./+types/terms-of-service";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = matches[0]?.loaderData;
  if (!loaderData) return [];
  const { title, description } = loaderData.document;
  return seo(
    {
      title,
      description: fillPolicyText(description, root?.settings ?? defaultSiteSettings),
      path: "/terms-of-service",
    },
    root,
  );
};

// The policy's text travels as loader data rather than page code, which keeps the page's script small.
export function loader() {
  return { document: termsOfService };
}

export default function TermsOfService({ loaderData }: Route.ComponentProps) {
  const { settings } = useRootData();
  return <PolicyDocument document={loaderData.document} contact={settings} />;
}
