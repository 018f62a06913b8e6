// `npm run test:resilience`: durability and recovery of the real app processes (needs a build), on the
// embedded PostgreSQL server the app runs itself (the default) and, for an outage of a server the app does
// not run, on a PostgreSQL cluster at DATABASE_URL. Each scenario prints ✓ or ✗; the last line is
// "resilience: N passed, N failed". RESILIENCE_ONLY=<part of a name> runs only the matching scenarios.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { openDatabase } from "#app/server/db/client.server.ts";
import { enqueueMessage } from "#app/server/messaging/outbox.server.ts";
import { isProcessAlive } from "#app/server/db/processes.server.ts";
import { quoteRequests } from "#app/server/db/schema.ts";
import { type AppProcess, startApp } from "../../scripts/lib/app-process.ts";
import { buildSite, isBuildCurrent } from "../../scripts/lib/build-state.ts";
import { findPostgresBin, removeCluster, startCluster } from "../../scripts/lib/postgres.ts";
import { startSmtpTestServer } from "../setup/smtp-test-server.ts";
import { boundedLoad, postContactPage } from "./bounded-load.ts";

const suiteStarted = Date.now();
const ci = process.env.CI === "true" || process.env.CI === "1";
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
if (!isBuildCurrent(buildDir) && !buildSite(buildDir)) process.exit(1);

const quiet = { SEED_DEMO: "false", FORM_RATE_LIMIT: "100000", LOG_LEVEL: "error" };
/** The database timeout of the outage scenarios: no answer may wait longer than this. */
const DATABASE_TIMEOUT_MS = 3000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const results: { name: string; ok: boolean; detail: string }[] = [];

// RESILIENCE_ONLY=<part of a name> runs only the matching scenarios (while working on one).
const only = process.env.RESILIENCE_ONLY;
const selected = (name: string) => !only || name.includes(only);

async function scenario(name: string, body: () => Promise<string>) {
  if (!selected(name)) return;
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

// ---------------------------------------------------------------------------------------------------------
// The embedded server's processes

/** Every DATA_DIR the suite made; none may keep a PostgreSQL process once the suite ends. */
const dataDirs: string[] = [];
function newDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "freight-resilience-"));
  dataDirs.push(dir);
  return dir;
}

/** The postmaster pid that DATA_DIR/postgres/postmaster.pid names (its first line), if the file exists. */
function postmasterPid(dataDir: string): number | undefined {
  try {
    const pid = Number(
      fs.readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0],
    );
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The live PostgreSQL processes of a DATA_DIR: the postmaster (`postgres -D DATA_DIR/postgres`) and its
 * children, which work in that folder (their command lines are rewritten, their working directory is not).
 */
function postgresProcesses(dataDir: string): number[] {
  const cluster = path.join(dataDir, "postgres");
  let wanted: string;
  try {
    wanted = fs.realpathSync(cluster);
  } catch {
    wanted = cluster;
  }
  const found: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    let args: string[] = [];
    let cwd = "";
    try {
      args = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    } catch {
      continue;
    }
    try {
      cwd = fs.readlinkSync(`/proc/${pid}/cwd`);
    } catch {}
    const flag = args.indexOf("-D");
    const postmasterOf =
      flag >= 0 && path.basename(args[0] ?? "") === "postgres" && args[flag + 1] === cluster;
    if ((postmasterOf || cwd === wanted || cwd === cluster) && isProcessAlive(pid)) found.push(pid);
  }
  return found;
}

/** How many lines of the server's log (DATA_DIR/postgres.log) match `pattern`. */
function serverLogCount(dataDir: string, pattern: RegExp): number {
  try {
    const text = fs.readFileSync(path.join(dataDir, "postgres.log"), "utf8");
    return text.split("\n").filter((line) => pattern.test(line)).length;
  } catch {
    return 0;
  }
}
const CRASH_RECOVERY = /database system was not properly shut down; automatic recovery in progress/;

/** Waits (up to `ms`) until the DATA_DIR has no PostgreSQL process left; returns the ones still there. */
async function waitForNoPostgres(dataDir: string, ms = 10_000): Promise<number[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const left = postgresProcesses(dataDir);
    if (left.length === 0 || Date.now() > deadline) return left;
    await sleep(50);
  }
}

/** Removes a DATA_DIR whose server must already be stopped; a process still running there fails the scenario. */
async function removeDataDir(dataDir: string) {
  const left = await waitForNoPostgres(dataDir, 5000);
  for (const pid of left) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {}
  }
  await waitForNoPostgres(dataDir, 5000);
  fs.rmSync(dataDir, { recursive: true, force: true });
  assert.deepEqual(left, [], `PostgreSQL processes of ${dataDir} still running`);
}

// ---------------------------------------------------------------------------------------------------------
// Writers

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
    /** Resolves once the first request has been acknowledged (or after `ms`). */
    async firstAcknowledged(ms = 20_000) {
      for (let waited = 0; acknowledged.length === 0 && waited < ms; waited += 50) await sleep(50);
    },
    async stop() {
      stopped = true;
      await done;
    },
  };
}

/**
 * Which of `emails` the database holds, read directly: on the embedded server of `dataDir` this process
 * joins the running server (or starts it, and then stops it again when it is the last one out).
 */
async function storedEmails(options: { dataDir?: string; databaseUrl?: string }, emails: string[]) {
  const database = await openDatabase(options);
  try {
    const rows = await database.db
      .select({ email: quoteRequests.email })
      .from(quoteRequests)
      .where(inArray(quoteRequests.email, emails.length ? emails : ["-"]));
    return new Set(rows.map((r) => r.email));
  } finally {
    await database.close();
  }
}

async function assertNoneLost(
  options: { dataDir?: string; databaseUrl?: string },
  acknowledged: string[],
  what: string,
) {
  const stored = await storedEmails(options, acknowledged);
  assert.deepEqual(
    acknowledged.filter((email) => !stored.has(email)),
    [],
    `acknowledged requests lost ${what}`,
  );
}

/** GETs `path` and says how it went; a request that fails or times out counts as status 0. */
async function probe(app: AppProcess, target: string, timeoutMs = 15_000) {
  const started = Date.now();
  try {
    const response = await fetch(`${app.url}${target}`, { signal: AbortSignal.timeout(timeoutMs) });
    const body = await response.text();
    return { status: response.status, ms: Date.now() - started, body };
  } catch (error) {
    return { status: 0, ms: Date.now() - started, body: String(error) };
  }
}

// ---------------------------------------------------------------------------------------------------------
// Scenarios on the embedded server (one DATA_DIR, each scenario leaves its server stopped)

let sharedDataDir: string | undefined;
const embeddedDataDir = () => {
  sharedDataDir ??= newDataDir();
  return sharedDataDir;
};

/**
 * Rounds of: start the app on the DATA_DIR (it must start cleanly and answer /readyz), write quote
 * requests continuously, SIGKILL the app at a random moment (and with `killServer` the postmaster at the
 * same moment). Each round's acknowledged requests are read back while the next round's app runs; the
 * last round's after the final kill.
 */
async function killRounds({ rounds, killServer }: { rounds: number; killServer: boolean }) {
  const dataDir = embeddedDataDir();
  let total = 0;
  let previous: { acknowledged: string[]; postmaster: number | undefined } | undefined;
  let adopted = 0;
  let crashStarts = 0;
  const recoveriesBefore = serverLogCount(dataDir, CRASH_RECOVERY);
  for (let round = 1; round <= rounds; round++) {
    const app = await startApp({ env: quiet, dataDir });
    try {
      const ready = await probe(app, "/readyz");
      assert.equal(ready.status, 200, `round ${round}: /readyz after the start: ${ready.body}`);
      assert.doesNotMatch(app.output(), /"level":(50|60)/, `round ${round}: errors logged during the start`);
      const postmaster = postmasterPid(dataDir);
      assert.ok(postmaster && isProcessAlive(postmaster), `round ${round}: no database server running`);
      if (previous) {
        if (killServer) {
          assert.notEqual(
            postmaster,
            previous.postmaster,
            `round ${round}: the killed server is still named`,
          );
          crashStarts++;
        } else {
          // The app was SIGKILLed, its server was not: the new app joins the server still running.
          assert.equal(postmaster, previous.postmaster, `round ${round}: the running server was not adopted`);
          adopted++;
        }
        await assertNoneLost({ dataDir }, previous.acknowledged, `in round ${round - 1}`);
      }
      const writer = startWriter(app, `kill-${Date.now()}-${round}`);
      await writer.firstAcknowledged();
      await sleep(200 + Math.random() * 1000);
      if (killServer) process.kill(postmaster, "SIGKILL");
      app.child.kill("SIGKILL");
      await app.stop();
      await writer.stop();
      assert.ok(writer.acknowledged.length > 0, `round ${round}: nothing was acknowledged before the kill`);
      if (!killServer) assert.ok(isProcessAlive(postmaster), `round ${round}: the server died with the app`);
      total += writer.acknowledged.length;
      previous = { acknowledged: writer.acknowledged, postmaster };
    } catch (error) {
      await app.stop("SIGKILL");
      throw new Error(
        `${error instanceof Error ? error.message : error}\nApp output:\n${app.output().slice(-2000)}`,
      );
    }
  }
  // After the last kill this process is the only one left: it adopts (or restarts) the server, reads,
  // and stops it on the way out.
  if (previous) await assertNoneLost({ dataDir }, previous.acknowledged, `in round ${rounds}`);
  assert.deepEqual(
    await waitForNoPostgres(dataDir),
    [],
    "PostgreSQL processes left after the last process closed",
  );
  const recoveries = serverLogCount(dataDir, CRASH_RECOVERY) - recoveriesBefore;
  if (killServer) {
    assert.equal(recoveries, crashStarts + 1, "every start after a kill of the server ran crash recovery");
  } else assert.equal(recoveries, 0, "crash recovery ran although the server was never killed");
  return killServer
    ? `${rounds} kills of the app and its server, ${recoveries} starts with crash recovery, ` +
        `${total} acknowledged requests, none lost`
    : `${rounds} kills, ${adopted} restarts adopted the running server, ${total} acknowledged requests, none lost`;
}

await scenario("embedded: SIGKILL of the app at random moments loses no acknowledged request", () =>
  killRounds({ rounds: 10, killServer: false }),
);

await scenario(
  "embedded: SIGKILL of the app and of its database server together loses no acknowledged request",
  () => killRounds({ rounds: 10, killServer: true }),
);

await scenario(
  "embedded: SIGTERM under load: in-flight requests finish, exit 0, the server stops, nothing lost",
  async () => {
    const dataDir = embeddedDataDir();
    const app = await startApp({ env: { ...quiet, SHUTDOWN_TIMEOUT_MS: "5000" }, dataDir });
    const postmaster = postmasterPid(dataDir);
    assert.ok(postmaster && isProcessAlive(postmaster), "no database server running");
    const writers = Array.from({ length: 5 }, (_, i) => startWriter(app, `term-${Date.now()}-${i}`));
    await sleep(1500);
    const started = Date.now();
    const code = await app.stop("SIGTERM");
    const took = Date.now() - started;
    await Promise.all(writers.map((w) => w.stop()));
    assert.equal(code, 0, `exit code; app output:\n${app.output().slice(-2000)}`);
    assert.ok(took < 5000, `exited in ${took} ms`);
    // The app was the last process of the folder: its server is stopped before the app exits.
    assert.ok(!isProcessAlive(postmaster), `the database server (pid ${postmaster}) still runs`);
    assert.deepEqual(postgresProcesses(dataDir), [], "PostgreSQL processes left after the app exited");
    const acknowledged = writers.flatMap((w) => w.acknowledged);
    assert.ok(acknowledged.length > 0, "nothing was acknowledged");
    await assertNoneLost({ dataDir }, acknowledged, "after SIGTERM");
    return `exited in ${took} ms, server pid ${postmaster} gone; ${acknowledged.length} acknowledged, none lost`;
  },
);

await scenario(
  "embedded: database server SIGKILLed under load: fast 503s, the app restarts it, nothing lost",
  async () => {
    const dataDir = embeddedDataDir();
    const app = await startApp({
      env: { ...quiet, DATABASE_TIMEOUT_MS: String(DATABASE_TIMEOUT_MS) },
      dataDir,
    });
    try {
      const writer = startWriter(app, `server-kill-${Date.now()}`);
      await writer.firstAcknowledged();
      await sleep(500);
      const killed = postmasterPid(dataDir);
      assert.ok(killed && isProcessAlive(killed), "no database server running");
      process.kill(killed, "SIGKILL");
      // Pages while the server is down and being restarted: answered, and never slower than the timeout.
      const answers: { status: number; ms: number }[] = [];
      let recovered = false;
      const deadline = Date.now() + 20_000;
      while (!recovered && Date.now() < deadline) {
        const answer = await probe(app, "/contact");
        answers.push(answer);
        recovered = answer.status === 200 && answers.some((a) => a.status === 503);
        if (!recovered) await sleep(100);
      }
      const unavailable = answers.filter((a) => a.status === 503);
      const slowest = Math.max(...answers.map((a) => a.ms));
      const statuses = [...new Set(answers.map((a) => a.status))].join(", ");
      assert.ok(unavailable.length > 0, `no 503 while the server was down (statuses ${statuses})`);
      assert.ok(
        answers.every((a) => a.status === 200 || a.status === 503),
        `answers while down: ${answers.map((a) => a.status).join(", ")}`,
      );
      assert.ok(slowest < DATABASE_TIMEOUT_MS, `an answer took ${slowest} ms`);
      assert.ok(recovered, "the app did not recover by itself within 20 s");
      const restarted = postmasterPid(dataDir);
      assert.ok(
        restarted && restarted !== killed && isProcessAlive(restarted),
        "the server was not restarted",
      );
      assert.equal((await probe(app, "/readyz")).status, 200, "/readyz after the restart");
      await sleep(500);
      await writer.stop();
      await assertNoneLost({ dataDir }, writer.acknowledged, "after the server was killed");
      return (
        `${unavailable.length} × 503 (slowest answer ${slowest} ms), back after ${answers.length} probes; ` +
        `server ${killed} → ${restarted}; ${writer.acknowledged.length} acknowledged, none lost`
      );
    } catch (error) {
      throw new Error(
        `${error instanceof Error ? error.message : error}\nApp output:\n${app.output().slice(-2000)}`,
      );
    } finally {
      await app.stop();
    }
  },
);

/**
 * The server cannot start again (an invalid setting in postgresql.auto.conf) when it is killed: the app
 * answers 503 at once, /readyz and the log say why. The second part (the file repaired, the app's own
 * retry a minute later brings the server back) runs while the bounded-load scenario runs.
 */
const crashLoopName =
  "embedded: a server that cannot start: fast 503s, /readyz and the log say why, back by itself once repaired";
let crashLoop: Promise<void> | undefined;
if (selected(crashLoopName)) {
  let brokenDone!: () => void;
  const broken = new Promise<void>((resolve) => (brokenDone = resolve));
  crashLoop = scenario(crashLoopName, async () => {
    const dataDir = embeddedDataDir();
    const conf = path.join(dataDir, "postgres", "postgresql.auto.conf");
    const app = await startApp({
      env: { ...quiet, DATABASE_TIMEOUT_MS: String(DATABASE_TIMEOUT_MS) },
      dataDir,
    });
    let original: string | undefined;
    try {
      const writer = startWriter(app, `crash-loop-${Date.now()}`);
      await writer.firstAcknowledged();
      await writer.stop();
      original = fs.readFileSync(conf, "utf8");
      fs.appendFileSync(conf, "shared_buffers = 'nonsense'\n");
      const killed = postmasterPid(dataDir);
      assert.ok(killed && isProcessAlive(killed), "no database server running");
      process.kill(killed, "SIGKILL");
      const failedAt = Date.now();
      // The app's restart fails; /readyz names the reason once it has given up.
      let ready = await probe(app, "/readyz");
      for (let i = 0; i < 100 && !/^database unavailable: \S/.test(ready.body); i++) {
        await sleep(200);
        ready = await probe(app, "/readyz");
      }
      assert.equal(ready.status, 503, `/readyz: ${ready.body}`);
      assert.match(ready.body, /^database unavailable: The database server stopped during start\.$/);
      assert.match(app.output(), /invalid value for parameter \\?"shared_buffers\\?": \\?"nonsense\\?"/);
      // While it stays down: every page 503 at once, and no server process left behind.
      const answers: { status: number; ms: number }[] = [];
      for (let i = 0; i < 10; i++) {
        answers.push(await probe(app, i % 2 ? "/contact" : "/"));
        await sleep(250);
      }
      const slowest = Math.max(...answers.map((a) => a.ms));
      assert.ok(
        answers.every((a) => a.status === 503),
        `answers while down: ${answers.map((a) => a.status).join(", ")}`,
      );
      assert.ok(slowest < DATABASE_TIMEOUT_MS, `an answer took ${slowest} ms`);
      assert.deepEqual(postgresProcesses(dataDir), [], "a PostgreSQL process runs although the start failed");
      const reason = ready.body.replace(dataDir, "DATA_DIR");
      // Given up, not retried every second: one failed start until the minute is over.
      const failedStarts = serverLogCount(dataDir, /invalid value for parameter "shared_buffers"/);
      assert.ok(
        failedStarts >= 1 && failedStarts <= 3,
        `${failedStarts} failed starts in ${Date.now() - failedAt} ms`,
      );
      // Repaired: the app retries once a minute after giving up, so it is back within about a minute.
      fs.writeFileSync(conf, original);
      original = undefined;
      brokenDone();
      let back = await probe(app, "/readyz");
      while (back.status !== 200 && Date.now() - failedAt < 100_000) {
        await sleep(1000);
        back = await probe(app, "/readyz");
      }
      const downFor = Math.round((Date.now() - failedAt) / 1000);
      assert.equal(back.status, 200, `not back ${downFor} s after the failed start: ${back.body}`);
      assert.equal((await probe(app, "/contact")).status, 200, "/contact once back");
      const restarted = postmasterPid(dataDir);
      assert.ok(
        restarted && restarted !== killed && isProcessAlive(restarted),
        "the server was not restarted",
      );
      await assertNoneLost({ dataDir }, writer.acknowledged, "across the failed start");
      return (
        `${answers.length} × 503 (slowest ${slowest} ms), /readyz: "${reason}"; ${failedStarts} failed start(s), ` +
        `back by itself ${downFor} s after the first; ${writer.acknowledged.length} acknowledged, none lost`
      );
    } catch (error) {
      throw new Error(
        `${error instanceof Error ? error.message : error}\nApp output:\n${app.output().slice(-2000)}`,
      );
    } finally {
      if (original !== undefined) fs.writeFileSync(conf, original);
      brokenDone();
      await app.stop();
    }
  });
  await broken;
}

// ---------------------------------------------------------------------------------------------------------
// Cluster mode (WEB_CONCURRENCY > 1, decision 022)

/** The cluster workers of a primary: its children that run Node (its other child is the database server). */
function clusterWorkers(primary: number): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const program = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")[0] ?? "";
      if (ppid === primary && path.basename(program) === "node" && isProcessAlive(pid)) found.push(pid);
    } catch {}
  }
  return found.sort((a, b) => a - b);
}

/** The app's JSON log lines (pino), the others left out. */
function logLines(app: AppProcess): Array<Record<string, unknown>> {
  return app
    .output()
    .split("\n")
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
}

/** Pids of the workers that said they run the background jobs, in the order they said it. */
const jobsWorkers = (app: AppProcess) =>
  logLines(app)
    .filter(
      (line) => typeof line.msg === "string" && line.msg.startsWith("This worker runs the background jobs"),
    )
    .map((line) => line.pid as number);

async function until(what: string, check: () => boolean, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`waited ${ms} ms for: ${what}`);
    await sleep(50);
  }
}

/** GET requests from `clients` loops until stopped; every answer's status (0: failed) is kept. */
function startReaders(app: AppProcess, clients: number) {
  const statuses: number[] = [];
  const failures: string[] = [];
  let stopped = false;
  const loops = Array.from({ length: clients }, async () => {
    while (!stopped) {
      const answer = await probe(app, "/track/UTG-1234-5678", 10_000);
      statuses.push(answer.status);
      if (answer.status !== 200) failures.push(`${answer.status} ${answer.body.slice(0, 200)}`);
    }
  });
  return {
    statuses,
    failures,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

await scenario(
  "embedded, WEB_CONCURRENCY=2: both workers answer, one runs the jobs, a killed worker is replaced, SIGUSR2 replaces them without a failed request, SIGTERM stops all",
  async () => {
    const dataDir = newDataDir();
    const smtp = await startSmtpTestServer();
    const app = await startApp({
      env: {
        ...quiet,
        SEED_DEMO: "true",
        WEB_CONCURRENCY: "2",
        // debug: every request's log line names the worker (pid) that answered it.
        LOG_LEVEL: "debug",
        SMTP_URL: smtp.url,
        TRACK_RATE_LIMIT: "1000000",
        SHUTDOWN_TIMEOUT_MS: "5000",
      },
      dataDir,
    });
    const primary = app.child.pid!;
    const database = await openDatabase({ dataDir });
    /** Queues an e-mail the way the app does; the jobs worker hears of it (NOTIFY) and sends it. */
    const queueMail = async (to: string) => {
      const queued = await enqueueMessage({
        db: database.db,
        message: { channel: "email", to, subject: `Cluster ${to}`, text: "One copy only." },
        siteHost: "cluster.example.com",
        config: { SMTP_URL: smtp.url, SMS_ALLOWED_COUNTRIES: [] },
      });
      assert.ok(queued.ok, `enqueue: ${JSON.stringify(queued)}`);
    };
    try {
      await until("two workers listening", () => clusterWorkers(primary).length === 2);
      await until(
        "both workers ready",
        () =>
          logLines(app).filter((line) => line.msg === `Listening on http://localhost:${app.port}`).length >=
          2,
      );
      const first = clusterWorkers(primary);

      // Both answer: connections are dealt round-robin; each request's log line says which worker took it.
      const readers = startReaders(app, 6);
      await sleep(1500);
      await readers.stop();
      assert.ok(
        readers.statuses.every((status) => status === 200),
        `statuses: ${readers.statuses}`,
      );
      const answeredBy = new Set(
        logLines(app)
          .filter((line) => line.msg === "request" && line.url === "/track/UTG-1234-5678")
          .map((line) => line.pid as number),
      );
      assert.deepEqual(
        [...answeredBy].sort((a, b) => a - b),
        first,
        "the workers that answered",
      );

      // One set of background jobs: one worker says it runs them, and a queued e-mail leaves once.
      assert.equal(jobsWorkers(app).length, 1, "workers running the background jobs");
      const jobs = jobsWorkers(app)[0]!;
      assert.ok(first.includes(jobs), `the jobs worker ${jobs} is not one of ${first}`);
      await queueMail("before@example.com");
      await smtp.waitForCount(1);

      // The jobs worker dies: the other keeps answering, a new worker takes the jobs, mail still leaves once.
      // (Requests in flight on its connections fail with it; the client sees those connections close.)
      process.kill(jobs, "SIGKILL");
      await sleep(200);
      const during = startReaders(app, 2);
      await until("a replacement worker", () => {
        const now = clusterWorkers(primary);
        return now.length === 2 && !now.includes(jobs);
      });
      await until("the jobs taken over", () => jobsWorkers(app).length === 2);
      await during.stop();
      const successor = jobsWorkers(app)[1]!;
      assert.ok(clusterWorkers(primary).includes(successor), "the new jobs worker is running");
      assert.ok(during.statuses.length > 0 && during.statuses.every((s) => s === 200), `${during.statuses}`);
      await queueMail("after-kill@example.com");
      await smtp.waitForCount(2);

      // Rolling restart under load: every worker replaced, not one request failed, one new jobs worker.
      const beforeRoll = clusterWorkers(primary);
      const rolling = startReaders(app, 4);
      await sleep(300);
      process.kill(primary, "SIGUSR2");
      await until("the rolling restart", () => /Rolling restart done/.test(app.output()), 20_000);
      await sleep(300);
      await rolling.stop();
      assert.deepEqual(rolling.failures, [], `of ${rolling.statuses.length} requests`);
      const afterRoll = clusterWorkers(primary);
      assert.equal(afterRoll.length, 2, "workers after the rolling restart");
      assert.ok(
        afterRoll.every((pid) => !beforeRoll.includes(pid)),
        `not all replaced: ${beforeRoll} → ${afterRoll}`,
      );
      assert.equal(jobsWorkers(app).length, 3, "one new jobs worker after the rolling restart");
      assert.ok(afterRoll.includes(jobsWorkers(app)[2]!), "the jobs worker is one of the new ones");
      await queueMail("after-roll@example.com");
      await smtp.waitForCount(3);
      await sleep(500);
      for (const to of ["before@example.com", "after-kill@example.com", "after-roll@example.com"]) {
        const copies = smtp.received.filter((mail) => mail.to.includes(to)).length;
        assert.equal(copies, 1, `copies of the mail to ${to}`);
      }
      assert.equal(smtp.received.length, 3, "mails received");
      await database.close();

      // SIGTERM: the workers finish, the primary stops the database server last, exit 0.
      const postmaster = postmasterPid(dataDir);
      const code = await app.stop("SIGTERM");
      assert.equal(code, 0, "the primary's exit code");
      assert.deepEqual(clusterWorkers(primary), [], "workers left");
      assert.ok(postmaster && !isProcessAlive(postmaster), "the database server still runs");
      await removeDataDir(dataDir);
      return (
        `workers ${first.join(", ")} answered; jobs ${jobs} killed → ${successor}; rolling restart → ` +
        `${afterRoll.join(", ")} under ${rolling.statuses.length} requests, none failed; 3 mails, one copy each`
      );
    } catch (error) {
      throw new Error(
        `${error instanceof Error ? error.message : error}\nApp output:\n${app.output().slice(-3000)}`,
      );
    } finally {
      await database.close().catch(() => {});
      await app.stop("SIGKILL");
      await smtp.close();
      if (fs.existsSync(dataDir)) await removeDataDir(dataDir).catch(() => {});
    }
  },
);

await scenario("embedded: 50 users for 60 s (pages, tracking, forms): no errors, memory flat", async () => {
  const dataDir = newDataDir();
  const app = await startApp({
    env: { ...quiet, SEED_DEMO: "true", TRACK_RATE_LIMIT: "1000000" },
    dataDir,
  });
  try {
    return await boundedLoad({ app, submitQuote });
  } finally {
    await app.stop();
    await removeDataDir(dataDir);
  }
});

await crashLoop;
if (sharedDataDir) {
  await scenario("embedded: no PostgreSQL process left once the last app has stopped", async () => {
    await removeDataDir(sharedDataDir!);
    return "none";
  });
}

// ---------------------------------------------------------------------------------------------------------
// A PostgreSQL server the app does not run (DATABASE_URL): it cannot restart it, only wait for it

const outageName =
  "DATABASE_URL: PostgreSQL stopped under load: fast 503s, recovery without restart, nothing lost";
const pgBin = selected(outageName) ? findPostgresBin() : undefined;
if (selected(outageName) && !pgBin) {
  const message =
    "No PostgreSQL server binaries (apt-get install -y postgresql): DATABASE_URL scenario not run";
  if (ci) results.push({ name: "PostgreSQL scenarios", ok: false, detail: message });
  console.warn(`!!! ${message}`);
} else if (pgBin) {
  const cluster = await startCluster(pgBin, { durable: true });
  const databaseUrl = cluster.url;
  try {
    await scenario(outageName, async () => {
      const app = await startApp({
        env: { ...quiet, DATABASE_URL: databaseUrl, DATABASE_TIMEOUT_MS: String(DATABASE_TIMEOUT_MS) },
      });
      try {
        const writer = startWriter(app, `outage-${Date.now()}`);
        await sleep(1000);
        cluster.stop();
        await sleep(2500);
        const during = await probe(app, "/contact");
        assert.equal(during.status, 503, "a page while the database is down");
        // No wait longer than the configured database timeout.
        assert.ok(during.ms < DATABASE_TIMEOUT_MS, `answered in ${during.ms} ms`);
        cluster.start();
        let recovered = false;
        for (let i = 0; i < 40 && !recovered; i++) {
          await sleep(250);
          recovered = (await probe(app, "/contact")).status === 200;
        }
        assert.ok(recovered, "the app recovers by itself within 10 s");
        await sleep(500);
        await writer.stop();
        await assertNoneLost({ databaseUrl }, writer.acknowledged, "across the outage");
        return `503 in ${during.ms} ms while down; ${writer.acknowledged.length} acknowledged, none lost`;
      } finally {
        await app.stop();
        fs.rmSync(app.dataDir, { recursive: true, force: true });
        try {
          cluster.start();
        } catch {}
      }
    });
  } finally {
    removeCluster(cluster);
  }
}

// Whatever happened above, no PostgreSQL server of this suite's DATA_DIRs may outlive it.
const leftovers = dataDirs.flatMap((dir) => postgresProcesses(dir).map((pid) => ({ dir, pid })));
if (leftovers.length > 0) {
  for (const { pid } of leftovers) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {}
  }
  const detail = leftovers.map(({ dir, pid }) => `${pid} (${dir})`).join(", ");
  results.push({ name: "no PostgreSQL process left", ok: false, detail });
  console.log(`✗ PostgreSQL processes left running (killed now): ${detail}`);
}
for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });

const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
console.log(
  `\nresilience: ${passed} passed, ${failed} failed in ${((Date.now() - suiteStarted) / 1000).toFixed(1)} s`,
);
process.exit(failed > 0 ? 1 : 0);
