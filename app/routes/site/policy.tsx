import { PolicyDocument } from "#app/components/site/policy-document.tsx";
import { localizedSeo } from "#app/lib/seo.ts";
import { useRootData } from "#app/root.tsx";
import { loadPolicyPage } from "#app/server/settings/policy-page.server.ts";
import type { Route } from "./+types/policy";

// The privacy policy and the terms of service: app/routes.ts routes both URLs here, each under its own id (and
// their French addresses, which show the French translation).

export const meta: Route.MetaFunction = (args) => {
  if (!args.loaderData) return [];
  const { path, document } = args.loaderData;
  return localizedSeo(args, {
    title: document.title,
    description: args.loaderData.description,
    path,
  });
};

/** The policy in the page's language, with the company's details (policy-page.server.ts). */
export function loader({ pattern, request, context }: Route.LoaderArgs) {
  return loadPolicyPage({ request, context, pattern });
}

export default function Policy({ loaderData }: Route.ComponentProps) {
  const { settings } = useRootData();
  return <PolicyDocument document={loaderData.document} contact={settings} englishPath={loaderData.path} />;
}
