import { servicesContext } from "#app/context.ts";
import { parseTrackingNumber, trackingPath } from "#app/lib/tracking-number.ts";
import { renderQrCodeSvg } from "#app/server/tracking.server.ts";
import type { Route } from "./+types/track.$tracking-number.qr.svg";

/**
 * The QR code of a tracking page's address, as an image. It encodes only the URL of the number asked
 * for (no lookup: it says nothing about whether the shipment exists), so browsers and caches may keep it.
 * Nor does it redirect another way of writing a number to the canonical one: that would need a lookup
 * and would tell, without the tracking page's rate limit, which numbers exist. The tracking page only
 * links the canonical number's QR code, and a variant's code opens an address that redirects there.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const parsed = parseTrackingNumber(params.trackingNumber);
  if (!parsed.ok)
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const { config } = context.get(servicesContext);
  const svg = await renderQrCodeSvg(`${config.siteUrl}${trackingPath(parsed.value)}`);
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml",
      "Cache-Control": "public, max-age=86400",
      "X-Robots-Tag": "noindex",
    },
  });
}
