import compression from "compression";
import express from "express";
import { findPageStylesheet } from "#app/server/platform/page-styles.server.ts";
import { type Services, startServices } from "#app/server/services.server.ts";
import { lastErrorHandler } from "./error-handler.ts";
import { failFastWhileDatabaseDown, healthz, readyz } from "./health.ts";
import { precompressedStylesheetPages } from "./html-gzip.ts";
import { reactRouterHandler } from "./react-router-handler.ts";
import { requestLog } from "./request-log.ts";
import { refuseUnservedMethods, securityHeaders } from "./security.ts";
import { restStylesheets, staticFiles } from "./static-files.ts";
import { trackingPageHits } from "./tracking-page-hits.ts";
import { drainUnreadBody, writeGuard } from "./write-guard.ts";

export { EmbeddedDatabaseError } from "#app/server/db/embedded-postgres.server.ts";
export { ConfigError, configWarnings, loadConfig } from "#app/server/platform/config.server.ts";
export { createLogger } from "#app/server/platform/logger.server.ts";
// The cluster's primary (server/cluster-primary.ts) prepares the database once with it.
export { prepareDatabase } from "#app/server/prepare-database.server.ts";
export type { Services };
export { startServices };

type CreateAppOptions = {
  services: Services;
  /** The build folder to serve static assets from (production); in development Vite serves them. */
  buildDir?: string;
};

/**
 * The HTTP shell around React Router, in the order a request meets it: request id and log, security
 * headers, the methods it serves (405 for others), the write guard, health checks, compression, static files and
 * the rest of the site's stylesheet, the database gate,
 * kept tracking pages (tracking-page-hits.ts), React Router,
 * and the last error handler.
 */
export function createApp({ services, buildDir }: CreateAppOptions): express.Express {
  const { config, logger } = services;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY);

  app.use(requestLog(logger));
  app.use(securityHeaders(config));
  app.use(refuseUnservedMethods);
  app.use(drainUnreadBody);
  app.use(writeGuard(config));

  app.get("/healthz", healthz);
  app.get("/readyz", readyz(services));

  app.use(compression());
  if (buildDir) app.use(staticFiles(buildDir));
  app.get("/styles/{*file}", restStylesheets);
  app.use(failFastWhileDatabaseDown(services));

  // Pages carry a stylesheet (page-styles.server.ts); each is compressed once, not on every answer (html-gzip.ts).
  app.use(precompressedStylesheetPages(findPageStylesheet));
  // Many pages carry the same one: the page caches keep it once, not in each page.
  services.pageCache.share(findPageStylesheet);
  services.trackingPages.share(findPageStylesheet);
  app.use(trackingPageHits(services));
  app.all("/{*splat}", reactRouterHandler(services));
  app.use(lastErrorHandler(logger));

  return app;
}
