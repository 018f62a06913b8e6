import type { IncomingHttpHeaders } from "node:http";

/**
 * True when a state-changing request comes from another site. Browsers send Origin on every POST;
 * Referer and Sec-Fetch-Site cover the rest (a sibling subdomain is "same-site" but another origin).
 * Requests without any of them (curl, server-to-server) carry no ambient browser credentials and are
 * let through to their own checks.
 */
export function isCrossOriginWrite({
  headers,
  host,
  siteUrl,
}: {
  headers: IncomingHttpHeaders;
  host: string | undefined;
  siteUrl: string;
}): boolean {
  const allowed = new Set([host, new URL(siteUrl).host].filter(Boolean));
  const fromOtherHost = (url: string) => {
    if (url === "null") return true;
    try {
      return !allowed.has(new URL(url).host);
    } catch {
      return true;
    }
  };
  const origin = headers.origin;
  if (origin) return fromOtherHost(origin);
  const site = headers["sec-fetch-site"];
  if (site === "cross-site" || site === "same-site") return true;
  const referer = headers.referer;
  return referer ? fromOtherHost(referer) : false;
}
