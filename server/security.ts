import crypto from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import type express from "express";
import type { Config } from "#app/server/platform/config.server.ts";

/**
 * The security headers of every answer, and the nonce the page's scripts carry (res.locals.nonce).
 * Library files (/media/…) carry their own, stricter policy and nosniff (app/routes/resources/media.$filename.ts).
 */
export function securityHeaders(config: Pick<Config, "isProduction" | "siteUrl">): express.RequestHandler {
  const strictTransport = config.isProduction && config.siteUrl.startsWith("https://");
  return (req, res, next) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    const mediaFile = req.path.startsWith("/media/");
    if (!mediaFile) {
      res.setHeader(
        "Content-Security-Policy",
        [
          "default-src 'self'",
          `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
          "style-src 'self' 'unsafe-inline'",
          "img-src 'self' data: blob:",
          "font-src 'self'",
          "connect-src 'self'",
          "frame-src https://www.openstreetmap.org",
          "frame-ancestors 'none'",
          "base-uri 'self'",
          "form-action 'self' mailto:",
          "object-src 'none'",
        ].join("; "),
      );
      res.setHeader("X-Content-Type-Options", "nosniff");
    }
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (strictTransport) {
      res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    }
    next();
  };
}

/**
 * True when a state-changing request comes from another origin (scheme, host and port). Browsers send Origin on
 * every POST; Referer and Sec-Fetch-Site cover the rest (a sibling subdomain is "same-site" but another origin).
 * Requests without any of them (curl, server-to-server) carry no ambient browser credentials and are let through
 * to their own checks. At SITE_URL's host only SITE_URL's origin counts (an `http://` page of an https site is
 * another origin); another host the request reached (an allowed host, a local address) counts with the scheme
 * the request came in on, or https.
 */
export function isCrossOriginWrite({
  headers,
  host,
  protocol,
  siteUrl,
}: {
  headers: IncomingHttpHeaders;
  host: string | undefined;
  protocol: string;
  siteUrl: string;
}): boolean {
  const site = new URL(siteUrl);
  const allowed = new Set([site.origin]);
  if (host && host.toLowerCase() !== site.host) {
    try {
      allowed.add(new URL(`${protocol}://${host}`).origin);
      // A TLS proxy that does not say so (no TRUST_PROXY) makes every request look like http: the https page
      // of the same host is never a downgrade.
      allowed.add(new URL(`https://${host}`).origin);
    } catch {
      // A Host header that is no host: only SITE_URL's origin counts.
    }
  }
  const fromOtherOrigin = (url: string) => {
    if (url === "null") return true;
    try {
      return !allowed.has(new URL(url).origin);
    } catch {
      return true;
    }
  };
  const origin = headers.origin;
  const fetchSite = headers["sec-fetch-site"];
  // A page sent with 'Referrer-Policy: no-referrer' (the quote, subscribe and unsubscribe pages, whose URLs
  // hold a secret) makes the browser send 'Origin: null' with its own forms. Sec-Fetch-Site, which no page can
  // set, still says same-origin there; an opaque origin from anywhere else (a sandboxed frame, a data: URL) is
  // cross-site.
  if (origin === "null" && fetchSite === "same-origin") return false;
  if (origin) return fromOtherOrigin(origin);
  if (fetchSite === "cross-site" || fetchSite === "same-site") return true;
  const referer = headers.referer;
  return referer ? fromOtherOrigin(referer) : false;
}

/** The methods the app serves; anything else (TRACE, PROPFIND, …) is a 405 before any route sees it. */
export const SERVED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const served = new Set<string>(SERVED_METHODS);

/**
 * Refuses the methods the app does not serve with 405 and an Allow header (Node itself answers 400 to names it
 * does not know, such as TRACK). Without it, a TRACE reached the
 * router, where the platform's Request refuses the method: a 500 and an error-level log entry with a stack
 * trace on every such request.
 */
export const refuseUnservedMethods: express.RequestHandler = (req, res, next) => {
  if (served.has(req.method)) return next();
  res
    .status(405)
    .set("Allow", SERVED_METHODS.join(", "))
    .set("Cache-Control", "no-store")
    .type("text/plain")
    .send("Method not allowed.");
};
