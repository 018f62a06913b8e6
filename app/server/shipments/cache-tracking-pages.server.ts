// The tracking page's middleware (decision 031): a shipment's page, once rendered, is served from the
// tracking page cache (page-cache.server.ts, tagged with its tracking number) until the database announces
// that the shipment, its history, its delivery or its parties changed (drizzle/0027). The rate limiter counts
// every request here, cached or not, and the loader reads its answer rather than counting again.
import { createContext, type MiddlewareFunction } from "react-router";
import { requestContext, servicesContext } from "#app/context.ts";
import { LANGUAGE_COOKIE } from "#app/lib/i18n/remember-language.ts";
import { parseTrackingNumber } from "#app/lib/tracking-number.ts";
import { answerFromCache } from "#app/server/platform/cache-public-pages.server.ts";
import { type Config, resolvePublicOrigin } from "#app/server/platform/config.server.ts";
import { limitClientLookups, type RateLimitResult } from "#app/server/platform/rate-limit.server.ts";

/** This request's lookup as the rate limiter counted it in the middleware; null when it has not. */
export const trackingLookupLimit = createContext<RateLimitResult | null>(null);

/**
 * Whether the request carries anything that may make its page differ from everyone else's: any cookie but
 * the language the browser chose (a toast to show, a signed-in customer whose 'Show full details' opens their
 * account, the details grant or code of this shipment, a staff session, and whatever cookie comes next).
 */
function carriesVisitorState(header: string | null | undefined): boolean {
  if (!header) return false;
  return header
    .split(";")
    .map((part) => part.split("=", 1)[0]!.trim())
    .some((name) => name !== "" && name !== LANGUAGE_COOKIE);
}

/**
 * The key a tracking page request is kept and found under, or undefined when it is neither kept nor answered from
 * the cache: a query string, or visitor state (carriesVisitorState). Keyed by the origin the page shows (SITE_URL
 * unless the Host is an allowed one), as the public pages are. One rule for the route's middleware and the HTTP
 * shell's answer of kept pages (server/tracking-page-hits.ts).
 */
export function trackingPageKey(
  url: URL,
  cookie: string | null | undefined,
  config: Config,
): string | undefined {
  if (url.search !== "" || carriesVisitorState(cookie)) return undefined;
  return `${resolvePublicOrigin({ url, config })}${url.pathname}`;
}

/** The next midnight UTC: the overdue check ('Was due' instead of 'Arriving') counts whole UTC days. */
function nextUtcMidnight(now = new Date()): number {
  const midnight = new Date(now);
  midnight.setUTCHours(24, 0, 0, 0);
  return midnight.getTime();
}

/**
 * Serves GET /track/:trackingNumber (and /fr/suivi/:trackingNumber, and their data requests) from the tracking
 * page cache. Only a complete 200 page, found by its canonical number, is stored: never a not-found, a redirect,
 * a 'Too many lookups', a response setting a cookie, a request with a query string, or one carrying visitor state.
 */
export const cacheTrackingPages: MiddlewareFunction<Response> = async (
  { request, context, params },
  next,
) => {
  if (request.method !== "GET") return next();
  // No number: the loader answers 400 without counting a lookup.
  const parsed = parseTrackingNumber(params.trackingNumber);
  if (!parsed.ok && parsed.reason === "empty") return next();
  const { db, config, trackingPages } = context.get(servicesContext);
  const { clientIp, nonce, trackingLookup, acceptsGzip = false } = context.get(requestContext);
  // Counted already when the HTTP shell looked for this page in the cache (server/tracking-page-hits.ts).
  const limit = trackingLookup ?? (await limitClientLookups({ db, config, clientIp, kind: "track" }));
  context.set(trackingLookupLimit, limit);
  const key = limit.allowed
    ? trackingPageKey(new URL(request.url), request.headers.get("cookie"), config)
    : undefined;
  if (key === undefined) return next();
  // A 200 is the page of the number in its address (any other spelling redirects to it): the shipment's tag.
  return answerFromCache({
    gzip: acceptsGzip,
    cache: trackingPages,
    key,
    nonce,
    next,
    options: { tag: params.trackingNumber, expiresAt: nextUtcMidnight() },
  });
};
