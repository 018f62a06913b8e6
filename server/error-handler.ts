import type express from "express";
import { loggedUrl } from "#app/lib/request-path.ts";
import type { Logger } from "#app/server/platform/logger.server.ts";

/**
 * Last stop for errors outside React Router (a malformed URL Express cannot decode, a failed build import):
 * logged, answered without details.
 */
export function lastErrorHandler(logger: Logger): express.ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const status = (error as { status?: number }).status;
    if (typeof status === "number" && status >= 400 && status < 500) {
      res.status(status).type("text/plain").send("Bad request.");
      return;
    }
    logger.error(
      { err: error, url: loggedUrl(req.originalUrl), requestId: res.locals.requestId },
      "Request failed",
    );
    res.status(500).type("text/plain").send("Something went wrong.");
  };
}
