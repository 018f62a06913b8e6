import type express from "express";
import { localizePath } from "#app/lib/i18n/paths.ts";
import { parseTrackingNumber } from "#app/lib/tracking-number.ts";
import { limitClientLookups } from "#app/server/platform/rate-limit.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { trackingPageKey } from "#app/server/shipments/cache-tracking-pages.server.ts";
import { clientIpOf, routeHeadersReplaceDefaults } from "./react-router-handler.ts";

/** Where a tracking page's number starts, in each language ('/track/', '/fr/suivi/'). */
const PAGE_PREFIXES = ["/track/", localizePath("/track/x", "fr").slice(0, -1)];

/**
 * A tracking page kept in the tracking page cache (decision 031), answered before React Router: matching the
 * router's ~400 routes and making its request and response objects cost about half of a cached page's CPU.
 * It counts the lookup against the rate limit first, as the route's middleware would, and hands the count on
 * (res.locals) so a page that is not kept is counted once, there. Anything else, and a page not kept, goes on to
 * the router, which renders and keeps it: the rules of what is kept stay in one place, the route's middleware.
 */
export function trackingPageHits(services: Services): express.RequestHandler {
  const secureCookies = services.config.siteUrl.startsWith("https://");
  return async (req, res, next) => {
    try {
      if (req.method !== "GET") return next();
      const prefix = PAGE_PREFIXES.find((start) => req.path.startsWith(start));
      const rest = prefix ? req.path.slice(prefix.length) : "";
      if (!rest || rest.includes("/") || rest.endsWith(".data")) return next();
      if (!parseTrackingNumber(decoded(rest)).ok) return next();
      const { db, config, trackingPages } = services;
      const limit = await limitClientLookups({ db, config, clientIp: clientIpOf(req), kind: "track" });
      res.locals.trackingLookup = limit;
      const key = limit.allowed ? trackingPageKey(requestUrl(req), req.get("cookie"), config) : undefined;
      if (key === undefined) return next();
      const answer = trackingPages.read(
        key,
        res.locals.nonce as string,
        req.acceptsEncodings("gzip") === "gzip",
      );
      if (!answer) return next();
      routeHeadersReplaceDefaults(res, secureCookies);
      res.status(answer.status);
      for (const [name, value] of answer.headers) res.append(name, value);
      res.end(answer.body);
    } catch (error) {
      next(error);
    }
  };
}

/** A path segment decoded; a malformed escape ('%zz', half a character) is left as it is (no number has one). */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The request's address as React Router's Express adapter makes it (createRemixRequest), trusted proxy included. */
function requestUrl(req: express.Request): URL {
  const [, forwardedPort] = req.app.enabled("trust proxy")
    ? (req.get("X-Forwarded-Host")?.split(":") ?? [])
    : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort]
    .map((text) => Number.parseInt(text ?? "", 10))
    .find(Number.isSafeInteger);
  const host = `${req.hostname.split(/[\\/?#@]/)[0] || "localhost"}${port ? `:${port}` : ""}`;
  return new URL(`${req.protocol}://${host}${req.originalUrl}`);
}
