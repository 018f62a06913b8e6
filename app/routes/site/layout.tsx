import { SiteLayout } from "#app/components/site/site-layout.tsx";
import { cachePublicPages } from "#app/server/platform/cache-public-pages.server.ts";
import { loadSiteLayout } from "#app/server/settings/site-layout.server.ts";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [cachePublicPages];

/**
 * What the chrome shows but never changes in the browser travels as data rather than page code, which
 * keeps every public page's script small: the footer's copy and the organisation's JSON-LD.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadSiteLayout({ request, context });
}

/** The addresses of the page in each language are this layout's data: it is asked again on every navigation. */
export const shouldRevalidate = () => true;

// The layout component is the route's own export, not wrapped in one more function that would add to
// every public page's script (docs/decisions/023-public-page-weight.md).
export default SiteLayout;
