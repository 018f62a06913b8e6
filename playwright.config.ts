import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./scripts/lib/chromium.ts";

// The server is started by scripts/e2e.ts (a fresh seeded database on a free port), which passes its URL.
const baseURL = process.env.E2E_BASE_URL ?? "http://127.0.0.1:3000";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  // CI retries a failed test once: on its two cores beside the hostile-input suite and PostgreSQL 15's pass, a
  // hydration or a fading toast has run past the waits (three different tests in one run of 2026-12-07, each
  // passing alone). A test that fails twice fails the run, and one that passes on its retry is listed as
  // 'flaky' in the log. Locally none: a flake shows.
  retries: process.env.CI === "true" ? 1 : 0,
  timeout: 30_000,
  // On two cores beside the hostile-input suite and PostgreSQL 15's pass, an answer, its toast's lazily loaded
  // library and a revalidation have taken longer than 7 s (three CI failures on 2026-11-28, each passing alone and
  // under load here). Waiting longer costs nothing when a test passes.
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  // One results folder per build folder, so parallel runs do not delete each other's traces.
  outputDir: `.tmp/test-results-${path.basename(process.env.BUILD_DIR ?? "build")}`,
  use: {
    baseURL,
    // Recording a trace of every test cost a quarter of the suite's time (measured on four flow specs: 92 s with
    // screenshots, 81 s without, 71 s with none). CI keeps none (nobody can open them there); a local run keeps
    // the failures' traces without screenshots. `--trace=on` records everything.
    trace: process.env.CI === "true" ? "off" : { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined } }],
});
