// `npm run test:e2e [-- playwright args]`: builds if needed, starts the app on a fresh seeded database, runs Playwright.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startApp } from "./lib/app-process.ts";
import { buildSite, isBuildCurrent } from "./lib/build-state.ts";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
if (!isBuildCurrent(buildDir) && !buildSite(buildDir)) process.exit(1);

const app = await startApp({ buildDir, env: { TRACK_RATE_LIMIT: "100000", FORM_RATE_LIMIT: "100000" } });
let status = 1;
try {
  const result = spawnSync(process.execPath, ["node_modules/@playwright/test/cli.js", "test", ...process.argv.slice(2)], {
    stdio: "inherit",
    env: { ...process.env, E2E_BASE_URL: app.url },
  });
  status = result.status ?? 1;
} finally {
  await app.stop();
  if (status !== 0) console.error(`App output:\n${app.output().slice(-4000)}`);
  fs.rmSync(app.dataDir, { recursive: true, force: true });
}
process.exit(status);
