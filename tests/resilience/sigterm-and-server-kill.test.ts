// SIGTERM of the app under load (in-flight requests finish, exit 0, its server stopped) and SIGKILL of its
// database server under load (fast 503s, the app starts the server again by itself); nothing acknowledged
// is lost. The scenarios share one DATA_DIR, in this order.
import assert from "node:assert/strict";
import { afterAll, test } from "vitest";
import { isProcessAlive } from "#app/server/db/processes.server.ts";
import { startApp } from "../../scripts/lib/app-process.ts";
import {
  assertNoneLost,
  DATABASE_TIMEOUT_MS,
  noPostgresLeft,
  postgresProcesses,
  postmasterPid,
  probe,
  quiet,
  sharedDataDir,
  sleep,
  startWriter,
  withAppOutput,
} from "./helpers.ts";

afterAll(noPostgresLeft);

test("embedded: SIGTERM under load: in-flight requests finish, exit 0, the server stops, nothing lost", async () => {
  const dataDir = sharedDataDir();
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
  console.log(
    `exited in ${took} ms, server pid ${postmaster} gone; ${acknowledged.length} acknowledged, none lost`,
  );
});

test("embedded: database server SIGKILLed under load: fast 503s, the app restarts it, nothing lost", async () => {
  const dataDir = sharedDataDir();
  const app = await startApp({
    env: { ...quiet, DATABASE_TIMEOUT_MS: String(DATABASE_TIMEOUT_MS) },
    dataDir,
  });
  const writer = startWriter(app, `server-kill-${Date.now()}`);
  try {
    await withAppOutput(app, async () => {
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
      console.log(
        `${unavailable.length} × 503 (slowest answer ${slowest} ms), back after ${answers.length} probes; ` +
          `server ${killed} → ${restarted}; ${writer.acknowledged.length} acknowledged, none lost`,
      );
    });
  } finally {
    await app.stop();
    await writer.stop();
  }
});
