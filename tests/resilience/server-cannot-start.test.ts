// The embedded server cannot start again (an invalid setting in postgresql.auto.conf) after it was killed:
// the app answers 503 at once, /readyz and the log say why, and once the file is repaired the app's own
// retry (DATABASE_RETRY_MS: a minute by default, 15 s here) brings the server back. Most of its time is that
// wait, so the SIGKILL rounds run beside this file (vitest.config.ts).
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { afterAll, test } from "vitest";
import { isProcessAlive } from "#app/server/db/processes.server.ts";
import { startApp } from "../../scripts/lib/app-process.ts";
import {
  assertNoneLost,
  DATABASE_TIMEOUT_MS,
  newDataDir,
  noPostgresLeft,
  postgresProcesses,
  postmasterPid,
  probe,
  quiet,
  removeDataDir,
  serverLogCount,
  sleep,
  startWriter,
  withAppOutput,
} from "./helpers.ts";

afterAll(noPostgresLeft);

/** The app's wait before it tries a failed start again: long enough that a retry every second would show. */
const RETRY_MS = 15_000;

test("embedded: a server that cannot start: fast 503s, /readyz and the log say why, back by itself once repaired", async () => {
  const dataDir = newDataDir();
  const conf = path.join(dataDir, "postgres", "postgresql.auto.conf");
  const app = await startApp({
    env: { ...quiet, DATABASE_TIMEOUT_MS: String(DATABASE_TIMEOUT_MS), DATABASE_RETRY_MS: String(RETRY_MS) },
    dataDir,
  });
  let original: string | undefined;
  try {
    await withAppOutput(app, async () => {
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
      // The database server's own reason reaches the app's log through its output pipe, which may trail /readyz
      // by a moment on a busy machine.
      const because = /invalid value for parameter \\?"shared_buffers\\?": \\?"nonsense\\?"/;
      for (let i = 0; i < 50 && !because.test(app.output()); i++) await sleep(100);
      assert.match(app.output(), because);
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
      // Given up, not retried every second: one failed start until the wait is over.
      const failedStarts = serverLogCount(dataDir, /invalid value for parameter "shared_buffers"/);
      assert.ok(
        failedStarts >= 1 && failedStarts <= 3,
        `${failedStarts} failed starts in ${Date.now() - failedAt} ms`,
      );
      // Repaired: the app tries again once the wait is over, so it is back within about that long (well before
      // the default minute).
      fs.writeFileSync(conf, original);
      original = undefined;
      let back = await probe(app, "/readyz");
      while (back.status !== 200 && Date.now() - failedAt < RETRY_MS + 20_000) {
        await sleep(1000);
        back = await probe(app, "/readyz");
      }
      const downFor = Math.round((Date.now() - failedAt) / 1000);
      assert.equal(back.status, 200, `not back ${downFor} s after the failed start: ${back.body}`);
      // /readyz pings the database itself; pages follow the health watch, which marks the database up only
      // once its own restart of the server has returned and pinged it: a moment after /readyz can reach the
      // server (tens of ms, more on a busy machine). The pages must follow within a few of its rounds (1 s).
      const readyAt = Date.now();
      let page = await probe(app, "/contact");
      while (page.status !== 200 && Date.now() - readyAt < 5000) {
        await sleep(100);
        page = await probe(app, "/contact");
      }
      assert.equal(page.status, 200, `/contact once back (${Date.now() - readyAt} ms after /readyz)`);
      const restarted = postmasterPid(dataDir);
      assert.ok(
        restarted && restarted !== killed && isProcessAlive(restarted),
        "the server was not restarted",
      );
      await assertNoneLost({ dataDir }, writer.acknowledged, "across the failed start");
      console.log(
        `${answers.length} × 503 (slowest ${slowest} ms), /readyz: "${reason}"; ${failedStarts} failed start(s), ` +
          `back by itself ${downFor} s after the first; ${writer.acknowledged.length} acknowledged, none lost`,
      );
    });
  } finally {
    if (original !== undefined) fs.writeFileSync(conf, original);
    await app.stop();
  }
  // The app was the last process of the folder: no PostgreSQL process outlives it.
  await removeDataDir(dataDir);
});
