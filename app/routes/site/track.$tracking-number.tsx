import type { ReactNode } from "react";
import {
  TrackingNumberError,
  TrackingNumberPage,
} from "#app/components/site/tracking/tracking-number-page.tsx";
import { localizedSeo, translateFromMatches } from "#app/lib/seo.ts";
import { trackingPath } from "#app/lib/tracking-number.ts";
import { loadTrackingPage } from "#app/server/customers/tracking-page.server.ts";
import { cacheTrackingPages } from "#app/server/shipments/cache-tracking-pages.server.ts";
import type { Route } from "./+types/track.$tracking-number";

/** A found shipment's page is kept until the shipment changes; the rate limiter counts every request (decision 031). */
export const middleware: Route.MiddlewareFunction[] = [cacheTrackingPages];

export const meta: Route.MetaFunction = (args) => {
  const { loaderData } = args;
  const number = loaderData && "number" in loaderData ? loaderData.number : "";
  const t = translateFromMatches(args.matches);
  return localizedSeo(args, {
    title: number ? `${t("Tracking")} ${number}` : "Track Package",
    description: "Shipment status, route and status history.",
    path: number ? trackingPath(number) : "/track",
    noindex: true,
  });
};

export function loader({ params, context, request }: Route.LoaderArgs) {
  return loadTrackingPage({ request, context, trackingNumber: params.trackingNumber });
}

/** Results are personal and change: never stored by shared caches, never indexed. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });
  const retryAfter = loaderHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

// The component as it is, not inside a function of this module: the page's script carries no more for being
// split in a route and a page (the check keeps its props those of the route).
export default TrackingNumberPage satisfies (props: Route.ComponentProps) => ReactNode;

/** The spec: a failed lookup shows the not-found view too (the error itself is logged on the server). */
export const ErrorBoundary = TrackingNumberError satisfies (props: Route.ErrorBoundaryProps) => ReactNode;
