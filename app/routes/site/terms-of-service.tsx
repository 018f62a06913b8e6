import { PolicyDocument } from "~/components/site/policy-document";
import { defaultSiteSettings } from "~/content/company";
import { fillPolicyText, termsOfService } from "~/content/policies";
import { seo } from "~/lib/seo";
import { useRootData } from "~/root";
import type { Route } from "./+types/terms-of-service";

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.loaderData;
  const description = fillPolicyText(termsOfService.description, root?.settings ?? defaultSiteSettings);
  return seo({ title: termsOfService.title, description, path: "/terms-of-service" }, root);
};

export default function TermsOfService() {
  const { settings } = useRootData();
  return <PolicyDocument document={termsOfService} contact={settings} />;
}
