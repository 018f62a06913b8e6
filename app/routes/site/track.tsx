import { redirect } from "react-router";
import { TrackingPage } from "#app/components/site/tracking/tracking-page.tsx";
import { localeOf } from "#app/lib/i18n/locale.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import { localizedSeo } from "#app/lib/seo.ts";
import {
  MAX_TRACKING_NUMBER_LENGTH,
  normalizeTrackingNumber,
  trackingPath,
} from "#app/lib/tracking-number.ts";
import { wordsFor } from "#app/server/i18n/words.server.ts";
import type { Route } from "./+types/track";

export const meta: Route.MetaFunction = (args) =>
  localizedSeo(args, {
    title: "Track Package",
    description:
      "Track your shipment with its tracking number: current location, status history and estimated delivery.",
    path: "/track",
  });

/**
 * The search form is a plain GET here: /track?number=… goes to the shareable /track/:trackingNumber
 * (trimmed, upper-cased). An empty number comes back to /track without an error.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOf(request);
  // English pages carry no words (null, as before); a French one its catalog (decision 030).
  if (!url.searchParams.has("number"))
    return locale === "en" ? null : { words: wordsFor(locale, "tracking") };
  const number = normalizeTrackingNumber(url.searchParams.get("number"));
  if (number === "") throw redirect(localizePath("/track", locale));
  // Longer input is no tracking number; one extra character lets the next page show it as cut.
  throw redirect(
    localizePath(
      trackingPath(
        Array.from(number)
          .slice(0, MAX_TRACKING_NUMBER_LENGTH + 1)
          .join(""),
      ),
      locale,
    ),
  );
}

export default function Track() {
  return <TrackingPage />;
}
