// A PostgreSQL server the app does not run (DATABASE_URL): when it stops, the app cannot restart it, only
// answer 503 at once and wait for it. Needs Debian's PostgreSQL server binaries; without them the scenario
// is skipped loudly, and with CI=true it fails.
import assert from "node:assert/strict";
import fs from "node:fs";
import { afterAll, beforeAll, test } from "vitest";
import { startApp } from "../../scripts/lib/app-process.ts";
import { type Cluster, findPostgresBin, removeCluster, startCluster } from "../../scripts/lib/postgres.ts";
import {
  assertNoneLost,
  DATABASE_TIMEOUT_MS,
  probe,
  quiet,
  sleep,
  startWriter,
  withAppOutput,
} from "./helpers.ts";

const ci = process.env.CI === "true" || process.env.CI === "1";
const pgBin = findPostgresBin();
const missing =
  "No PostgreSQL server binaries (apt-get install -y postgresql): DATABASE_URL scenario not run";

let cluster: Cluster | undefined;
beforeAll(async () => {
  if (pgBin) cluster = await startCluster(pgBin, { durable: true });
});
afterAll(() => {
  if (cluster) removeCluster(cluster);
});

test("DATABASE_URL: PostgreSQL stopped under load: fast 503s, recovery without restart, nothing lost", async ({
  skip,
}) => {
  if (!cluster) {
    console.warn(`!!! ${missing}`);
    if (ci) assert.fail(missing);
    return skip(missing);
  }
  const server = cluster;
  const databaseUrl = server.url;
  const app = await startApp({
    env: { ...quiet, DATABASE_URL: databaseUrl, DATABASE_TIMEOUT_MS: String(DATABASE_TIMEOUT_MS) },
  });
  const writer = startWriter(app, `outage-${Date.now()}`);
  try {
    await withAppOutput(app, async () => {
      await sleep(1000);
      server.stop();
      await sleep(2500);
      const during = await probe(app, "/contact");
      assert.equal(during.status, 503, `a page while the database is down: ${during.body.slice(0, 300)}`);
      // No wait longer than the configured database timeout.
      assert.ok(during.ms < DATABASE_TIMEOUT_MS, `answered in ${during.ms} ms`);
      server.start();
      let recovered = false;
      for (let i = 0; i < 40 && !recovered; i++) {
        await sleep(250);
        recovered = (await probe(app, "/contact")).status === 200;
      }
      assert.ok(recovered, "the app recovers by itself within 10 s");
      await sleep(500);
      await writer.stop();
      await assertNoneLost({ databaseUrl }, writer.acknowledged, "across the outage");
      console.log(`503 in ${during.ms} ms while down; ${writer.acknowledged.length} acknowledged, none lost`);
    });
  } finally {
    await app.stop();
    await writer.stop();
    fs.rmSync(app.dataDir, { recursive: true, force: true });
    try {
      server.start();
    } catch {}
  }
});
