// The embedded PostgreSQL server of a DATA_DIR as the benchmarks see it from outside (Linux /proc): its
// processes (the postmaster named in DATA_DIR/postgres/postmaster.pid and its children), their memory
// (proportional set size, so the server's shared memory counts once however many processes map it) and CPU
// time, and a check that no server is left running when a benchmark ends.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on Linux). */
const TICK_MS = 10;

type Stat = { ppid: number; state: string; utime: number; stime: number; cutime: number; cstime: number };

function readStat(pid: number): Stat | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name may hold spaces and parentheses: the fields resume after the last ')'.
    const f = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return {
      state: f[0] ?? "",
      ppid: Number(f[1]),
      utime: Number(f[11]),
      stime: Number(f[12]),
      cutime: Number(f[13]),
      cstime: Number(f[14]),
    };
  } catch {
    return undefined;
  }
}

const alive = (pid: number) => {
  const stat = readStat(pid);
  return stat !== undefined && stat.state !== "Z" && stat.state !== "X";
};

/** The pid of the running postmaster of `dataDir` (first line of postgres/postmaster.pid), or undefined. */
export function postmasterPid(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return undefined;
  // Only a postgres process counts (a stale file may name a recycled pid).
  try {
    const program = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")[0] ?? "";
    return path.basename(program) === "postgres" ? pid : undefined;
  } catch {
    return undefined;
  }
}

export type ServerProcess = { pid: number; name: string };

/** The postmaster of `dataDir` and its children (found through the parent pid in /proc/<pid>/stat). */
export function serverProcesses(dataDir: string): ServerProcess[] {
  const postmaster = postmasterPid(dataDir);
  if (postmaster === undefined) return [];
  const found: ServerProcess[] = [{ pid: postmaster, name: "postmaster" }];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (readStat(pid)?.ppid !== postmaster) continue;
    let name = "?";
    try {
      // A backend's title: "postgres: checkpointer", "postgres: postgres freight [local] idle", …
      name = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim();
      name = name.replace(/^postgres:\s*/, "");
    } catch {}
    found.push({ pid, name });
  }
  return found;
}

/** Kind of a server process for the memory breakdown: client connections versus the server's own workers. */
export const processKind = (name: string) =>
  name === "postmaster"
    ? "postmaster"
    : // A connection's title is "user database host state", the host "[local]" or an address(port).
      /^\S+ \S+ (\[local\]|[0-9a-f.:]+\(\d+\))/.test(name)
      ? "connection"
      : "server worker";

/** Memory of one process from /proc/<pid>/smaps_rollup, in bytes (NaN fields when it is gone). */
export type Rollup = { rss: number; pss: number; pssAnon: number; pssFile: number; pssShmem: number };

export const emptyRollup = (): Rollup => ({ rss: 0, pss: 0, pssAnon: 0, pssFile: 0, pssShmem: 0 });

export function smapsRollup(pid: number | undefined): Rollup | undefined {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
  } catch {
    return undefined;
  }
  const field = (name: string) => {
    const match = text.match(new RegExp(`^${name}:\\s+(\\d+) kB`, "m"));
    return match ? Number(match[1]) * 1024 : 0;
  };
  return {
    rss: field("Rss"),
    pss: field("Pss"),
    pssAnon: field("Pss_Anon"),
    pssFile: field("Pss_File"),
    pssShmem: field("Pss_Shmem"),
  };
}

const addRollup = (a: Rollup, b: Rollup): Rollup => ({
  rss: a.rss + b.rss,
  pss: a.pss + b.pss,
  pssAnon: a.pssAnon + b.pssAnon,
  pssFile: a.pssFile + b.pssFile,
  pssShmem: a.pssShmem + b.pssShmem,
});

/**
 * The app's processes: the one it started (`appPid`) and, with WEB_CONCURRENCY > 1, the cluster workers
 * that process forked (its children that run Node, so not the embedded server it may have started).
 */
export function appProcesses(appPid: number | undefined): number[] {
  if (appPid === undefined || !alive(appPid)) return [];
  const found = [appPid];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (readStat(pid)?.ppid !== appPid || !alive(pid)) continue;
    try {
      const program = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")[0] ?? "";
      if (path.basename(program) === "node") found.push(pid);
    } catch {}
  }
  return found;
}

/** CPU time (user + system, ms) the app's processes (appProcesses) have used so far; NaN when none runs. */
export function appCpuMs(appPid: number | undefined): number {
  const pids = appProcesses(appPid);
  if (pids.length === 0) return Number.NaN;
  let ticks = 0;
  for (const pid of pids) {
    const stat = readStat(pid);
    if (stat) ticks += stat.utime + stat.stime;
  }
  return ticks * TICK_MS;
}

export type MemorySample = {
  /** The app's processes, summed (one, or a cluster's primary and its workers). */
  app: Rollup;
  /** How many app processes `app` counts. */
  appProcesses: number;
  /** Every process of the database server, summed. */
  db: Rollup;
  /** The server's processes one by one. */
  dbProcesses: Array<ServerProcess & Rollup>;
  /** PSS of the app and the server together, bytes. */
  total: number;
};

/** PSS of the app's processes plus every process of the embedded server of `dataDir`. */
export function sampleMemory(appPid: number | undefined, dataDir: string): MemorySample {
  const pids = appProcesses(appPid);
  let app = emptyRollup();
  for (const pid of pids) app = addRollup(app, smapsRollup(pid) ?? emptyRollup());
  const dbProcesses: MemorySample["dbProcesses"] = [];
  let db = emptyRollup();
  for (const process of serverProcesses(dataDir)) {
    const rollup = smapsRollup(process.pid);
    if (!rollup) continue; // exited meanwhile
    dbProcesses.push({ ...process, ...rollup });
    db = addRollup(db, rollup);
  }
  return { app, appProcesses: pids.length, db, dbProcesses, total: app.pss + db.pss };
}

/**
 * CPU time (user + system, ms) the server of `dataDir` has used since it started: the postmaster's own
 * and that of its children that ended (the kernel adds those to the postmaster once it has reaped them),
 * plus that of the children still running. NaN when no server runs.
 */
export function serverCpuMs(dataDir: string): number {
  const postmaster = postmasterPid(dataDir);
  if (postmaster === undefined) return Number.NaN;
  const root = readStat(postmaster);
  if (!root) return Number.NaN;
  let ticks = root.utime + root.stime + root.cutime + root.cstime;
  for (const { pid } of serverProcesses(dataDir)) {
    if (pid === postmaster) continue;
    const stat = readStat(pid);
    if (stat) ticks += stat.utime + stat.stime;
  }
  return ticks * TICK_MS;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the server of `dataDir` is gone (the last app or tool to close stops it). One still running
 * after `timeoutMs` is stopped (fast shutdown, then immediate) and reported: returns false then.
 */
export async function ensureServerStopped(dataDir: string, timeoutMs = 15_000): Promise<boolean> {
  let deadline = Date.now() + timeoutMs;
  let pid = postmasterPid(dataDir);
  while (pid !== undefined && Date.now() < deadline) {
    await sleep(50);
    pid = postmasterPid(dataDir);
  }
  if (pid === undefined) return true;
  console.error(`The database server of ${dataDir} (pid ${pid}) was left running; stopping it`);
  for (const signal of ["SIGINT", "SIGQUIT", "SIGKILL"] as const) {
    try {
      process.kill(pid, signal);
    } catch {}
    deadline = Date.now() + 10_000;
    while (alive(pid) && Date.now() < deadline) await sleep(50);
    if (!alive(pid)) break;
  }
  return false;
}

/** Removes a benchmark's DATA_DIR once its server has stopped; throws when one had been left running. */
export async function removeDataDir(dataDir: string): Promise<void> {
  const stopped = await ensureServerStopped(dataDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (!stopped)
    throw new Error(`A database server was left running in ${dataDir} (stopped by the benchmark)`);
}

/**
 * PostgreSQL servers still running on a benchmark's data folder (`<tmp>/freight-bench-*`): none should
 * outlive its benchmark. Returns their pids and folders.
 */
export function leftoverBenchServers(): Array<{ pid: number; dataDir: string }> {
  const prefix = path.join(os.tmpdir(), "freight-bench-");
  const found: Array<{ pid: number; dataDir: string }> = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let args: string[];
    try {
      args = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
    } catch {
      continue;
    }
    const flag = args.indexOf("-D");
    if (path.basename(args[0] ?? "") !== "postgres" || flag < 0) continue;
    const cluster = args[flag + 1] ?? "";
    if (cluster.startsWith(prefix)) found.push({ pid: Number(entry), dataDir: path.dirname(cluster) });
  }
  return found;
}
