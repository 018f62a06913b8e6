import { PolicyDocument } from "~/components/site/policy-document";
import { defaultSiteSettings } from "~/content/company";
import { fillPolicyText, privacyPolicy } from "~/content/policies";
import { seo } from "~/lib/seo";
import { useRootData } from "~/root";
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.loaderData;
  const description = fillPolicyText(privacyPolicy.description, root?.settings ?? defaultSiteSettings);
  return seo({ title: privacyPolicy.title, description, path: "/privacy-policy" }, root);
};

export default function PrivacyPolicy() {
  const { settings } = useRootData();
  return <PolicyDocument document={privacyPolicy} contact={settings} />;
}
