// `npm test`: lint, typecheck, unit and integration tests on the embedded PostgreSQL server, the same
// on the oldest PostgreSQL we support (15, Debian's package) through a connection string, the browser
// suite, and the resilience and hostile-input suites against the built app. A part that cannot run here
// is reported loudly and skipped; with CI=true it fails.
//
// Two lanes run side by side (decision 025): the browser suite, and the server-side suites (the hostile-input
// suite drives one app process with one request at a time, then the second engine's tests); neither keeps both
// cores busy alone. A step's output is prefixed with its label. The resilience suite runs last and alone: its
// checks are timed.
import { spawn } from "node:child_process";
import fs from "node:fs";
import readline from "node:readline";
import { chromiumPath } from "./lib/chromium.ts";
import { findPostgresBin, OLDEST_POSTGRES, removeCluster, startCluster } from "./lib/postgres.ts";
import { listDatabaseTestFiles } from "./lib/test-files.ts";

const ci = process.env.CI === "true" || process.env.CI === "1";
const chromium = chromiumPath();
const results: { step: string; outcome: "passed" | "failed" | "skipped"; note?: string }[] = [];

type Step = { step: string; command: string[]; env?: Record<string, string>; label?: string };

function run({ step, command, env = {}, label }: Step): Promise<boolean> {
  console.log(`\n▶ ${step}`);
  const started = Date.now();
  const child = spawn(command[0]!, command.slice(1), {
    stdio: label ? ["ignore", "pipe", "pipe"] : "inherit",
    env: { ...process.env, ...env, ...(label ? { FORCE_COLOR: "0" } : {}) },
  });
  if (label) {
    for (const stream of [child.stdout!, child.stderr!]) {
      readline.createInterface({ input: stream }).on("line", (line) => console.log(`[${label}] ${line}`));
    }
  }
  return new Promise((resolve) => {
    child.on("close", (code) => {
      const ok = code === 0;
      results.push({
        step,
        outcome: ok ? "passed" : "failed",
        note: `${Math.round((Date.now() - started) / 1000)} s`,
      });
      resolve(ok);
    });
  });
}

/** Runs the lanes side by side (each a sequence of steps), each output line prefixed with its step's label. */
async function together(...lanes: (() => Promise<boolean>)[]): Promise<boolean> {
  const started = Date.now();
  const outcomes = await Promise.all(lanes.map((lane) => lane()));
  console.log(`\n◆ side by side: ${Math.round((Date.now() - started) / 1000)} s`);
  return outcomes.every(Boolean);
}

function skip(step: string, why: string, install: string) {
  const banner = "!".repeat(78);
  console.warn(`\n${banner}\n! SKIPPED: ${step}\n! ${why}\n! Install it with: ${install}\n${banner}`);
  results.push({ step, outcome: ci ? "failed" : "skipped", note: why });
}

const node = process.execPath;
const bin = (name: string) => `node_modules/.bin/${name}`;
const vitest = [node, "node_modules/vitest/vitest.mjs", "run"];

await run({ step: "lint (Biome: rules, format, import order)", command: [bin("biome"), "check", "."] });
(await run({ step: "typecheck", command: [node, "node_modules/@react-router/dev/bin.cjs", "typegen"] })) &&
  (await run({ step: "typecheck (tsc)", command: [bin("tsc")] }));
// Once, before the tests that run the built app (two route tests in Vitest, the suites side by side) would each
// build it.
await run({ step: "production build (when stale)", command: [node, "scripts/build.ts", "--when-stale"] });
await run({
  step: "unit and integration tests (embedded PostgreSQL 18)",
  command: vitest,
  env: { TEST_DATABASE_URL: "" },
});

const security: Step = {
  step: "hostile input and authentication attacks",
  command: [...vitest, "--config", "tests/security/vitest.config.ts"],
  label: "security",
};

// The second engine only needs the test files that use the run's database server: the rest would pass the same
// way twice.
const databaseTests = [...listDatabaseTestFiles()];
if (databaseTests.length === 0)
  throw new Error("No test file opens a database: the second engine would test nothing");
const secondEngine = (name: string, url: string): Step => ({
  step: `integration tests (${name} through a connection string, ${databaseTests.length} files)`,
  command: [...vitest, ...databaseTests],
  env: { TEST_DATABASE_URL: url },
  label: "postgresql",
});

/** The browser suite: the other lane while the server-side suites run. */
async function browserLane(): Promise<boolean> {
  if (fs.existsSync(chromium)) {
    return run({
      step: "end-to-end tests (Playwright, Chromium)",
      command: [node, "scripts/e2e.ts"],
      env: { CHROMIUM_PATH: chromium },
      label: "browser",
    });
  }
  skip(
    "end-to-end tests (Playwright)",
    `No Chromium at ${chromium} (set CHROMIUM_PATH).`,
    "apt-get install -y chromium-headless-shell",
  );
  return false;
}

/** The hostile-input suite, then the second engine's tests (with the cluster they need, or a loud skip). */
async function serverLane(): Promise<boolean> {
  const attacked = await run(security);
  if (process.env.TEST_DATABASE_URL) {
    return (
      (await run(secondEngine("PostgreSQL at TEST_DATABASE_URL", process.env.TEST_DATABASE_URL))) && attacked
    );
  }
  const pgBin = findPostgresBin();
  if (!pgBin) {
    skip(
      `integration tests (PostgreSQL ${OLDEST_POSTGRES} through a connection string)`,
      "No PostgreSQL server binaries found and TEST_DATABASE_URL is not set.",
      `apt-get install -y postgresql-${OLDEST_POSTGRES}`,
    );
    return attacked;
  }
  const cluster = await startCluster(pgBin);
  try {
    return (await run(secondEngine(`PostgreSQL ${pgBin.split("/").at(-2)}`, cluster.url))) && attacked;
  } finally {
    removeCluster(cluster);
  }
}

await together(browserLane, serverLane);

await run({
  step: "resilience (SIGKILL, SIGTERM, database outage, bounded load)",
  command: [...vitest, "--config", "tests/resilience/vitest.config.ts"],
});

console.log("\nSummary");
for (const r of results) console.log(`  ${r.outcome.padEnd(7)} ${r.step}${r.note ? ` (${r.note})` : ""}`);
const count = (o: string) => results.filter((r) => r.outcome === o).length;
console.log(`\nsteps: ${count("passed")} passed, ${count("failed")} failed, ${count("skipped")} skipped`);
process.exit(count("failed") > 0 ? 1 : 0);
