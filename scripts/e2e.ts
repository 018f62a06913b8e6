// `npm run test:e2e [-- playwright args]`: builds if needed, starts the app on a fresh seeded database, runs Playwright.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startMomoStandIn } from "../tests/fakes/mtn-momo-server.ts";
import { startApp } from "./lib/app-process.ts";
import { buildSite, isBuildCurrent } from "./lib/build-state.ts";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
if (!isBuildCurrent(buildDir) && !buildSite(buildDir)) process.exit(1);

// The first admin account of the test server (tests/e2e/support/admin-fixtures.ts signs in with it), and a folder where
// the app also writes every outgoing e-mail, so tests can follow a password-reset link.
const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), "freight-outbox-"));
// Mobile money online through the local MTN stand-in (decision 027): customers approve after a moment.
const momo = await startMomoStandIn({ currency: "USD", callbackDelayMs: 1500 });
const app = await startApp({
  buildDir,
  env: {
    TRACK_RATE_LIMIT: "100000",
    FORM_RATE_LIMIT: "100000",
    ADMIN_EMAIL: "admin@example.com",
    ADMIN_PASSWORD: "e2e admin passphrase 2026",
    OUTBOX_DIR: outboxDir,
    ...momo.env(),
  },
});
let status = 1;
try {
  // Not spawnSync: the MTN stand-in answers the app from this process, so its event loop must keep running.
  const playwright = spawn(
    process.execPath,
    ["node_modules/@playwright/test/cli.js", "test", ...process.argv.slice(2)],
    {
      stdio: "inherit",
      env: { ...process.env, E2E_BASE_URL: app.url, E2E_OUTBOX_DIR: outboxDir },
    },
  );
  status = await new Promise<number>((resolve) => {
    playwright.on("error", () => resolve(1));
    playwright.on("exit", (code) => resolve(code ?? 1));
  });
} finally {
  await app.stop();
  await momo.close();
  if (status !== 0) console.error(`App output:\n${app.output().slice(-4000)}`);
  fs.rmSync(app.dataDir, { recursive: true, force: true });
  fs.rmSync(outboxDir, { recursive: true, force: true });
}
process.exit(status);
