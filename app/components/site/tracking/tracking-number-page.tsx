import { Suspense } from "react";
import { TrackingPage } from "#app/components/site/tracking/tracking-page.tsx";
import { TrackingResult } from "#app/components/site/tracking/tracking-result.tsx";
import { lazyView } from "#app/lib/lazy-view.ts";
import { displayTrackingNumber } from "#app/lib/tracking-number.ts";
import type { TrackingNumberPageData } from "#app/server/shipments/shipment-views.ts";

// /track/:trackingNumber: a found shipment's result, or why there is none.

// The not-found, too-many-lookups and no-number views are rare: their code loads only when one is shown, so the
// script of a found shipment's page (the one a crowd opens) does not carry them (decision 023).
const messages = () => import("#app/components/site/tracking/tracking-messages.tsx");
const TrackingNotFound = lazyView(() => messages().then((m) => ({ default: m.TrackingNotFound })));
const TrackingRateLimited = lazyView(() => messages().then((m) => ({ default: m.TrackingRateLimited })));
const TrackingNoNumber = lazyView(() => messages().then((m) => ({ default: m.TrackingNoNumber })));

/** The route's component itself (its default export), so the page's script has no wrapper around it. */
export function TrackingNumberPage({ loaderData: data }: { loaderData: TrackingNumberPageData }) {
  switch (data.kind) {
    case "found":
      return (
        <TrackingPage defaultValue={data.number} compact>
          <TrackingResult
            shipment={data.shipment}
            trackingUrl={data.trackingUrl}
            qrCodeUrl={data.qrCodeUrl}
            whatsApp={data.whatsApp}
            detailsPath={data.detailsPath}
            updatesPath={data.updatesPath}
          />
        </TrackingPage>
      );
    case "not-found":
      return (
        <TrackingPage defaultValue={data.number}>
          <Suspense>
            <TrackingNotFound number={data.number} />
          </Suspense>
        </TrackingPage>
      );
    case "rate-limited":
      return (
        <TrackingPage defaultValue={data.number}>
          <Suspense>
            <TrackingRateLimited retryAfterSeconds={data.retryAfterSeconds} />
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
export function TrackingNumberError({ params }: { params: { trackingNumber?: string } }) {
  const number = displayTrackingNumber(params.trackingNumber);
  return (
    <TrackingPage defaultValue={number}>
      <Suspense>
        <TrackingNotFound number={number} />
      </Suspense>
    </TrackingPage>
  );
}
