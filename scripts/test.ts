// `npm test`: lint, typecheck, unit and integration tests on the embedded PostgreSQL server, the same
// on the oldest PostgreSQL we support (15, Debian's package) through a connection string, the browser
// suite, and the resilience and hostile-input suites against the built app. A part that cannot run here
// is reported loudly and skipped; with CI=true it fails.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { findPostgresBin, OLDEST_POSTGRES, removeCluster, startCluster } from "./lib/postgres.ts";
import { listDatabaseTestFiles } from "./lib/test-files.ts";

const ci = process.env.CI === "true" || process.env.CI === "1";
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const results: { step: string; outcome: "passed" | "failed" | "skipped"; note?: string }[] = [];

function run(step: string, command: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n▶ ${step}`);
  const started = Date.now();
  const result = spawnSync(command[0]!, command.slice(1), {
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  const ok = result.status === 0;
  results.push({
    step,
    outcome: ok ? "passed" : "failed",
    note: `${Math.round((Date.now() - started) / 1000)} s`,
  });
  return ok;
}

function skip(step: string, why: string, install: string) {
  const banner = "!".repeat(78);
  console.warn(`\n${banner}\n! SKIPPED: ${step}\n! ${why}\n! Install it with: ${install}\n${banner}`);
  results.push({ step, outcome: ci ? "failed" : "skipped", note: why });
}

const node = process.execPath;
const bin = (name: string) => `node_modules/.bin/${name}`;

run("lint", [bin("biome"), "lint", "."]);
run("typecheck", [node, "node_modules/@react-router/dev/bin.cjs", "typegen"]) &&
  run("typecheck (tsc)", [bin("tsc")]);
const vitest = [node, "node_modules/vitest/vitest.mjs", "run"];
run("unit and integration tests (embedded PostgreSQL 18)", vitest, { TEST_DATABASE_URL: "" });

// The second engine only needs the test files that use the run's database server: the rest would pass the same
// way twice.
const databaseTests = [...listDatabaseTestFiles()];
if (databaseTests.length === 0)
  throw new Error("No test file opens a database: the second engine would test nothing");
const vitestOnDatabase = [...vitest, ...databaseTests];

if (process.env.TEST_DATABASE_URL) {
  run("integration tests (PostgreSQL at TEST_DATABASE_URL)", vitestOnDatabase);
} else {
  const pgBin = findPostgresBin();
  if (!pgBin) {
    skip(
      `integration tests (PostgreSQL ${OLDEST_POSTGRES} through a connection string)`,
      "No PostgreSQL server binaries found and TEST_DATABASE_URL is not set.",
      `apt-get install -y postgresql-${OLDEST_POSTGRES}`,
    );
  } else {
    const cluster = await startCluster(pgBin);
    try {
      run(
        `integration tests (PostgreSQL ${pgBin.split("/").at(-2)} through a connection string, ${databaseTests.length} files)`,
        vitestOnDatabase,
        {
          TEST_DATABASE_URL: cluster.url,
        },
      );
    } finally {
      removeCluster(cluster);
    }
  }
}

if (fs.existsSync(chromium)) {
  run("end-to-end tests (Playwright, Chromium)", [node, "scripts/e2e.ts"], { CHROMIUM_PATH: chromium });
} else {
  skip(
    "end-to-end tests (Playwright)",
    `No Chromium at ${chromium} (set CHROMIUM_PATH).`,
    "apt-get install -y chromium",
  );
}

run("resilience (SIGKILL, SIGTERM, database outage, bounded load)", [
  ...vitest,
  "--config",
  "tests/resilience/vitest.config.ts",
]);
run("hostile input and authentication attacks", [...vitest, "--config", "tests/security/vitest.config.ts"]);

console.log("\nSummary");
for (const r of results) console.log(`  ${r.outcome.padEnd(7)} ${r.step}${r.note ? ` (${r.note})` : ""}`);
const count = (o: string) => results.filter((r) => r.outcome === o).length;
console.log(`\nsteps: ${count("passed")} passed, ${count("failed")} failed, ${count("skipped")} skipped`);
process.exit(count("failed") > 0 ? 1 : 0);
