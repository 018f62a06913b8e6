import { Suspense } from "react";
import { data, redirect } from "react-router";
import { TrackingPage } from "#app/components/site/tracking/tracking-page.tsx";
import { TrackingResult } from "#app/components/site/tracking/tracking-result.tsx";
import { requestContext, servicesContext } from "#app/context.ts";
import { localeOf } from "#app/lib/i18n/locale.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import { lazyView } from "#app/lib/lazy-view.ts";
import { localizedSeo, translateFromMatches } from "#app/lib/seo.ts";
import { displayTrackingNumber, parseTrackingNumber, trackingPath } from "#app/lib/tracking-number.ts";
import { getCustomerSession } from "#app/server/customers/customer-guards.server.ts";
import { findCompanyShipmentId } from "#app/server/customers/customer-scope.server.ts";
import { wordsFor } from "#app/server/i18n/words.server.ts";
import { resolvePublicOrigin } from "#app/server/platform/config.server.ts";
import { limitClientLookups } from "#app/server/platform/rate-limit.server.ts";
import {
  cacheTrackingPages,
  trackingLookupLimit,
} from "#app/server/shipments/cache-tracking-pages.server.ts";
import { getPublicShipmentByTrackingNumber } from "#app/server/shipments/tracking.server.ts";
import { presentTracking, whatsAppLinks } from "#app/server/shipments/tracking-view.server.ts";
import type { Route } from "./+types/track.$tracking-number";

// The not-found, too-many-lookups and no-number views are rare: their code loads only when one is shown, so the
// script of a found shipment's page (the one a crowd opens) does not carry them (decision 023).
const messages = () => import("#app/components/site/tracking/tracking-messages.tsx");
const TrackingNotFound = lazyView(() => messages().then((m) => ({ default: m.TrackingNotFound })));
const TrackingRateLimited = lazyView(() => messages().then((m) => ({ default: m.TrackingRateLimited })));
const TrackingNoNumber = lazyView(() => messages().then((m) => ({ default: m.TrackingNoNumber })));

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

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { db, config, siteSettings } = context.get(servicesContext);
  const { clientIp } = context.get(requestContext);
  const locale = localeOf(request);
  // The page's words in French (decision 030); none in English.
  const words = wordsFor(locale, "tracking");
  const parsed = parseTrackingNumber(params.trackingNumber);
  const number = displayTrackingNumber(params.trackingNumber);
  if (!parsed.ok && parsed.reason === "empty") {
    return data({ kind: "no-number" as const, words }, { status: 400 });
  }

  // Counted once per request: by the middleware when it ran (it counts cached answers too), else here.
  const limit =
    context.get(trackingLookupLimit) ?? (await limitClientLookups({ db, config, clientIp, kind: "track" }));
  if (!limit.allowed) {
    return data(
      { kind: "rate-limited" as const, number, retryAfterSeconds: limit.retryAfterSeconds, words },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }

  const shipment = parsed.ok
    ? await getPublicShipmentByTrackingNumber({ db, trackingNumber: parsed.value })
    : null;
  if (!shipment) return data({ kind: "not-found" as const, number, words }, { status: 404 });
  // Found by its key from another way of writing it ("utg 1234 5678", "UTG12345678."): one address per
  // shipment, so links, bookmarks and the page cache all use the canonical one.
  const pagePath = localizePath(trackingPath(shipment.trackingNumber), locale);
  if (params.trackingNumber !== shipment.trackingNumber) {
    return redirect(pagePath, 301);
  }

  // The address the visitor reached us at when it is an allowed one, else SITE_URL: never a forged Host.
  const trackingUrl = `${resolvePublicOrigin({ url: request.url, config })}${pagePath}`;
  const settings = await siteSettings.get();
  // 'Show full details' (issue 29): a signed-in customer of the shipment goes to their account's page of it;
  // anyone else to /track/:trackingNumber/details, which asks for a code sent to the shipper or consignee.
  const customer = await getCustomerSession({ request, context });
  const ownShipment =
    customer &&
    (await findCompanyShipmentId({
      db,
      companyId: customer.user.companyId,
      trackingNumber: shipment.trackingNumber,
    }));
  return {
    kind: "found" as const,
    number: shipment.trackingNumber,
    // Derived here, not in the browser: the page's script carries no status rules and no date code.
    shipment: presentTracking({ shipment, timeZone: settings.timeZone, locale }),
    trackingUrl,
    whatsApp: whatsAppLinks({
      trackingNumber: shipment.trackingNumber,
      trackingUrl,
      companyPhone: settings.phone,
      locale,
    }),
    // An image of its own: the page does not wait for it, and the browser keeps it.
    qrCodeUrl: `${trackingPath(shipment.trackingNumber)}/qr.svg`,
    detailsPath: localizePath(
      ownShipment
        ? `/account/shipments/${encodeURIComponent(shipment.trackingNumber)}`
        : `${trackingPath(shipment.trackingNumber)}/details`,
      locale,
    ),
    updatesPath: localizePath(`${trackingPath(shipment.trackingNumber)}/updates`, locale),
    words,
  };
}

/** Results are personal and change: never stored by shared caches, never indexed. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });
  const retryAfter = loaderHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export default function TrackingNumber({ loaderData }: Route.ComponentProps) {
  switch (loaderData.kind) {
    case "found":
      return (
        <TrackingPage defaultValue={loaderData.number} compact>
          <TrackingResult
            shipment={loaderData.shipment}
            trackingUrl={loaderData.trackingUrl}
            qrCodeUrl={loaderData.qrCodeUrl}
            whatsApp={loaderData.whatsApp}
            detailsPath={loaderData.detailsPath}
            updatesPath={loaderData.updatesPath}
          />
        </TrackingPage>
      );
    case "not-found":
      return (
        <TrackingPage defaultValue={loaderData.number}>
          <Suspense>
            <TrackingNotFound number={loaderData.number} />
          </Suspense>
        </TrackingPage>
      );
    case "rate-limited":
      return (
        <TrackingPage defaultValue={loaderData.number}>
          <Suspense>
            <TrackingRateLimited retryAfterSeconds={loaderData.retryAfterSeconds} />
          </Suspense>
        </TrackingPage>
      );
    default:
      return (
        <TrackingPage>
          <Suspense>
            <TrackingNoNumber />
          </Suspense>
        </TrackingPage>
      );
  }
}

/** The spec: a failed lookup shows the not-found view too (the error itself is logged on the server). */
export function ErrorBoundary({ params }: Route.ErrorBoundaryProps) {
  const number = displayTrackingNumber(params.trackingNumber);
  return (
    <TrackingPage defaultValue={number}>
      <Suspense>
        <TrackingNotFound number={number} />
      </Suspense>
    </TrackingPage>
  );
}
