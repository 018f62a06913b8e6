import { redirect } from "react-router";
import { TrackingPage } from "#app/components/site/tracking/tracking-page.tsx";
import { seo } from "#app/lib/seo.ts";
import {
  MAX_TRACKING_NUMBER_LENGTH,
  normalizeTrackingNumber,
  trackingPath,
} from "#app/lib/tracking-number.ts";
import type { Route } from "./+types/track";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(
    {
      title: "Track Package",
      description:
        "Track your shipment with its tracking number: current location, status history and estimated delivery.",
      path: "/track",
    },
    matches[0]?.loaderData,
  );

/**
 * The search form is a plain GET here: /track?number=… goes to the shareable /track/:trackingNumber
 * (trimmed, upper-cased). An empty number comes back to /track without an error.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!url.searchParams.has("number")) return null;
  const number = normalizeTrackingNumber(url.searchParams.get("number"));
  if (number === "") throw redirect("/track");
  // Longer input is no tracking number; one extra character lets the next page show it as cut.
  throw redirect(
    trackingPath(
      Array.from(number)
        .slice(0, MAX_TRACKING_NUMBER_LENGTH + 1)
        .join(""),
    ),
  );
}

export default function Track() {
  return <TrackingPage />;
}
