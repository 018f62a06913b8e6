// Cluster mode (WEB_CONCURRENCY > 1, decision 022): both workers answer, one runs the background jobs, a
// killed worker is replaced, SIGUSR2 replaces them all without a failed request, SIGTERM stops everything.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { afterAll, test } from "vitest";
import { openDatabase } from "#app/server/db/client.server.ts";
import { isProcessAlive } from "#app/server/db/processes.server.ts";
import { enqueueMessage } from "#app/server/messaging/outbox.server.ts";
import { type AppProcess, startApp } from "../../scripts/lib/app-process.ts";
import { startSmtpTestServer } from "../setup/smtp-test-server.ts";
import { newDataDir, noPostgresLeft, postmasterPid, probe, quiet, removeDataDir, sleep } from "./helpers.ts";

afterAll(noPostgresLeft);

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

test("embedded, WEB_CONCURRENCY=2: both workers answer, one runs the jobs, a killed worker is replaced, SIGUSR2 replaces them without a failed request, SIGTERM stops all", async () => {
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
        logLines(app).filter((line) => line.msg === `Listening on http://localhost:${app.port}`).length >= 2,
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
    console.log(
      `workers ${first.join(", ")} answered; jobs ${jobs} killed → ${successor}; rolling restart → ` +
        `${afterRoll.join(", ")} under ${rolling.statuses.length} requests, none failed; 3 mails, one copy each`,
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
});
