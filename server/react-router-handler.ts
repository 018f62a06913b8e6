import { createRequestHandler } from "@react-router/express";
import type express from "express";
import { matchRoutes, RouterContextProvider, type ServerBuild } from "react-router";
import { requestContext, servicesContext } from "#app/context.ts";
import type { RateLimitResult } from "#app/server/platform/rate-limit.server.ts";
import type { Services } from "#app/server/services.server.ts";

/**
 * React Router's handler for every page, data request and resource route, with the services and the
 * request's nonce, id and client address in its context.
 *
 * React Router gets the build itself, not a function returning it: it then derives its route tables once
 * instead of on every request (a function cost ~15 % of a page's CPU in production). The build is imported
 * on the first request that reaches it.
 *
 * Two rules hold for every answer it gives:
 * - A resource route (a PDF, an image, an export, a webhook) has no `.data` form to read: `GET /x.pdf.data` would
 *   run the same loader and answer its bytes wrapped in the router's data format, without the headers the route
 *   sets (no-store, no-referrer, its own CSP). Such a request is a 404 before any loader runs. A POST keeps it:
 *   the router's forms post to an action through it (the menu's 'Logout' to /admin/logout.data).
 * - A header a route sets replaces the shell's default of the same name (securityHeaders), instead of being
 *   sent beside it: one Referrer-Policy, one CSP, one nosniff. With an https SITE_URL every cookie is Secure.
 */
export function reactRouterHandler(services: Services): express.RequestHandler {
  const { config } = services;
  const secureCookies = config.siteUrl.startsWith("https://");
  let handler: { handleRequest: express.RequestHandler; isResourceDataRequest: (path: string) => boolean };
  const loadHandler = async () => {
    const build = (await import("virtual:react-router/server-build")) as unknown as ServerBuild;
    return {
      isResourceDataRequest: resourceDataRequests(build),
      handleRequest: createRequestHandler({
        build,
        mode: config.isProduction ? "production" : "development",
        getLoadContext(req, res) {
          const context = new RouterContextProvider();
          context.set(servicesContext, services);
          context.set(requestContext, {
            nonce: res.locals.nonce as string,
            requestId: res.locals.requestId as string,
            clientIp: clientIpOf(req),
            acceptsGzip: req.acceptsEncodings("gzip") === "gzip",
            trackingLookup: res.locals.trackingLookup as RateLimitResult | undefined,
          });
          return context;
        },
      }),
    };
  };
  return async (req, res, next) => {
    try {
      handler ??= await loadHandler();
    } catch (error) {
      next(error);
      return;
    }
    if ((req.method === "GET" || req.method === "HEAD") && handler.isResourceDataRequest(req.path)) {
      res.status(404).set("Cache-Control", "no-store").type("text/plain").send("Not found");
      return;
    }
    routeHeadersReplaceDefaults(res, secureCookies);
    return handler.handleRequest(req, res, next);
  };
}

/** The client's address as the rate limits count it. */
export const clientIpOf = (req: express.Request) => req.ip ?? req.socket.remoteAddress ?? "unknown";

/** The headers the shell sets by default (securityHeaders) that a route may set again: one value each. */
const SINGLE_HEADERS = new Set([
  "content-security-policy",
  "referrer-policy",
  "x-content-type-options",
  "x-frame-options",
  "x-robots-tag",
  "cache-control",
  "cross-origin-opener-policy",
  "permissions-policy",
]);

/**
 * The Express adapter copies a route's headers with `res.append`, which adds a second value beside the shell's
 * default. For the single-valued headers above a route's value replaces the default; with an https SITE_URL a
 * cookie without `Secure` gets it (the toast and form-choice cookies as much as the session's).
 */
export function routeHeadersReplaceDefaults(res: express.Response, secureCookies: boolean) {
  const append = res.append.bind(res);
  res.append = (name: string, value?: string | string[]) => {
    const key = name.toLowerCase();
    if (SINGLE_HEADERS.has(key) && value !== undefined) {
      res.setHeader(name, value);
      return res;
    }
    if (key === "set-cookie" && secureCookies && value !== undefined) {
      const values = (Array.isArray(value) ? value : [value]).map((cookie) =>
        /;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`,
      );
      return append(name, values);
    }
    return append(name, value);
  };
}

/**
 * Whether a path is the `.data` form of a resource route (a route without a component). Pages keep their
 * `.data` form: the router's client asks for it on every navigation.
 */
export function resourceDataRequests(build: Pick<ServerBuild, "routes">): (path: string) => boolean {
  type Node = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children: Node[] };
  const nodes = new Map<string, Node>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    nodes.set(route.id, {
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      children: [],
    });
  }
  const roots: Node[] = [];
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const node = nodes.get(route.id)!;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const isResource = (id: string) => {
    const module = build.routes[id]?.module as { default?: unknown } | undefined;
    return module !== undefined && module.default === undefined;
  };
  return (path) => {
    if (!path.endsWith(".data")) return false;
    const stripped = path === "/_root.data" ? "/" : path.slice(0, -".data".length);
    // biome-ignore lint/suspicious/noExplicitAny: matchRoutes takes the route objects built above
    const matches = matchRoutes(roots as any, stripped);
    const leaf = matches?.at(-1)?.route as Node | undefined;
    return leaf !== undefined && isResource(leaf.id);
  };
}
