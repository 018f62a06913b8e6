import { isRouteErrorResponse } from "react-router";
import { ServicePage } from "#app/components/site/services/service-page.tsx";
import { useT } from "#app/lib/i18n/use-words.ts";
import { localizedSeo } from "#app/lib/seo.ts";
import NotFound from "#app/routes/site/not-found.tsx";
import { loadServicePage } from "#app/server/quotes/service-pages.server.ts";
import type { Route } from "./+types/services.$service-id";

export const meta: Route.MetaFunction = (args) => {
  const service = args.loaderData?.service;
  if (!service) {
    return localizedSeo(args, {
      title: "Package Not Found",
      description: "This page does not exist.",
      path: args.location.pathname,
      noindex: true,
    });
  }
  return localizedSeo(args, {
    title: service.title,
    description: service.seoDescription,
    path: `/services/${service.id}`,
    image: service.image.src,
  });
};

/** One service's copy in the page's language, an unknown one a 404 (service-pages.server.ts). */
export function loader({ params, request }: Route.LoaderArgs) {
  return loadServicePage({ request, serviceId: params.serviceId });
}

// The page component is the route's own export, not wrapped in one more function that would add to
// the page's script (docs/decisions/023-public-page-weight.md).
export default ServicePage;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : t("Something went wrong.");
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-2xl flex-col justify-center gap-4 p-8">
      <h1 className="text-2xl font-bold text-slate-900">{t("Unexpected Application Error!")}</h1>
      <p className="text-slate-700">{message}</p>
    </section>
  );
}
