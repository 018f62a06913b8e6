// What the resilience scenarios (tests/resilience/*.test.ts) share: the app's settings, the DATA_DIRs they
// make and the PostgreSQL processes working in them, the quote writers, and reading back what was stored.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { openDatabase } from "#app/server/db/client.server.ts";
import { isProcessAlive } from "#app/server/db/processes.server.ts";
import { quoteRequests } from "#app/server/db/schema.ts";
import type { AppProcess } from "../../scripts/lib/app-process.ts";
import { postContactPage } from "./bounded-load.ts";

export const quiet = { SEED_DEMO: "false", FORM_RATE_LIMIT: "100000", LOG_LEVEL: "error" };
/** The database timeout of the outage scenarios: no answer may wait longer than this. */
export const DATABASE_TIMEOUT_MS = 3000;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs a scenario's body; a failure says the end of the app's output too. */
export async function withAppOutput<T>(app: AppProcess, body: () => Promise<T>, chars = 2000): Promise<T> {
  try {
    return await body();
  } catch (error) {
    throw new Error(
      `${error instanceof Error ? error.message : error}\nApp output:\n${app.output().slice(-chars)}`,
      { cause: error },
    );
  }
}

// ---------------------------------------------------------------------------------------------------------
// The embedded server's processes

/** Every DATA_DIR this test file made; none may keep a PostgreSQL process once the file is done. */
const dataDirs: string[] = [];
export function newDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "freight-resilience-"));
  dataDirs.push(dir);
  return dir;
}

let shared: string | undefined;
/** The DATA_DIR the scenarios of a file share (in their order), made on first use. */
export const sharedDataDir = () => {
  shared ??= newDataDir();
  return shared;
};
/** The shared DATA_DIR, if a scenario made it. */
export const sharedDataDirIfMade = () => shared;

/** The postmaster pid that DATA_DIR/postgres/postmaster.pid names (its first line), if the file exists. */
export function postmasterPid(dataDir: string): number | undefined {
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
export function postgresProcesses(dataDir: string): number[] {
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
export function serverLogCount(dataDir: string, pattern: RegExp): number {
  try {
    const text = fs.readFileSync(path.join(dataDir, "postgres.log"), "utf8");
    return text.split("\n").filter((line) => pattern.test(line)).length;
  } catch {
    return 0;
  }
}
export const CRASH_RECOVERY = /database system was not properly shut down; automatic recovery in progress/;

/** Waits (up to `ms`) until the DATA_DIR has no PostgreSQL process left; returns the ones still there. */
export async function waitForNoPostgres(dataDir: string, ms = 10_000): Promise<number[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const left = postgresProcesses(dataDir);
    if (left.length === 0 || Date.now() > deadline) return left;
    await sleep(50);
  }
}

/** Removes a DATA_DIR whose server must already be stopped; a process still running there fails the scenario. */
export async function removeDataDir(dataDir: string) {
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

/**
 * For afterAll: whatever happened in the file, no PostgreSQL server of its DATA_DIRs may outlive it. Those
 * left are killed, the folders removed, and the file fails.
 */
export function noPostgresLeft() {
  const leftovers = dataDirs.flatMap((dir) => postgresProcesses(dir).map((pid) => ({ dir, pid })));
  for (const { pid } of leftovers) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {}
  }
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  const detail = leftovers.map(({ dir, pid }) => `${pid} (${dir})`).join(", ");
  assert.equal(detail, "", "PostgreSQL processes left running (killed now)");
}

// ---------------------------------------------------------------------------------------------------------
// Writers and readers

/** Posts one quote request the way a browser without JavaScript does; true when the app said it is saved. */
export async function submitQuote(app: AppProcess, email: string, signal?: AbortSignal): Promise<boolean> {
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
export function startWriter(app: AppProcess, prefix: string) {
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

export async function assertNoneLost(
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
export async function probe(app: AppProcess, target: string, timeoutMs = 15_000) {
  const started = Date.now();
  try {
    const response = await fetch(`${app.url}${target}`, { signal: AbortSignal.timeout(timeoutMs) });
    const body = await response.text();
    return { status: response.status, ms: Date.now() - started, body };
  } catch (error) {
    return { status: 0, ms: Date.now() - started, body: String(error) };
  }
}
