import { servicesContext } from "#app/context.ts";
import { parseTrackingNumber, trackingPath } from "#app/lib/tracking-number.ts";
import { resolvePublicOrigin } from "#app/server/platform/config.server.ts";
import { renderQrCodeSvg } from "#app/server/shipments/tracking.server.ts";
import type { Route } from "./+types/track.$tracking-number.qr.svg";

/**
 * The QR code of a tracking page's address, as an image (SITE_URL's, or an allowed host's). It encodes only the URL of the number asked
 * for (no lookup: it says nothing about whether the shipment exists), so browsers and caches may keep it.
 * Nor does it redirect another way of writing a number to the canonical one: that would need a lookup
 * and would tell, without the tracking page's rate limit, which numbers exist. The tracking page only
 * links the canonical number's QR code, and a variant's code opens an address that redirects there.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const parsed = parseTrackingNumber(params.trackingNumber);
  if (!parsed.ok)
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const { config } = context.get(servicesContext);
  // SITE_URL, or the visitor's host when it is an allowed one (ALLOWED_HOSTS): a forged Host header
  // never gets into a picture (nor into the cache of pictures, which only ever holds allowed origins).
  const origin = resolvePublicOrigin({ url: request.url, config });
  const svg = await renderQrCodeSvg(`${origin}${trackingPath(parsed.value)}`);
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml",
      "Cache-Control": "public, max-age=86400",
      // The picture depends on the host it was asked at: a shared cache keeps one per host.
      Vary: config.TRUST_PROXY ? "Host, X-Forwarded-Host" : "Host",
      "X-Robots-Tag": "noindex",
    },
  });
}
