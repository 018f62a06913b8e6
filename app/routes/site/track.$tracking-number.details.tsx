import type { ReactNode } from "react";
import { TrackingDetailsPage } from "#app/components/site/tracking/tracking-details-page.tsx";
import { localizedSeo, translateFromMatches } from "#app/lib/seo.ts";
import {
  loadTrackingDetailsPage,
  trackingDetailsPageAction,
} from "#app/server/customers/tracking-details-page.server.ts";
import type { Route } from "./+types/track.$tracking-number.details";

// 'Show full details' of one shipment (tracking in tiers): its parties unmasked, its goods and its
// documents, for a signed-in customer of the shipment, or for 24 hours after a code sent to the e-mail or
// mobile number on file for its shipper or consignee. A page of its own, so the tracking page's script stays
// within its budget; it works without JavaScript (plain forms, answers rendered on the server).

// No import of app/lib/tracking-number.ts in what the browser runs: the loader gives the paths (see the updates
// page: a module shared with the tracking page would split out of its chunk).
export const meta: Route.MetaFunction = (args) => {
  const { loaderData } = args;
  const found = loaderData?.kind === "details" || loaderData?.kind === "ask" ? loaderData : null;
  const t = translateFromMatches(args.matches);
  return localizedSeo(args, {
    title: found ? t("Full details of {number}", { number: found.number }) : "Full details",
    description: "A shipment's full details, for its shipper and its consignee.",
    path: found ? `${found.trackingPath}/details` : "/track",
    noindex: true,
  });
};

export function loader({ params, context, request }: Route.LoaderArgs) {
  return loadTrackingDetailsPage({ request, context, trackingNumber: params.trackingNumber });
}

export function action({ params, context, request }: Route.ActionArgs) {
  return trackingDetailsPageAction({ request, context, trackingNumber: params.trackingNumber });
}

/** Full details are personal: never stored by a cache, never indexed. */
export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const headers = new Headers({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

// The component as it is, not inside a function of this module: the page's script carries no more for being
// split in a route and a page (the check keeps its props those of the route).
export default TrackingDetailsPage satisfies (props: Route.ComponentProps) => ReactNode;
