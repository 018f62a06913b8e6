// `npm test`: lint, typecheck, unit and integration tests on PGlite, the same on PostgreSQL, the
// browser suite, and the resilience and hostile-input suites against the built app. A part that
// cannot run here is reported loudly and skipped; with CI=true it fails.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { findPostgresBin, removeCluster, startCluster } from "./lib/postgres.ts";

const ci = process.env.CI === "true" || process.env.CI === "1";
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const results: { step: string; outcome: "passed" | "failed" | "skipped"; note?: string }[] = [];

function run(step: string, command: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n▶ ${step}`);
  const started = Date.now();
  const result = spawnSync(command[0]!, command.slice(1), { stdio: "inherit", env: { ...process.env, ...env } });
  const ok = result.status === 0;
  results.push({ step, outcome: ok ? "passed" : "failed", note: `${Math.round((Date.now() - started) / 1000)} s` });
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
run("typecheck", [node, "node_modules/@react-router/dev/bin.cjs", "typegen"]) && run("typecheck (tsc)", [bin("tsc")]);
run("unit and integration tests (PGlite)", [node, "node_modules/vitest/vitest.mjs", "run"], { TEST_DB: "pglite" });

if (process.env.TEST_DATABASE_URL) {
  run("integration tests (PostgreSQL, TEST_DATABASE_URL)", [node, "node_modules/vitest/vitest.mjs", "run"], {
    TEST_DB: "postgres",
  });
} else {
  const pgBin = findPostgresBin();
  if (!pgBin) {
    skip("integration tests (PostgreSQL)", "No PostgreSQL server binaries found and TEST_DATABASE_URL is not set.", "apt-get install -y postgresql");
  } else {
    const cluster = await startCluster(pgBin);
    try {
      run("integration tests (PostgreSQL)", [node, "node_modules/vitest/vitest.mjs", "run"], {
        TEST_DB: "postgres",
        TEST_DATABASE_URL: cluster.url,
      });
    } finally {
      removeCluster(cluster);
    }
  }
}

if (fs.existsSync(chromium)) {
  run("end-to-end tests (Playwright, Chromium)", [node, "scripts/e2e.ts"], { CHROMIUM_PATH: chromium });
} else {
  skip("end-to-end tests (Playwright)", `No Chromium at ${chromium} (set CHROMIUM_PATH).`, "apt-get install -y chromium");
}

run("resilience (SIGKILL, SIGTERM, database outage, bounded load)", [node, "tests/resilience/run.ts"]);
run("hostile input and authentication attacks", [node, "tests/security/run.ts"]);

console.log("\nSummary");
for (const r of results) console.log(`  ${r.outcome.padEnd(7)} ${r.step}${r.note ? ` (${r.note})` : ""}`);
const count = (o: string) => results.filter((r) => r.outcome === o).length;
console.log(`\nsteps: ${count("passed")} passed, ${count("failed")} failed, ${count("skipped")} skipped`);
process.exit(count("failed") > 0 ? 1 : 0);
