import type { IncomingHttpHeaders } from "node:http";

/**
 * True when a state-changing request comes from another site. Browsers send Origin on every POST;
 * Sec-Fetch-Site covers the rest. Requests without either (curl, server-to-server) carry no
 * ambient browser credentials and are let through to their own checks.
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
  const origin = headers.origin;
  if (origin) {
    if (origin === "null") return true;
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      return true;
    }
    const allowed = new Set([host, new URL(siteUrl).host].filter(Boolean));
    return !allowed.has(originHost);
  }
  const site = headers["sec-fetch-site"];
  return site === "cross-site";
}
