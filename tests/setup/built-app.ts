// The production build's HTTP shell (server/app.ts as `npm run build` bundles it: React Router's handler and every
// route module), answering over HTTP in the test's own process with the test's services: for the route tests that
// need whole pages rendered and answered. The build is made first when it is stale.
//
// Before 2026-11-28 these tests loaded the app through a Vite dev server, which compiled every route module and
// both stylesheets again in each test file: ~30 s of CPU per file (~70 s beside the browser suite), twice per
// `npm test`. The build is made once per run and is what `npm start` serves.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Services } from "#app/server/services.server.ts";
import { buildSite, isBuildCurrent } from "../../scripts/lib/build-state.ts";

export type ServedApp = { port: number; close(): Promise<void> };

type AppModule = typeof import("../../server/app.ts");

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
/** Held while a test file checks or makes the build, so that two files side by side do not build at once. */
const lockDir = path.resolve(".tmp", `${path.basename(buildDir)}.lock`);
/** A lock older than this was left by a killed run. */
const STALE_LOCK_MS = 10 * 60_000;

async function holdBuildLock(): Promise<() => void> {
  for (;;) {
    try {
      fs.mkdirSync(path.dirname(lockDir), { recursive: true });
      fs.mkdirSync(lockDir);
      return () => fs.rmSync(lockDir, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const since = fs.statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs;
      if (since !== undefined && Date.now() - since > STALE_LOCK_MS)
        fs.rmSync(lockDir, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

let built: Promise<AppModule> | undefined;

/** The build's server module, the build made first if it is missing or older than the sources. */
function loadBuiltApp(): Promise<AppModule> {
  built ??= (async () => {
    const release = await holdBuildLock();
    try {
      if (!isBuildCurrent(buildDir) && !buildSite(buildDir)) throw new Error("The production build failed");
    } finally {
      release();
    }
    const entry = pathToFileURL(path.join(buildDir, "server", "index.js")).href;
    return (await import(/* @vite-ignore */ entry)) as AppModule;
  })();
  return built;
}

/** The built HTTP shell with these services on a free loopback port; close() stops the server, not the services. */
export async function serveBuiltApp(services: Services): Promise<ServedApp> {
  const { createApp } = await loadBuiltApp();
  const server = http.createServer(createApp({ services }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
