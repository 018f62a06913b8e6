import { createRequestHandler } from "@react-router/express";
import type express from "express";
import { RouterContextProvider } from "react-router";
import { requestContext, servicesContext } from "#app/context.ts";
import type { Services } from "#app/server/platform/services.server.ts";

/**
 * React Router's handler for every page, data request and resource route, with the services and the
 * request's nonce, id and client address in its context.
 *
 * React Router gets the build itself, not a function returning it: it then derives its route tables once
 * instead of on every request (a function cost ~15 % of a page's CPU in production). The build is imported
 * on the first request that reaches it.
 */
export function reactRouterHandler(services: Services): express.RequestHandler {
  const { config } = services;
  let handleRequest: express.RequestHandler | undefined;
  const loadHandler = async () =>
    createRequestHandler({
      build: await import("virtual:react-router/server-build"),
      mode: config.isProduction ? "production" : "development",
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(servicesContext, services);
        context.set(requestContext, {
          nonce: res.locals.nonce as string,
          requestId: res.locals.requestId as string,
          clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
        });
        return context;
      },
    });
  return async (req, res, next) => {
    try {
      handleRequest ??= await loadHandler();
    } catch (error) {
      next(error);
      return;
    }
    return handleRequest(req, res, next);
  };
}
