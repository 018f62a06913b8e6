import { ServicesPage } from "#app/components/site/services/services-page.tsx";
import { servicesPage } from "#app/content/services.ts";
import { localizedSeo } from "#app/lib/seo.ts";
import { formPageHeaders } from "#app/server/platform/forms.server.ts";
import { loadServicesPage, servicesPageAction } from "#app/server/quotes/service-pages.server.ts";
import type { Route } from "./+types/services";

export const meta: Route.MetaFunction = (args) =>
  localizedSeo(args, {
    title: servicesPage.title,
    description: servicesPage.seoDescription,
    path: "/services",
  });

export function loader({ request }: Route.LoaderArgs) {
  return loadServicesPage({ request });
}

/** The inquiry form beside the services stores a quote request (service-pages.server.ts). */
export function action({ request, context }: Route.ActionArgs) {
  return servicesPageAction({ request, context });
}

export const headers: Route.HeadersFunction = formPageHeaders;

// The page component is the route's own export, not wrapped in one more function that would add to
// the page's script (docs/decisions/023-public-page-weight.md).
export default ServicesPage;
