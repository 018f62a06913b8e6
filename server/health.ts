import type express from "express";
import type { Services } from "#app/server/services.server.ts";

/** /healthz: the process answers. */
export const healthz: express.RequestHandler = (_req, res) => {
  res.type("text/plain").send("ok");
};

/**
 * /readyz: the database answers too; otherwise 503 with the first line of the reason. It asks the health watch
 * the pages follow (a fresh check, or the one under way), so it never says ready while pages still answer 503
 * (a separate ping did, for a moment after the embedded server came back).
 */
export function readyz({ dbHealth }: Pick<Services, "dbHealth">): express.RequestHandler {
  return async (_req, res) => {
    if (await dbHealth.check().catch(() => false)) {
      res.type("text/plain").send("ready");
    } else {
      const failure = dbHealth.failure();
      res
        .status(503)
        .type("text/plain")
        .send(failure ? `database unavailable: ${failure.split("\n")[0]}` : "database unavailable");
    }
  };
}

/** While a PostgreSQL server is unreachable, pages fail fast with 503 instead of waiting on it. */
export function failFastWhileDatabaseDown({ dbHealth }: Pick<Services, "dbHealth">): express.RequestHandler {
  return (_req, res, next) => {
    if (dbHealth.isUp()) return next();
    res
      .status(503)
      .set("Retry-After", "5")
      .type("text/plain")
      .send("The service is temporarily unavailable. Please try again shortly.");
  };
}
