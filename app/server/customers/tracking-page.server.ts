// /track/:trackingNumber's loader: one public shipment's tracking result, or why there is none. Here, not in
// shipments/, because 'Show full details' sends a signed-in customer of the shipment to their account's page.
import { data, type RouterContextProvider, redirect } from "react-router";
import { requestContext, servicesContext } from "#app/context.ts";
import { localeOf } from "#app/lib/i18n/locale.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import { displayTrackingNumber, parseTrackingNumber, trackingPath } from "#app/lib/tracking-number.ts";
import { getCustomerSession } from "#app/server/customers/customer-guards.server.ts";
import { findCompanyShipmentId } from "#app/server/customers/customer-scope.server.ts";
import { wordsFor } from "#app/server/i18n/words.server.ts";
import { resolvePublicOrigin } from "#app/server/platform/config.server.ts";
import { limitClientLookups } from "#app/server/platform/rate-limit.server.ts";
import { trackingLookupLimit } from "#app/server/shipments/cache-tracking-pages.server.ts";
import type { TrackingNumberPageData } from "#app/server/shipments/shipment-views.ts";
import { getPublicShipmentByTrackingNumber } from "#app/server/shipments/tracking.server.ts";
import { presentTracking, whatsAppLinks } from "#app/server/shipments/tracking-view.server.ts";

type Ctx = Readonly<RouterContextProvider>;

export async function loadTrackingPage({
  request,
  context,
  trackingNumber,
}: {
  request: Request;
  context: Ctx;
  trackingNumber: string;
}) {
  const { db, config, siteSettings } = context.get(servicesContext);
  const { clientIp } = context.get(requestContext);
  const locale = localeOf(request);
  // The page's words in French (decision 030); none in English.
  const words = wordsFor(locale, "tracking");
  const parsed = parseTrackingNumber(trackingNumber);
  const number = displayTrackingNumber(trackingNumber);
  if (!parsed.ok && parsed.reason === "empty") {
    return data<TrackingNumberPageData>({ kind: "no-number" as const, words }, { status: 400 });
  }

  // Counted once per request: by the middleware when it ran (it counts cached answers too), else here.
  const limit =
    context.get(trackingLookupLimit) ?? (await limitClientLookups({ db, config, clientIp, kind: "track" }));
  if (!limit.allowed) {
    return data<TrackingNumberPageData>(
      { kind: "rate-limited" as const, number, retryAfterSeconds: limit.retryAfterSeconds, words },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }

  const shipment = parsed.ok
    ? await getPublicShipmentByTrackingNumber({ db, trackingNumber: parsed.value })
    : null;
  if (!shipment)
    return data<TrackingNumberPageData>({ kind: "not-found" as const, number, words }, { status: 404 });
  // Found by its key from another way of writing it ("utg 1234 5678", "UTG12345678."): one address per
  // shipment, so links, bookmarks and the page cache all use the canonical one.
  const pagePath = localizePath(trackingPath(shipment.trackingNumber), locale);
  if (trackingNumber !== shipment.trackingNumber) {
    return redirect(pagePath, 301);
  }

  // The address the visitor reached us at when it is an allowed one, else SITE_URL: never a forged Host.
  const trackingUrl = `${resolvePublicOrigin({ url: request.url, config })}${pagePath}`;
  const settings = await siteSettings.get();
  // 'Show full details' (decision 029): a signed-in customer of the shipment goes to their account's page of it;
  // anyone else to /track/:trackingNumber/details, which asks for a code sent to the shipper or consignee.
  const customer = await getCustomerSession({ request, context });
  const ownShipment =
    customer &&
    (await findCompanyShipmentId({
      db,
      companyId: customer.user.companyId,
      trackingNumber: shipment.trackingNumber,
    }));
  const found: TrackingNumberPageData = {
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
  return found;
}
