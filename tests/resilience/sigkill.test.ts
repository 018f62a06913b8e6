// SIGKILL of the app, and of the app with its database server, at random moments while it writes: every
// acknowledged request survives, the next start adopts or crash-recovers the server, and once the last
// process has stopped no PostgreSQL process is left. The scenarios share one DATA_DIR, in this order.
import assert from "node:assert/strict";
import { afterAll, test } from "vitest";
import { isProcessAlive } from "#app/server/db/processes.server.ts";
import { startApp } from "../../scripts/lib/app-process.ts";
import {
  assertNoneLost,
  CRASH_RECOVERY,
  noPostgresLeft,
  postmasterPid,
  probe,
  quiet,
  removeDataDir,
  serverLogCount,
  sharedDataDir,
  sharedDataDirIfMade,
  sleep,
  startWriter,
  waitForNoPostgres,
} from "./helpers.ts";

afterAll(noPostgresLeft);

/**
 * Rounds of: start the app on the DATA_DIR (it must start cleanly and answer /readyz), write quote
 * requests continuously, SIGKILL the app at a random moment (and with `killServer` the postmaster at the
 * same moment). Each round's acknowledged requests are read back while the next round's app runs; the
 * last round's after the final kill.
 */
async function killRounds({ rounds, killServer }: { rounds: number; killServer: boolean }) {
  const dataDir = sharedDataDir();
  let total = 0;
  let previous: { acknowledged: string[]; postmaster: number | undefined } | undefined;
  let adopted = 0;
  let crashStarts = 0;
  const recoveriesBefore = serverLogCount(dataDir, CRASH_RECOVERY);
  for (let round = 1; round <= rounds; round++) {
    const app = await startApp({ env: quiet, dataDir });
    let writer: ReturnType<typeof startWriter> | undefined;
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
      writer = startWriter(app, `kill-${Date.now()}-${round}`);
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
      await writer?.stop();
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
  console.log(
    killServer
      ? `${rounds} kills of the app and its server, ${recoveries} starts with crash recovery, ` +
          `${total} acknowledged requests, none lost`
      : `${rounds} kills, ${adopted} restarts adopted the running server, ${total} acknowledged requests, none lost`,
  );
}

test("embedded: SIGKILL of the app at random moments loses no acknowledged request", () =>
  killRounds({ rounds: 10, killServer: false }));

test("embedded: SIGKILL of the app and of its database server together loses no acknowledged request", () =>
  killRounds({ rounds: 10, killServer: true }));

test("embedded: no PostgreSQL process left once the last app has stopped", async ({ skip }) => {
  const dataDir = sharedDataDirIfMade();
  if (!dataDir) return skip("no scenario of this file ran");
  await removeDataDir(dataDir);
});
