import crypto from "node:crypto";
import type express from "express";
import { loggedUrl } from "#app/lib/request-path.ts";
import type { Logger } from "#app/server/platform/logger.server.ts";

/**
 * Gives every request an id (res.locals.requestId, the X-Request-Id header) and logs it once answered:
 * at debug level, or as an error when the answer is a 5xx.
 */
export function requestLog(logger: Logger): express.RequestHandler {
  return (req, res, next) => {
    const requestId = crypto.randomUUID();
    res.locals.requestId = requestId;
    const started = performance.now();
    res.on("finish", () => {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      const level = res.statusCode >= 500 ? "error" : "debug";
      logger[level](
        { requestId, method: req.method, url: loggedUrl(req.originalUrl), status: res.statusCode, ms },
        "request",
      );
    });
    res.setHeader("X-Request-Id", requestId);
    next();
  };
}
