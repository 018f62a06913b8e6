import type { ReactNode } from "react";
import { TrackingUpdatesPage } from "#app/components/site/tracking/tracking-updates-page.tsx";
import { localizedSeo, translateFromMatches } from "#app/lib/seo.ts";
import {
  loadTrackingUpdatesPage,
  trackingUpdatesPageAction,
} from "#app/server/notifications/tracking-updates-page.server.ts";
import type { Route } from "./+types/track.$tracking-number.updates";

// 'Get updates' for one shipment (decision 014): an e-mail address (confirmed by a link) or, when SMS is on, a
// mobile number (confirmed by a 6-digit code). A page of its own, not a part of the tracking page, so the
// tracking page's script stays within its budget; it works without JavaScript (plain forms, answers rendered
// on the server). The answer is the same whether or not the address was already subscribed.

// No import of app/lib/tracking-number.ts in what the browser runs: the loader gives the paths. Another route
// sharing that module would split it out of the tracking page's chunk into one more file (budget.spec.ts).
export const meta: Route.MetaFunction = (args) => {
  const { loaderData } = args;
  const found = loaderData?.kind === "found" ? loaderData : null;
  const t = translateFromMatches(args.matches);
  return localizedSeo(args, {
    title: found ? `${t("Get updates about")} ${found.number}` : "Get updates",
    description: "Updates about a shipment by e-mail or text message.",
    path: found ? `${found.trackingPath}/updates` : "/track",
    noindex: true,
  });
};

export function loader({ params, context, request }: Route.LoaderArgs) {
  return loadTrackingUpdatesPage({ request, context, trackingNumber: params.trackingNumber });
}

export function action({ params, context, request }: Route.ActionArgs) {
  return trackingUpdatesPageAction({ request, context, trackingNumber: params.trackingNumber });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const headers = new Headers({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

// The component as it is, not inside a function of this module: the page's script carries no more for being
// split in a route and a page (the check keeps its props those of the route).
export default TrackingUpdatesPage satisfies (props: Route.ComponentProps) => ReactNode;
