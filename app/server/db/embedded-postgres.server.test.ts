import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "#app/server/db/client.server.ts";
import { EmbeddedDatabaseError, startEmbeddedPostgres } from "#app/server/db/embedded-postgres.server.ts";
import { isPostmasterOf, isProcessAlive } from "#app/server/db/processes.server.ts";
import { makeTempParent } from "#tests/setup/cli.ts";

// The embedded server as the app runs it: real postgres processes in their own folders, real child
// processes that start, share, crash and adopt them.

const folders: string[] = [];
const children: ChildProcess[] = [];

/** A fresh DATA_DIR; its parent is open to others so the server's own user can pass when we are root. */
function makeDataDir(name = "data"): string {
  const parent = makeTempParent("embedded-pg-");
  folders.push(parent);
  return path.join(parent, name);
}

/** A separate process that opens the folder's database and reports the postmaster pid, then waits. */
function startHolder(dataDir: string): Promise<{ child: ChildProcess; serverPid: number }> {
  const child = spawn(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `const { openDatabase } = await import("#app/server/db/client.server.ts");
       const database = await openDatabase({ dataDir: ${JSON.stringify(dataDir)}, durable: false });
       await database.pool.query("select 1");
       process.on("SIGTERM", async () => { await database.close(); process.exit(0); });
       console.log("ready " + database.embedded.pid());
       setInterval(() => {}, 1000);`,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  children.push(child);
  let stderr = "";
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (chunk) => {
      const match = /ready (\d+)/.exec(String(chunk));
      if (match) resolve({ child, serverPid: Number(match[1]) });
    });
    child.on("exit", (code) => reject(new Error(`the holder exited (${code}): ${stderr}`)));
  });
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once("exit", () => resolve()));

async function waitUntil(check: () => boolean, what: string) {
  for (let i = 0; i < 400; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting: ${what}`);
}

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await exited(child);
    }
  }
  for (const parent of folders.splice(0)) {
    // Stop whatever server a test left behind (a crashed holder's orphan) before removing its files.
    const pidFile = path.join(parent, "data", "postgres", "postmaster.pid");
    if (fs.existsSync(pidFile)) {
      const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
      if (isPostmasterOf(pid, path.join(parent, "data", "postgres"))) {
        process.kill(pid, "SIGQUIT");
        await waitUntil(() => !isProcessAlive(pid), "the left-over server to stop");
      }
    }
    fs.rmSync(parent, { recursive: true, force: true });
  }
});

describe("the embedded PostgreSQL server", () => {
  it("is UTF8 with case-insensitive matching of accented text, listens on a private socket, keeps a 0600 password", async () => {
    const dataDir = makeDataDir();
    const database = await openDatabase({ dataDir, durable: false });
    try {
      const { rows } = await database.pool.query(
        `select current_setting('server_encoding') as encoding,
                current_setting('listen_addresses') as listen,
                'Côte d''Ivoire' ilike '%CÔTE D''IVOIRE%' as matched,
                lower('ÉLÉPHANT À ABIDJAN') as lowered`,
      );
      expect(rows[0]).toEqual({ encoding: "UTF8", listen: "", matched: true, lowered: "éléphant à abidjan" });
      await database.pool.query("create extension if not exists pg_trgm");
      expect(database.url).toContain(`host=${encodeURIComponent(path.join(dataDir, "postgres"))}`);
      expect(fs.statSync(path.join(dataDir, "postgres-password")).mode & 0o777).toBe(0o600);
      // A wrong password is refused: the socket alone does not let anyone in.
      const intruder = new pg.Client({ connectionString: database.url.replace(/:[^:@]+@/, ":wrong@") });
      await expect(intruder.connect()).rejects.toThrow(/password authentication failed/);
      await intruder.end().catch(() => {});
    } finally {
      await database.close();
    }
  });

  it("stops with the last process that uses it, and not before", async () => {
    const dataDir = makeDataDir();
    const first = await openDatabase({ dataDir, durable: false });
    const second = await openDatabase({ dataDir, durable: false });
    const pid = first.embedded!.pid()!;
    expect(second.embedded!.pid()).toBe(pid);
    await first.close();
    expect(isProcessAlive(pid)).toBe(true);
    expect((await second.pool.query("select 1 as one")).rows[0].one).toBe(1);
    await second.close();
    expect(isProcessAlive(pid)).toBe(false);
  });

  it("is adopted by the next start after its app was killed, with the data intact", async () => {
    const dataDir = makeDataDir();
    const holder = await startHolder(dataDir);
    holder.child.kill("SIGKILL");
    await exited(holder.child);
    // The postmaster outlives the killed app.
    expect(isProcessAlive(holder.serverPid)).toBe(true);
    const database = await openDatabase({ dataDir, durable: false });
    try {
      expect(database.embedded!.pid()).toBe(holder.serverPid);
      expect((await database.pool.query("select 1 as one")).rows[0].one).toBe(1);
    } finally {
      await database.close();
    }
    // The dead app's lease did not keep it alive.
    expect(isProcessAlive(holder.serverPid)).toBe(false);
  });

  it("never signals a live unrelated process that a stale postmaster.pid names", async () => {
    const dataDir = makeDataDir();
    const setup = await openDatabase({ dataDir, durable: false });
    await setup.close();
    const bystander = spawn("sleep", ["60"]);
    children.push(bystander);
    const pidFile = path.join(dataDir, "postgres", "postmaster.pid");
    // As after a power loss: the file survives and its pid now belongs to someone else.
    fs.writeFileSync(
      pidFile,
      `${bystander.pid}\n${path.join(dataDir, "postgres")}\n1700000000\n5432\n\n\n  0 0\nready\n`,
    );
    const database = await openDatabase({ dataDir, durable: false });
    try {
      expect((await database.pool.query("select 1 as one")).rows[0].one).toBe(1);
      expect(database.embedded!.pid()).not.toBe(bystander.pid);
    } finally {
      await database.close();
    }
    expect(bystander.exitCode).toBeNull();
    expect(bystander.signalCode).toBeNull();
    expect(isProcessAlive(bystander.pid!)).toBe(true);
  });

  it("runs initdb once when two processes start on an empty folder together", async () => {
    const dataDir = makeDataDir();
    const [a, b] = await Promise.all([startHolder(dataDir), startHolder(dataDir)]);
    expect(a.serverPid).toBe(b.serverPid);
    expect(fs.readdirSync(path.dirname(dataDir))).toEqual(["data"]);
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith("postgres.init-"))).toEqual([]);
    a.child.kill("SIGTERM");
    await exited(a.child);
    expect(isProcessAlive(a.serverPid)).toBe(true);
    b.child.kill("SIGTERM");
    await exited(b.child);
    expect(isProcessAlive(a.serverPid)).toBe(false);
  });

  it("listens on loopback when the socket path would be too long for the platform", async () => {
    const dataDir = makeDataDir("d".repeat(100));
    const database = await openDatabase({ dataDir, durable: false });
    try {
      expect(database.url).toMatch(/^postgres:\/\/postgres:[^@]+@127\.0\.0\.1:\d+\/freight$/);
      const { rows } = await database.pool.query("select current_setting('listen_addresses') as listen");
      expect(rows[0].listen).toBe("127.0.0.1");
    } finally {
      await database.close();
    }
  });

  it("starts the server again when it dies, and stops retrying fast in a crash loop", async () => {
    const dataDir = makeDataDir();
    const database = await openDatabase({ dataDir, durable: false, retryMs: 2000 });
    try {
      const embedded = database.embedded!;
      for (let round = 0; round < 2; round++) {
        const pid = embedded.pid()!;
        process.kill(pid, "SIGKILL");
        await waitUntil(() => !isProcessAlive(pid), "the killed server to go");
        expect(await embedded.recover()).toBe(true);
        expect(embedded.pid()).not.toBe(pid);
        expect((await database.pool.query("select 1 as one")).rows[0].one).toBe(1);
      }
      // A third death within the minute: the server is left down and the reason is kept for /readyz.
      const pid = embedded.pid()!;
      process.kill(pid, "SIGKILL");
      await waitUntil(() => !isProcessAlive(pid), "the killed server to go");
      expect(await embedded.recover()).toBe(false);
      expect(embedded.failure()).toMatch(/stopped 3 times within a minute; restarting it every 2 seconds/);
      expect(await embedded.recover()).toBe(false);
    } finally {
      await database.close();
    }
  });

  it("refuses a PGlite folder and names the import command", async () => {
    const dataDir = makeDataDir();
    fs.mkdirSync(dataDir);
    fs.writeFileSync(path.join(dataDir, "PG_VERSION"), "18\n");
    const started = startEmbeddedPostgres({ dataDir });
    await expect(started).rejects.toThrow(EmbeddedDatabaseError);
    await expect(started).rejects.toThrow(/PGlite.*npm run db:import-pglite/s);
    expect(fs.existsSync(path.join(dataDir, "postgres"))).toBe(false);
  });

  it("refuses a cluster made by another PostgreSQL major version, naming backup and restore", async () => {
    const dataDir = makeDataDir();
    fs.mkdirSync(path.join(dataDir, "postgres"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "postgres", "PG_VERSION"), "16\n");
    fs.writeFileSync(path.join(dataDir, "postgres-password"), "x\n");
    await expect(startEmbeddedPostgres({ dataDir })).rejects.toThrow(
      /made by PostgreSQL 16; this app runs PostgreSQL 18.*npm run backup.*npm run restore/s,
    );
  });

  it.runIf(process.getuid?.() === 0)(
    "as root, says which folder the server's user cannot reach",
    async () => {
      const dataDir = makeDataDir();
      fs.chmodSync(path.dirname(dataDir), 0o700);
      await expect(startEmbeddedPostgres({ dataDir })).rejects.toThrow(
        /runs as the user '.+' .* cannot use/s,
      );
    },
  );
});
