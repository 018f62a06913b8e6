// The process entry: `npm start` (production build) and `npm run dev` (Vite with hot reload). With
// WEB_CONCURRENCY above 1 (production) this process becomes the primary of a cluster
// (server/cluster-primary.ts) and each worker it forks runs this file again, as one app process that
// joins the primary's database and shares its port (decision 022).
import cluster from "node:cluster";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { DATABASE_READY, runPrimary, WORKER_ENV } from "./server/cluster-primary.ts";

const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 22)) {
  console.error(
    `This app needs Node.js 22.22 or newer (found ${process.versions.node}). ` +
      "Run it with `npm start` or `npm run dev`, which use the Node.js the project installs.",
  );
  process.exit(1);
}

const dev = process.argv.includes("--dev");
if (dev) process.env.NODE_ENV ??= "development";
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");

type AppModule = typeof import("./server/app.ts");

/** A cluster worker: whether it runs the background jobs, as its primary said when forking it. */
const worker = cluster.isWorker
  ? {
      backgroundJobs: process.env[WORKER_ENV.jobs] === "1",
      logBindings: { worker: cluster.worker!.id, pid: process.pid },
    }
  : undefined;

/**
 * A worker forked while its primary was still preparing the database loads the build meanwhile, and joins
 * the database once the primary says it is ready (the listener is here, before anything slow, so the message
 * cannot come before it).
 */
const databaseReady =
  cluster.isWorker && process.env[WORKER_ENV.waitForDatabase] === "1"
    ? new Promise<void>((resolve) => {
        const onMessage = (message: unknown) => {
          if (message !== DATABASE_READY) return;
          process.off("message", onMessage);
          resolve();
        };
        process.on("message", onMessage);
      })
    : undefined;

/** How long a retiring cluster worker keeps answering with 'Connection: close' before it closes idle connections. */
const WORKER_DRAIN_MS = 1000;

/** WEB_CONCURRENCY above 1 (checked fully by the primary's configuration); development stays one process. */
const wantsCluster =
  cluster.isPrimary && !dev && !["", "1", undefined].includes(process.env.WEB_CONCURRENCY?.trim());

/** The production build's server module. */
const loadBuild = () =>
  import(pathToFileURL(path.join(buildDir, "server", "index.js")).href) as Promise<AppModule>;

async function main() {
  let load: () => Promise<AppModule>;
  let vite: import("vite").ViteDevServer | undefined;
  if (dev) {
    const { createServer } = await import("vite");
    vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
    // A Vite server made inside (React Router's plugin) exits the process on SIGTERM before the app
    // has stopped its database server; the app's own shutdown below closes Vite too.
    process.removeAllListeners("SIGTERM");
    load = () => vite!.ssrLoadModule("./server/app.ts") as Promise<AppModule>;
  } else {
    load = loadBuild;
  }

  const mod = await load();
  await databaseReady;
  let services: Awaited<ReturnType<AppModule["startServices"]>>;
  try {
    services = await mod.startServices(process.env, worker);
  } catch (error) {
    const known = error instanceof mod.ConfigError || error instanceof mod.EmbeddedDatabaseError;
    console.error(known ? (error as Error).message : error);
    await vite?.close();
    process.exit(1);
  }
  const { config, logger } = services;

  const { default: express } = await import("express");
  const app = express();
  app.disable("x-powered-by");
  let stopping = false;
  // Once shutting down, finish each request but close its connection, so keep-alive clients move on.
  app.use((_req, res, next) => {
    if (stopping) res.setHeader("Connection", "close");
    next();
  });
  if (vite) {
    app.use(vite.middlewares);
    app.use(async (req, res, next) => {
      try {
        const fresh = await load();
        fresh.createApp({ services })(req, res, next);
      } catch (error) {
        vite!.ssrFixStacktrace(error as Error);
        next(error);
      }
    });
  } else {
    app.use(mod.createApp({ services, buildDir }));
  }

  const server = app.listen(config.PORT, config.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.PORT;
    logger.info({ port }, `Listening on http://localhost:${port}`);
  });
  server.keepAliveTimeout = 65_000;

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "Shutting down: finishing in-flight requests");
    // A cluster worker is retired while the others serve (rolling restart): for a moment it answers each
    // request on its keep-alive connections with 'Connection: close' before closing the idle ones, so a
    // client does not send its next request into a connection that is being closed (a failed request).
    if (worker) await new Promise((resolve) => setTimeout(resolve, WORKER_DRAIN_MS));
    const force = setTimeout(() => {
      logger.warn("Shutdown timeout reached; closing remaining connections");
      server.closeAllConnections();
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    // Ends the admins' event streams (/admin/events), which would otherwise hold the server open.
    void services.events.close().catch(() => {});
    server.close(async () => {
      clearTimeout(force);
      await vite?.close();
      await services.close().catch((error) => logger.error({ err: error }, "Closing the database failed"));
      logger.info("Stopped");
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

if (wantsCluster) {
  if (!(await runPrimary(await loadBuild()))) await main();
} else await main();
