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
  const site = headers["sec-fetch-site"];
  // A page sent with 'Referrer-Policy: no-referrer' (the quote, subscribe and unsubscribe pages, whose URLs
  // hold a secret) makes the browser send 'Origin: null' with its own forms. Sec-Fetch-Site, which no page can
  // set, still says same-origin there; an opaque origin from anywhere else (a sandboxed frame, a data: URL) is
  // cross-site.
  if (origin === "null" && site === "same-origin") return false;
  if (origin) return fromOtherHost(origin);
  if (site === "cross-site" || site === "same-site") return true;
  const referer = headers.referer;
  return referer ? fromOtherHost(referer) : false;
}
