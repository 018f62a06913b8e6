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
import { isProcessAlive } from "#app/server/db/processes.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { buildSite, isBuildCurrent } from "../../scripts/lib/build-state.ts";

export type ServedApp = { port: number; close(): Promise<void> };

type AppModule = typeof import("../../server/app.ts");

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
/**
 * Held while a test file checks or makes the build, so that two files side by side do not build at once. It names
 * its holder: a lock whose process is gone (a run stopped with Ctrl+C) is taken over at once.
 */
const lockFile = path.resolve(".tmp", `${path.basename(buildDir)}.lock`);

async function holdBuildLock(): Promise<() => void> {
  fs.mkdirSync(path.dirname(lockFile), { recursive: true });
  for (;;) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    let holder = 0;
    try {
      holder = Number(fs.readFileSync(lockFile, "utf8"));
    } catch {
      continue; // released meanwhile
    }
    // An empty file is a lock being written: waited for like any other, unless its writer died before writing.
    const abandoned =
      holder === 0 && Date.now() - (fs.statSync(lockFile, { throwIfNoEntry: false })?.mtimeMs ?? 0) > 10_000;
    if (abandoned || (Number.isInteger(holder) && holder > 0 && !isProcessAlive(holder))) {
      fs.rmSync(lockFile, { force: true });
      continue;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
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
