// `npm run db:import-pglite`: copies the database of the earlier embedded engine (PGlite, whose cluster
// files lie directly in DATA_DIR) into the embedded PostgreSQL server (DATA_DIR/postgres), losing nothing.
//
// The old files stay untouched until the copy has committed:
//   1. The PGlite files are copied into DATA_DIR/.import-staging/pglite and PGlite opens the copy (opening a
//      PGlite folder writes to it, so the original is never opened).
//   2. A new embedded server is initialised in DATA_DIR/.import-staging (its cluster in …/postgres).
//   3. Every table is streamed from PGlite through the backup module's row format into that server's
//      restorer (backup.server.ts: one transaction, migrated to PGlite's own migration count first, then
//      to this release's), and the row counts of both sides are compared.
//   4. The staging server stops; its password file and then its cluster are renamed into DATA_DIR. The
//      rename of the cluster to DATA_DIR/postgres is the commit point: from then on the app starts on it.
//   5. The PGlite files move into DATA_DIR/pglite-old/ (the user deletes it once the site works).
// An import killed before step 4 leaves the old site as it was; the next run stops any server left in the
// staging folder, removes the folder and starts again. One killed during step 5 is finished by the next run.
// PGlite is imported here only, dynamically: the app itself never loads it.
import fs from "node:fs";
import path from "node:path";
import {
  loadBackupLines,
  type Query,
  queryWith,
  type RestoreSummary,
  streamBackupLines,
} from "#app/server/db/backup.server.ts";
import { type Database, openDatabase } from "#app/server/db/client.server.ts";
import { startEmbeddedPostgres } from "#app/server/db/embedded-postgres.server.ts";
import { isIdentityAlive, isPostmasterOf, processIdentity } from "#app/server/db/processes.server.ts";

const STAGING_DIR = ".import-staging";
const OLD_FILES_DIR = "pglite-old";
const LOCK_FILE = "import.lock";
/** The earlier release's lock on the PGlite folder: "<pid> <start time>" while its app runs. */
const PGLITE_APP_LOCK = "app.lock";

/** A refusal or failure of the import, with a message for the person running it (printed without a stack). */
export class ImportError extends Error {
  override name = "ImportError";
}

type ImportResult =
  | { status: "imported"; summary: RestoreSummary; oldFilesDir: string }
  | { status: "finished"; oldFilesDir: string }
  | { status: "nothing"; message: string };

type Log = (message: string) => void;

/** The entries of a PostgreSQL (PGlite) data folder, as they lie at the top of an old DATA_DIR. */
function isPgliteEntry(name: string): boolean {
  return /^(PG_VERSION|base|global|pg_[\w.]+|postgresql(\.auto)?\.conf|postmaster\.(opts|pid))$/.test(name);
}

function listPgliteEntries(dataDir: string): string[] {
  return fs.readdirSync(dataDir).filter(isPgliteEntry);
}

function hasCluster(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, "postgres", "PG_VERSION"));
}

function folderSize(target: string): number {
  const stat = fs.lstatSync(target);
  if (!stat.isDirectory()) return stat.size;
  return fs.readdirSync(target).reduce((sum, name) => sum + folderSize(path.join(target, name)), 0);
}

/** One import at a time per DATA_DIR; a lock left by a dead process is taken over. */
function holdImportLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, LOCK_FILE);
  const me = processIdentity();
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, me, { flag: "wx", mode: 0o600 });
      return () => {
        try {
          if (fs.readFileSync(lockPath, "utf8") === me) fs.rmSync(lockPath);
        } catch {}
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = fs.readFileSync(lockPath, "utf8").trim();
      if (holder && isIdentityAlive(holder)) {
        throw new ImportError(`Another import is running on ${dataDir} (process ${holder.split("-")[0]}).`);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new ImportError(`Could not lock ${dataDir} for the import.`);
}

/** Refuses while the earlier release still runs on the folder (its app.lock names a live process). */
function refuseRunningPgliteSite(dataDir: string) {
  let holder: string;
  try {
    holder = fs.readFileSync(path.join(dataDir, PGLITE_APP_LOCK), "utf8").trim();
  } catch {
    return;
  }
  const [pid, startTime] = holder.split(" ");
  if (pid && isIdentityAlive(startTime ? `${pid}-${startTime}` : pid)) {
    throw new ImportError(
      `The site is still running on the PGlite database in ${dataDir} (process ${pid}). Stop it, then run the import.`,
    );
  }
}

/** Stops a server an interrupted import left running in the staging folder, then removes the folder. */
async function removeStaging(staging: string) {
  if (!fs.existsSync(staging)) return;
  const clusterDir = path.join(staging, "postgres");
  let pid = Number.NaN;
  try {
    pid = Number(fs.readFileSync(path.join(clusterDir, "postmaster.pid"), "utf8").split("\n")[0]);
  } catch {}
  if (isPostmasterOf(pid, clusterDir)) {
    // Joining it and leaving as its last user stops it (the dead import's lease no longer counts).
    const leftover = await startEmbeddedPostgres({ dataDir: staging });
    await leftover.release();
  }
  fs.rmSync(staging, { recursive: true, force: true });
}

function checkFreeSpace(dataDir: string, pgliteBytes: number) {
  // The copy PGlite opens, and the new cluster (at most about the size of the old one).
  const needed = pgliteBytes * 2 + 64 * 1024 * 1024;
  const { bavail, bsize } = fs.statfsSync(dataDir);
  const free = Number(bavail) * Number(bsize);
  if (free < needed) {
    throw new ImportError(
      `The import needs about ${Math.ceil(needed / 1024 ** 2)} MB free in ${dataDir}; ` +
        `${Math.floor(free / 1024 ** 2)} MB are. Free some space, then run it again.`,
    );
  }
}

type Pglite = { query: Query; close(): Promise<void> };

/** Opens a PGlite folder with the extension the app's schema uses (pg_trgm). Loaded only here. */
async function openPglite(dataDir: string): Promise<Pglite> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  try {
    const pglite = await PGlite.create({ dataDir, extensions: { pg_trgm } });
    return {
      query: async (text, params) => {
        const result = await pglite.query<Record<string, unknown>>(text, params);
        return { rows: result.rows };
      },
      close: () => pglite.close(),
    };
  } catch (error) {
    throw new ImportError(`The PGlite database could not be opened: ${(error as Error).message}`);
  }
}

/**
 * Row counts of both sides, table by table: the copy must hold every row. It may hold more: a migration
 * run after the load can add rows (drizzle/0009 sets the notifications switch off for a site with shipments).
 */
async function compareCounts(pglite: Pglite, target: Database, summary: RestoreSummary) {
  for (const { table } of summary.tables) {
    const sql = `select count(*)::int as n from public."${table.replaceAll('"', '""')}"`;
    const [from, to] = [(await pglite.query(sql)).rows[0]?.n, (await queryWith(target.pool)(sql)).rows[0]?.n];
    if (typeof from !== "number" || typeof to !== "number" || to < from)
      throw new ImportError(`The copy of ${table} holds ${to} rows, the PGlite database ${from}.`);
  }
}

/** Copies the PGlite database into the staging server (steps 1 to 3). */
async function copyIntoStaging(dataDir: string, staging: string, log: Log): Promise<RestoreSummary> {
  const copyDir = path.join(staging, "pglite");
  fs.mkdirSync(copyDir, { recursive: true, mode: 0o700 });
  for (const name of listPgliteEntries(dataDir)) {
    if (name === "postmaster.pid") continue;
    fs.cpSync(path.join(dataDir, name), path.join(copyDir, name), { recursive: true });
  }
  const pglite = await openPglite(copyDir);
  try {
    log("Starting a new PostgreSQL server for the copy...");
    const target = await openDatabase({ dataDir: staging, timeoutMs: 60_000 });
    try {
      log("Copying every table...");
      const summary = await loadBackupLines({
        pool: target.pool,
        lines: streamBackupLines({ query: pglite.query, leaveOut: [] }),
        label: "The PGlite database",
      });
      await compareCounts(pglite, target, summary);
      return summary;
    } finally {
      await target.close();
    }
  } finally {
    await pglite.close().catch(() => {});
  }
}

/** Step 4: the staging cluster becomes DATA_DIR's. The rename of the cluster folder is the commit point. */
function commitCluster(dataDir: string, staging: string) {
  const stagingCluster = path.join(staging, "postgres");
  if (fs.existsSync(path.join(stagingCluster, "postmaster.pid"))) {
    throw new ImportError("The new database server did not stop; nothing was changed. Run the import again.");
  }
  const cluster = path.join(dataDir, "postgres");
  if (fs.existsSync(cluster)) fs.rmdirSync(cluster); // an empty leftover only; anything else stops here
  fs.renameSync(path.join(staging, "postgres-password"), path.join(dataDir, "postgres-password"));
  fs.renameSync(stagingCluster, cluster);
}

/** Step 5: the PGlite files go into DATA_DIR/pglite-old/, PG_VERSION last (it marks an unfinished move). */
function moveOldFiles(dataDir: string): string {
  const oldDir = path.join(dataDir, OLD_FILES_DIR);
  fs.mkdirSync(oldDir, { recursive: true, mode: 0o700 });
  const names = [...listPgliteEntries(dataDir), PGLITE_APP_LOCK].filter((name) =>
    fs.existsSync(path.join(dataDir, name)),
  );
  names.sort((a, b) => Number(a === "PG_VERSION") - Number(b === "PG_VERSION"));
  for (const name of names) {
    const destination = path.join(oldDir, name);
    if (fs.existsSync(destination)) {
      throw new ImportError(`${destination} already exists; move ${oldDir} away, then run the import again.`);
    }
    fs.renameSync(path.join(dataDir, name), destination);
  }
  return oldDir;
}

/**
 * Imports the PGlite database of `dataDir` into the embedded PostgreSQL server of the same folder. Says
 * there is nothing to import when the folder already has its new database; finishes an import that
 * stopped after its commit point.
 */
export async function importPglite({
  dataDir,
  log = () => {},
}: {
  dataDir: string;
  log?: Log;
}): Promise<ImportResult> {
  const dir = path.resolve(dataDir);
  if (!fs.existsSync(dir)) throw new ImportError(`${dir} does not exist.`);
  const release = holdImportLock(dir);
  try {
    const staging = path.join(dir, STAGING_DIR);
    if (hasCluster(dir)) {
      await removeStaging(staging);
      if (listPgliteEntries(dir).length === 0) {
        return {
          status: "nothing",
          message: `Nothing to import: ${dir} already holds the PostgreSQL database (${path.join(dir, "postgres")}).`,
        };
      }
      return { status: "finished", oldFilesDir: moveOldFiles(dir) };
    }
    if (!fs.existsSync(path.join(dir, "PG_VERSION"))) {
      throw new ImportError(`There is no PGlite database in ${dir} (it has no PG_VERSION file).`);
    }
    refuseRunningPgliteSite(dir);
    if (fs.existsSync(path.join(dir, OLD_FILES_DIR))) {
      throw new ImportError(
        `${path.join(dir, OLD_FILES_DIR)} exists from an earlier import; move it away, then run the import again.`,
      );
    }
    await removeStaging(staging);
    const size = listPgliteEntries(dir).reduce((sum, name) => sum + folderSize(path.join(dir, name)), 0);
    checkFreeSpace(dir, size);
    log(`Copying the PGlite database in ${dir} (${Math.ceil(size / 1024 ** 2)} MB)...`);
    let summary: RestoreSummary;
    try {
      summary = await copyIntoStaging(dir, staging, log);
      commitCluster(dir, staging);
    } catch (error) {
      await removeStaging(staging).catch(() => {});
      throw error;
    }
    const oldFilesDir = moveOldFiles(dir);
    fs.rmSync(staging, { recursive: true, force: true });
    return { status: "imported", summary, oldFilesDir };
  } finally {
    release();
  }
}
