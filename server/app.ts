import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { RouterContextProvider } from "react-router";
import { requestContext, servicesContext } from "#app/context.ts";
import { pingDatabase } from "#app/server/db/client.server.ts";
import { isCrossOriginWrite } from "./security.ts";
import { type Services, startServices } from "#app/server/platform/services.server.ts";

export { ConfigError } from "#app/server/platform/config.server.ts";
export { EmbeddedDatabaseError } from "#app/server/db/embedded-postgres.server.ts";
export { startServices };
export type { Services };

type CreateAppOptions = {
  services: Services;
  /** The build folder to serve static assets from (production); in development Vite serves them. */
  buildDir?: string;
};

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The HTTP shell around React Router: request ids, logging, security headers, limits and static files. */
export function createApp({ services, buildDir }: CreateAppOptions): express.Express {
  const { config, logger } = services;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY);

  app.use((req, res, next) => {
    const requestId = crypto.randomUUID();
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.requestId = requestId;
    res.locals.nonce = nonce;
    const started = performance.now();
    res.on("finish", () => {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      const level = res.statusCode >= 500 ? "error" : "debug";
      logger[level](
        { requestId, method: req.method, url: req.originalUrl, status: res.statusCode, ms },
        "request",
      );
    });
    res.setHeader("X-Request-Id", requestId);
    // Library files (/media/…) carry their own, stricter policy and nosniff (app/routes/api/media.$filename.ts).
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
    if (config.isProduction && config.siteUrl.startsWith("https://")) {
      res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    }
    next();
  });

  // An answer sent before its request's body was read (a redirect to the login page, a refusal, a 405)
  // leaves the rest of that body unread: drain it, or the next request on the connection would wait.
  app.use((req, res, next) => {
    res.once("finish", () => {
      if (req.complete) return;
      req.removeAllListeners("data");
      req.resume();
    });
    next();
  });

  app.use((req, res, next) => {
    if (!WRITE_METHODS.has(req.method)) return next();
    if (isCrossOriginWrite({ headers: req.headers, host: req.get("host"), siteUrl: config.siteUrl })) {
      res.status(403).type("text/plain").send("Cross-origin requests are not allowed.");
      return;
    }
    // A body must declare its length, so the limit below holds for every request (browsers always do).
    if (req.get("transfer-encoding") && !req.get("content-length")) {
      res.status(411).type("text/plain").send("The request must declare its length.");
      return;
    }
    const length = Number(req.get("content-length") ?? 0);
    // Media uploads (one image per request, plus the form's few bytes) may be larger than other bodies.
    const uploadLimit =
      req.method === "POST" && req.path === "/admin/media" ? (config.MEDIA_MAX_MB + 1) * 1024 : 0;
    if (length > Math.max(config.BODY_LIMIT_KB, uploadLimit) * 1024) {
      res.status(413).type("text/plain").send("The request is too large.");
      return;
    }
    next();
  });

  app.get("/healthz", (_req, res) => {
    res.type("text/plain").send("ok");
  });
  app.get("/readyz", async (_req, res) => {
    try {
      await pingDatabase(services.db);
      res.type("text/plain").send("ready");
    } catch {
      const failure = services.dbHealth.failure();
      res
        .status(503)
        .type("text/plain")
        .send(failure ? `database unavailable: ${failure.split("\n")[0]}` : "database unavailable");
    }
  });

  app.use(compression());

  if (buildDir) {
    const client = path.join(buildDir, "client");
    app.use(
      "/assets",
      express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y", index: false }),
    );
    // The other public files (favicon, icon sprite, images) are few and fixed: only their paths reach the
    // file system, so a page request does not pay for a failed stat first.
    const publicFiles = new Set(
      fs
        .readdirSync(client, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map(
          (entry) =>
            `/${path.relative(client, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`,
        )
        .filter((file) => !file.startsWith("/assets/")),
    );
    const serveFile = express.static(client, { maxAge: "1h", index: false });
    app.use((req, res, next) => (publicFiles.has(req.path) ? serveFile(req, res, next) : next()));
  }

  // While a PostgreSQL server is unreachable, pages fail fast with 503 instead of waiting on it.
  app.use((_req, res, next) => {
    if (services.dbHealth.isUp()) return next();
    res
      .status(503)
      .set("Retry-After", "5")
      .type("text/plain")
      .send("The service is temporarily unavailable. Please try again shortly.");
  });

  // React Router gets the build itself, not a function returning it: it then derives its route tables
  // once instead of on every request (a function cost ~15 % of a page's CPU in production). The build
  // is imported on the first request that reaches it.
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
  app.all("/{*splat}", async (req, res, next) => {
    try {
      handleRequest ??= await loadHandler();
    } catch (error) {
      next(error);
      return;
    }
    return handleRequest(req, res, next);
  });

  // Last stop for errors outside React Router (a malformed URL Express cannot decode, a failed build
  // import): logged, answered without details.
  app.use((error: unknown, req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (res.headersSent) return next(error);
    const status = (error as { status?: number }).status;
    if (typeof status === "number" && status >= 400 && status < 500) {
      res.status(status).type("text/plain").send("Bad request.");
      return;
    }
    logger.error({ err: error, url: req.originalUrl, requestId: res.locals.requestId }, "Request failed");
    res.status(500).type("text/plain").send("Something went wrong.");
  });

  return app;
}
