// `npm run test:resilience`: durability and recovery of the real app processes (needs a build).
// Each scenario prints ✓ or ✗; the last line is "resilience: N passed, N failed".
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { migrateDatabase, openDatabase } from "../../app/server/db/client.server.ts";
import { quoteRequests } from "../../app/server/db/schema.ts";
import { type AppProcess, startApp } from "../../scripts/lib/app-process.ts";
import { buildSite, isBuildCurrent } from "../../scripts/lib/build-state.ts";
import { type Cluster, findPostgresBin, removeCluster, startCluster } from "../../scripts/lib/postgres.ts";
import { boundedLoad, postContactPage } from "./bounded-load.ts";

const ci = process.env.CI === "true" || process.env.CI === "1";
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
if (!isBuildCurrent(buildDir) && !buildSite(buildDir)) process.exit(1);

const quiet = { SEED_DEMO: "false", FORM_RATE_LIMIT: "100000", LOG_LEVEL: "error" };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const results: { name: string; ok: boolean; detail: string }[] = [];

// RESILIENCE_ONLY=<part of a name> runs only the matching scenarios (while working on one).
const only = process.env.RESILIENCE_ONLY;

async function scenario(name: string, body: () => Promise<string>) {
  if (only && !name.includes(only)) return;
  const started = Date.now();
  try {
    const detail = await body();
    results.push({ name, ok: true, detail });
    console.log(`✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s) ${detail}`);
  } catch (error) {
    results.push({ name, ok: false, detail: String(error) });
    console.log(`✗ ${name}: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
  }
}

/** Posts one quote request the way a browser without JavaScript does; true when the app said it is saved. */
async function submitQuote(app: AppProcess, email: string, signal?: AbortSignal): Promise<boolean> {
  const body = new URLSearchParams({
    intent: "quote",
    submissionKey: crypto.randomUUID(),
    firstName: "Durable",
    lastName: "Writer",
    email,
    cityDeparture: "Monrovia",
    deliveryCity: "Accra",
    parcelType: "Parcels",
    weight: "12 kg",
    specialInfo: "",
    freightTypes: "air",
  });
  return postContactPage({ app, body, signal, acknowledgement: "Quote request submitted successfully" });
}

/** Submits quotes one after another until stopped; returns the e-mails the app acknowledged. */
function startWriter(app: AppProcess, prefix: string) {
  const acknowledged: string[] = [];
  let stopped = false;
  const done = (async () => {
    for (let i = 0; !stopped; i++) {
      const email = `${prefix}-${i}@example.com`;
      try {
        if (await submitQuote(app, email, AbortSignal.timeout(10_000))) acknowledged.push(email);
      } catch {
        await sleep(20);
      }
    }
  })();
  return {
    acknowledged,
    async stop() {
      stopped = true;
      await done;
    },
  };
}

async function storedEmails(options: { dataDir?: string; databaseUrl?: string }, emails: string[]) {
  const database = await openDatabase(options);
  try {
    if (options.dataDir) await migrateDatabase(database);
    const rows = await database.db
      .select({ email: quoteRequests.email })
      .from(quoteRequests)
      .where(inArray(quoteRequests.email, emails.length ? emails : ["-"]));
    return new Set(rows.map((r) => r.email));
  } finally {
    await database.close();
  }
}

async function killRounds({
  rounds,
  env,
  dataDir,
  databaseUrl,
  cluster,
}: {
  rounds: number;
  env: Record<string, string>;
  dataDir?: string;
  databaseUrl?: string;
  cluster?: Cluster;
}) {
  let total = 0;
  const all: string[] = [];
  for (let round = 1; round <= rounds; round++) {
    const app = await startApp({ env: { ...quiet, ...env }, dataDir });
    const writer = startWriter(app, `kill-${Date.now()}-${round}`);
    for (let waited = 0; writer.acknowledged.length === 0 && waited < 20_000; waited += 50) await sleep(50);
    await sleep(200 + Math.random() * 1000);
    const killDatabase = cluster && round % 3 === 0;
    if (killDatabase) cluster.kill();
    app.child.kill("SIGKILL");
    await app.stop();
    await writer.stop();
    if (killDatabase) cluster.start();
    assert.ok(writer.acknowledged.length > 0, `round ${round}: nothing was acknowledged before the kill`);
    all.push(...writer.acknowledged);
    total += writer.acknowledged.length;
    // On PostgreSQL, check after every kill; the embedded database is checked by the next start (it
    // must open cleanly) and once at the end (opening it takes seconds).
    if (databaseUrl) {
      const stored = await storedEmails({ databaseUrl }, writer.acknowledged);
      const lost = writer.acknowledged.filter((email) => !stored.has(email));
      assert.deepEqual(lost, [], `round ${round}: acknowledged requests lost after SIGKILL`);
    }
  }
  if (dataDir) {
    const reopened = await startApp({ env: quiet, dataDir });
    assert.equal((await fetch(`${reopened.url}/readyz`)).status, 200, "the database opens cleanly");
    await reopened.stop();
    const stored = await storedEmails({ dataDir }, all);
    assert.deepEqual(
      all.filter((email) => !stored.has(email)),
      [],
      "acknowledged requests lost after SIGKILL",
    );
  }
  return `${rounds} kills, ${total} acknowledged requests, none lost`;
}

await scenario("PGlite: SIGKILL at random moments loses no acknowledged request", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "freight-durable-"));
  try {
    return await killRounds({ rounds: 10, env: {}, dataDir });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

await scenario("PGlite: 50 users for 60 s (pages, tracking, forms): no errors, memory flat", async () => {
  const app = await startApp({
    env: { ...quiet, SEED_DEMO: "true", TRACK_RATE_LIMIT: "1000000" },
  });
  try {
    return await boundedLoad({ app, submitQuote });
  } finally {
    await app.stop();
    fs.rmSync(app.dataDir, { recursive: true, force: true });
  }
});

const pgBin = findPostgresBin();
if (!pgBin) {
  const message =
    "No PostgreSQL server binaries (apt-get install -y postgresql): PostgreSQL scenarios not run";
  if (ci) results.push({ name: "PostgreSQL scenarios", ok: false, detail: message });
  console.warn(`!!! ${message}`);
} else {
  const cluster = await startCluster(pgBin, { durable: true });
  const databaseUrl = cluster.url;
  try {
    await scenario("PostgreSQL: SIGKILL of the app (and of the database server) loses nothing", () =>
      killRounds({ rounds: 10, env: { DATABASE_URL: databaseUrl }, databaseUrl, cluster }),
    );

    await scenario(
      "PostgreSQL stopped under load: fast 503s, recovery without restart, nothing lost",
      async () => {
        const app = await startApp({
          env: { ...quiet, DATABASE_URL: databaseUrl, DATABASE_TIMEOUT_MS: "3000" },
        });
        try {
          const writer = startWriter(app, `outage-${Date.now()}`);
          await sleep(1000);
          cluster.stop();
          await sleep(2500);
          const started = Date.now();
          const during = await fetch(`${app.url}/contact`);
          const waited = Date.now() - started;
          assert.equal(during.status, 503, "a page while the database is down");
          // No wait longer than the configured database timeout.
          assert.ok(waited < 3000, `answered in ${waited} ms`);
          cluster.start();
          let recovered = false;
          for (let i = 0; i < 40 && !recovered; i++) {
            await sleep(250);
            recovered = (await fetch(`${app.url}/contact`)).status === 200;
          }
          assert.ok(recovered, "the app recovers by itself within 10 s");
          await sleep(500);
          await writer.stop();
          const stored = await storedEmails({ databaseUrl }, writer.acknowledged);
          assert.deepEqual(
            writer.acknowledged.filter((e) => !stored.has(e)),
            [],
            "acknowledged requests lost",
          );
          return `503 in ${waited} ms while down; ${writer.acknowledged.length} acknowledged, none lost`;
        } finally {
          await app.stop();
          try {
            cluster.start();
          } catch {}
        }
      },
    );

    await scenario(
      "SIGTERM under load: in-flight requests finish, the process exits in time, nothing lost",
      async () => {
        const app = await startApp({
          env: { ...quiet, DATABASE_URL: databaseUrl, SHUTDOWN_TIMEOUT_MS: "5000" },
        });
        const writers = Array.from({ length: 5 }, (_, i) => startWriter(app, `term-${Date.now()}-${i}`));
        await sleep(1500);
        const started = Date.now();
        const code = await app.stop("SIGTERM");
        const took = Date.now() - started;
        await Promise.all(writers.map((w) => w.stop()));
        assert.equal(code, 0, "exit code");
        assert.ok(took < 5000, `exited in ${took} ms`);
        const acknowledged = writers.flatMap((w) => w.acknowledged);
        const stored = await storedEmails({ databaseUrl }, acknowledged);
        assert.deepEqual(
          acknowledged.filter((e) => !stored.has(e)),
          [],
          "acknowledged requests lost",
        );
        return `exited in ${took} ms; ${acknowledged.length} acknowledged, none lost`;
      },
    );
  } finally {
    removeCluster(cluster);
  }
}

const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
console.log(`\nresilience: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
