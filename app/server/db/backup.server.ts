// Backups of the app's database (`npm run backup`, `npm run restore`), and the row format the PGlite import
// (import-pglite.server.ts) streams through the same restorer.
//
// Why our own format rather than pg_dump: the embedded server comes from npm packages that carry
// `postgres` and `initdb` but no `pg_dump`, and the pg_dump Debian ships (15) refuses to dump a
// PostgreSQL 18 server. So the app writes its backups itself, over an ordinary connection: the same code
// works on the embedded server and on DATABASE_URL (PostgreSQL 15 or later), while the site runs, and
// needs no other program. It reads every table inside one REPEATABLE READ READ ONLY transaction (one
// consistent snapshot), row by row through a cursor, and writes gzip-compressed NDJSON, so memory stays
// flat however large the media library is.
//
// Restore takes an empty database only. In one transaction it migrates it to the file's schema (the
// file names its migration count; drizzle's own migration files and bookkeeping), loads every table in
// foreign-key order and resets sequences; a refused or damaged file changes nothing, not even the schema.
// Then this release's later migrations run. A restored site is marked as seeded ("demo_seeded"), so
// SEED_DEMO never adds demo content to it.
//
// The file (gzip-compressed, one JSON value per line):
//   {"format":"unitrans-freight-backup","formatVersion":1,"createdAt":…,"migrations":{count,lastCreatedAt,
//     lastHash},"tables":[… in foreign-key order],"leftOut":[…]}
//   {"$table":"shippers","columns":["id","name",…]}
//   {"id": "…", "name": "…", …}            one line per row: PostgreSQL's to_jsonb(row), bytea as "\\x…" hex,
//   …                                      timestamps with microseconds, numerics exact
//   {"$end":{"rows":{"shippers":3,…}}}     a file without this last line is incomplete and refused
//
// Left out of backups (TABLES_LEFT_OUT): sessions, password-reset tokens and rate-limit counters, which
// are short-lived and, for the first two, sign-in secrets; and the outbox, whose only messages are
// password-reset e-mails carrying a live reset link: a backup copied off the server must not hold one;
// with it the notification log, whose rows point at outbox messages (the shipments' recipients, pauses,
// pending notifications and unsubscribes are kept: a restored site never messages an address that left), and
// the outbox's attachments (a quote's PDF) with their messages; and the spreadsheets uploaded to import shipments
// (shipment_imports, decision 020), which live a day and may be 10 MB each.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { type MigrationMeta, readMigrationFiles } from "drizzle-orm/migrator";
import type pg from "pg";
import { z } from "zod";
import {
  migrationsFolder as defaultMigrationsFolder,
  migrateDatabase,
} from "#app/server/db/client.server.ts";

const BACKUP_FORMAT = "unitrans-freight-backup";
const BACKUP_FORMAT_VERSION = 1;
export const TABLES_LEFT_OUT: readonly string[] = [
  "sessions",
  "password_reset_tokens",
  "rate_limits",
  "outbox",
  "outbox_attachments",
  "notification_log",
  "shipment_imports",
];
/** Throttling counters: rows in it do not make a database "not empty" for a restore. */
const TABLES_IGNORED_WHEN_EMPTY = ["rate_limits"];
/** The advisory lock migrateDatabase takes (client.server.ts): a restore and a migration never overlap. */
const MIGRATION_LOCK = 72707369;
/** The marker seed.server.ts writes once demo content was loaded; a restored site is never "new". */
const DEMO_SEEDED_KEY = "demo_seeded";

const ROWS_PER_FETCH = 500;
/** Rows holding media bytes can be megabytes each: a few per round trip keeps memory small. */
const ROWS_PER_FETCH_WITH_BYTES = 4;
const INSERT_BATCH_ROWS = 500;
const INSERT_BATCH_BYTES = 8 * 1024 * 1024;
const MAX_HEADER_BYTES = 1024 * 1024;
const MAX_LINE_BYTES = 256 * 1024 * 1024;

/** A refusal or a damaged file, with a message for the person running the command (printed without a stack). */
export class BackupError extends Error {
  override name = "BackupError";
}

/** Runs one statement: a pg client or pool, or PGlite (the import reads the old engine through it). */
export type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

type TableCount = { table: string; rows: number };
export type BackupSummary = {
  file: string;
  tables: TableCount[];
  rows: number;
  /** Size of the compressed file. */
  bytes: number;
  leftOut: string[];
};
export type RestoreSummary = {
  tables: TableCount[];
  rows: number;
  migrations: { backup: number; now: number };
};

type MigrationState = { count: number; lastCreatedAt: number | null; lastHash: string | null };

const headerSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int().positive(),
  createdAt: z.string(),
  migrations: z.object({
    count: z.number().int().min(0),
    lastCreatedAt: z.number().nullable(),
    lastHash: z.string().nullable(),
  }),
  tables: z.array(z.string()),
  leftOut: z.array(z.string()),
});
type Header = z.infer<typeof headerSchema>;

const tableMarkerSchema = z.object({ $table: z.string().min(1), columns: z.array(z.string().min(1)).min(1) });
const endMarkerSchema = z.object({ $end: z.object({ rows: z.record(z.string(), z.number().int().min(0)) }) });

export function queryWith(client: pg.Pool | pg.PoolClient): Query {
  return (text, params) => client.query(text, params);
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

// ---------------------------------------------------------------------------------------------------
// Reading a database

type TableInfo = { name: string; columns: string[]; hasBytes: boolean };

/** The app's tables (schema public) with their insertable columns, in foreign-key order (parents first). */
async function listTables(query: Query): Promise<TableInfo[]> {
  const { rows: columns } = await query(
    `select c.relname as table, a.attname as column, a.atttypid = 'bytea'::regtype as bytes
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
        and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by c.relname, a.attnum`,
  );
  const tables = new Map<string, TableInfo>();
  for (const row of columns) {
    const name = String(row.table);
    const table = tables.get(name) ?? { name, columns: [], hasBytes: false };
    table.columns.push(String(row.column));
    table.hasBytes ||= row.bytes === true;
    tables.set(name, table);
  }
  // A deferrable reference is checked at commit, so it does not order the load (quote_requests and shipments
  // point at each other; decision 016).
  const { rows: references } = await query(
    `select distinct child.relname as child, parent.relname as parent
       from pg_constraint k
       join pg_class child on child.oid = k.conrelid
       join pg_class parent on parent.oid = k.confrelid
       join pg_namespace cn on cn.oid = child.relnamespace
       join pg_namespace pn on pn.oid = parent.relnamespace
      where k.contype = 'f' and cn.nspname = 'public' and pn.nspname = 'public'
        and child.oid <> parent.oid and not k.condeferrable`,
  );
  const order = sortByReferences(
    [...tables.keys()],
    references.map((r) => ({ child: String(r.child), parent: String(r.parent) })),
  );
  return order.map((name) => tables.get(name)!);
}

/** Kahn's topological sort, alphabetical among equals, so the order is the same on every run. */
function sortByReferences(names: string[], references: { child: string; parent: string }[]): string[] {
  const parents = new Map(names.map((name) => [name, new Set<string>()]));
  for (const { child, parent } of references) {
    if (parents.has(child) && parents.has(parent)) parents.get(child)!.add(parent);
  }
  const sorted: string[] = [];
  const remaining = new Set(names);
  while (remaining.size > 0) {
    const ready = [...remaining].filter((name) => [...parents.get(name)!].every((p) => !remaining.has(p)));
    if (ready.length === 0) {
      throw new BackupError(`The tables ${[...remaining].join(", ")} reference each other in a cycle.`);
    }
    ready.sort();
    for (const name of ready) {
      sorted.push(name);
      remaining.delete(name);
    }
  }
  return sorted;
}

/** How many drizzle migrations a database has applied, and the last one. */
async function readAppliedMigrations(query: Query): Promise<MigrationState> {
  const { rows: present } = await query(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
  );
  if (present[0]?.present !== true) return { count: 0, lastCreatedAt: null, lastHash: null };
  const { rows } = await query(
    `select (select count(*)::int from drizzle.__drizzle_migrations) as count, hash, created_at::text as created_at
       from drizzle.__drizzle_migrations order by created_at desc nulls last, id desc limit 1`,
  );
  const last = rows[0];
  if (!last) return { count: 0, lastCreatedAt: null, lastHash: null };
  return {
    count: Number(last.count),
    lastCreatedAt: last.created_at == null ? null : Number(last.created_at),
    lastHash: last.hash == null ? null : String(last.hash),
  };
}

async function* fetchRowLines(query: Query, table: TableInfo): AsyncGenerator<string> {
  const perFetch = table.hasBytes ? ROWS_PER_FETCH_WITH_BYTES : ROWS_PER_FETCH;
  await query(
    `declare backup_rows no scroll cursor for select to_jsonb(backup_row)::text as line from public.${quoteIdent(table.name)} backup_row`,
  );
  for (;;) {
    const { rows } = await query(`fetch forward ${perFetch} from backup_rows`);
    for (const row of rows) yield String(row.line);
    if (rows.length < perFetch) break;
  }
  await query("close backup_rows");
}

/**
 * The lines of a backup of the database `query` reaches, read in one REPEATABLE READ READ ONLY
 * transaction (it begins and ends it: give it a connection of its own). `leaveOut` names tables to skip.
 */
export async function* streamBackupLines({
  query,
  leaveOut = TABLES_LEFT_OUT,
  now = new Date(),
}: {
  query: Query;
  leaveOut?: readonly string[];
  now?: Date;
}): AsyncGenerator<string> {
  await query("begin isolation level repeatable read read only");
  let finished = false;
  try {
    await query("set local bytea_output = 'hex'");
    await query("set local timezone = 'UTC'");
    const migrations = await readAppliedMigrations(query);
    const all = await listTables(query);
    const tables = all.filter((t) => !leaveOut.includes(t.name));
    const header: Header = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: now.toISOString(),
      migrations,
      tables: tables.map((t) => t.name),
      leftOut: all.filter((t) => leaveOut.includes(t.name)).map((t) => t.name),
    };
    yield JSON.stringify(header);
    const rows: Record<string, number> = {};
    for (const table of tables) {
      yield JSON.stringify({ $table: table.name, columns: table.columns });
      rows[table.name] = 0;
      for await (const line of fetchRowLines(query, table)) {
        rows[table.name]! += 1;
        yield line;
      }
    }
    yield JSON.stringify({ $end: { rows } });
    await query("commit");
    finished = true;
  } finally {
    if (!finished) await query("rollback").catch(() => {});
  }
}

// ---------------------------------------------------------------------------------------------------
// Writing a backup file

/** The default file name: backup-YYYYMMDD-HHMMSS.ndjson.gz (UTC). */
export function nameBackupFile(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, "")
    .replaceAll("-", "")
    .replaceAll(":", "");
  return `backup-${stamp.replace("T", "-")}.ndjson.gz`;
}

type Tally = { leftOut: string[]; rows?: Record<string, number> };

/** Notes what the first and the last line say as the lines go by, and ends each line. */
async function* tallyLines(lines: AsyncIterable<string>, tally: Tally) {
  let first = true;
  for await (const line of lines) {
    if (first) tally.leftOut = headerSchema.parse(JSON.parse(line)).leftOut;
    else if (line.startsWith('{"$end"')) tally.rows = endMarkerSchema.parse(JSON.parse(line)).$end.rows;
    first = false;
    yield `${line}\n`;
  }
}

function syncFile(file: string) {
  const fd = fs.openSync(file, "r");
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Puts the finished file in place under its name, never over an existing file. */
function publishFile(temp: string, file: string, label: string) {
  try {
    fs.linkSync(temp, file);
    fs.rmSync(temp, { force: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST")
      throw new BackupError(`${label} already exists; a backup never overwrites a file.`);
    // A file system without hard links: rename (the name was checked to be free at the start).
    fs.renameSync(temp, file);
  }
}

/**
 * Writes a backup of the database to `output` (gzip-compressed NDJSON, mode 0600). It is written under a
 * temporary name and renamed when complete, so a failed backup never leaves a file that looks whole.
 */
export async function writeBackup({
  pool,
  output,
  now = new Date(),
}: {
  pool: pg.Pool;
  output: string;
  now?: Date;
}): Promise<BackupSummary> {
  const file = path.resolve(output);
  if (fs.existsSync(file))
    throw new BackupError(`${output} already exists; a backup never overwrites a file.`);
  if (!fs.existsSync(path.dirname(file)))
    throw new BackupError(`The folder ${path.dirname(file)} does not exist.`);
  const temp = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${crypto.randomBytes(4).toString("hex")}.partial`,
  );
  const tally: Tally = { leftOut: [] };
  const client = await pool.connect();
  let failed = false;
  try {
    const lines = tallyLines(streamBackupLines({ query: queryWith(client), now }), tally);
    await pipeline(
      // Read ahead by bytes, not by lines: a line holding an image can be megabytes.
      Readable.from(lines, { objectMode: false, highWaterMark: 1024 * 1024 }),
      zlib.createGzip(),
      fs.createWriteStream(temp, { flags: "wx", mode: 0o600 }),
    );
    syncFile(temp);
    publishFile(temp, file, output);
  } catch (error) {
    failed = true;
    fs.rmSync(temp, { force: true });
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EACCES" || code === "ENOSPC" || code === "EROFS" || code === "EPERM") {
      throw new BackupError(`Could not write ${output}: ${(error as Error).message}`);
    }
    throw error;
  } finally {
    client.release(failed);
  }
  const tables = Object.entries(tally.rows ?? {}).map(([table, rows]) => ({ table, rows }));
  return {
    file,
    tables,
    rows: tables.reduce((sum, t) => sum + t.rows, 0),
    bytes: fs.statSync(file).size,
    leftOut: tally.leftOut,
  };
}

// ---------------------------------------------------------------------------------------------------
// Reading a backup file

/** Splits a byte stream into UTF-8 lines; a line longer than its limit means the input is not ours. */
async function* splitLines(chunks: AsyncIterable<Buffer>, label: string): AsyncGenerator<string> {
  let parts: Buffer[] = [];
  let pending = 0;
  let index = 0;
  for await (const chunk of chunks) {
    let start = 0;
    for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
      parts.push(chunk.subarray(start, newline));
      yield Buffer.concat(parts).toString("utf8");
      parts = [];
      pending = 0;
      index += 1;
      start = newline + 1;
    }
    if (start < chunk.length) {
      parts.push(chunk.subarray(start));
      pending += chunk.length - start;
      if (pending > (index === 0 ? MAX_HEADER_BYTES : MAX_LINE_BYTES)) {
        throw new BackupError(`${label} is not a backup file made by npm run backup.`);
      }
    }
  }
  if (pending > 0) yield Buffer.concat(parts).toString("utf8");
}

function describeReadError(error: unknown, label: string): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "Z_DATA_ERROR") {
    return new BackupError(`${label} is not a backup file made by npm run backup (it is not gzip data).`);
  }
  if (code === "Z_BUF_ERROR") {
    return new BackupError(`${label} is incomplete: the file ends early (cut short or damaged).`);
  }
  if (code === "EISDIR") return new BackupError(`${label} is a folder, not a backup file.`);
  if (code === "EACCES") return new BackupError(`${label} cannot be read (permission denied).`);
  return error;
}

/** The lines of a backup file, decompressed as they are read. */
async function* readBackupFileLines(file: string): AsyncGenerator<string> {
  if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist.`);
  const input = fs.createReadStream(file);
  const gunzip = zlib.createGunzip();
  input.on("error", (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  try {
    yield* splitLines(gunzip, file);
  } catch (error) {
    throw describeReadError(error, file);
  } finally {
    input.destroy();
    gunzip.destroy();
  }
}

function parseHeader(line: string | undefined, label: string): Header {
  let value: unknown;
  try {
    value = JSON.parse(line ?? "");
  } catch {
    throw new BackupError(`${label} is not a backup file made by npm run backup.`);
  }
  const format = (value as { format?: unknown } | null)?.format;
  const version = (value as { formatVersion?: unknown } | null)?.formatVersion;
  if (format === BACKUP_FORMAT && typeof version === "number" && version > BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      `${label} was written by a newer release (backup format ${version}); restore it with that release.`,
    );
  }
  const parsed = headerSchema.safeParse(value);
  if (!parsed.success) throw new BackupError(`${label} is not a backup file made by npm run backup.`);
  return parsed.data;
}

/** The first line of a backup file: what it holds and which schema it was made with. */
export async function readBackupHeader(file: string): Promise<Header> {
  const lines = readBackupFileLines(file);
  try {
    const first = await lines.next();
    return parseHeader(first.done ? undefined : first.value, file);
  } finally {
    await lines.return(undefined);
  }
}

// ---------------------------------------------------------------------------------------------------
// Restoring

function readMigrations(folder: string): MigrationMeta[] {
  if (!fs.existsSync(path.join(folder, "meta", "_journal.json"))) {
    throw new BackupError(
      `The migrations folder ${folder} was not found: run the command in the app's folder.`,
    );
  }
  return readMigrationFiles({ migrationsFolder: folder });
}

/** Refuses a file whose schema this release does not know. */
function checkMigrations(header: Header, migrations: MigrationMeta[], label: string) {
  const { count, lastCreatedAt } = header.migrations;
  if (count > migrations.length) {
    throw new BackupError(
      `${label} was made with a newer database schema (migration ${count}; this release has ${migrations.length}). ` +
        "Restore it with the release that made it, or a later one.",
    );
  }
  if (count > 0 && migrations[count - 1]!.folderMillis !== lastCreatedAt) {
    throw new BackupError(
      `${label} was made with migrations this release does not have (its migration ${count} is not ours).`,
    );
  }
}

async function findNonEmptyTables(query: Query): Promise<string[]> {
  const found: string[] = [];
  for (const { name } of await listTables(query)) {
    if (TABLES_IGNORED_WHEN_EMPTY.includes(name)) continue;
    const { rows } = await query(`select exists (select 1 from public.${quoteIdent(name)}) as present`);
    if (rows[0]?.present === true) found.push(name);
  }
  return found;
}

/**
 * Applies the first migrations inside the restore's transaction, exactly as drizzle's migrator does
 * (same table, same rows), so a refused file leaves even an unmigrated database as it was.
 */
async function applyMigrations(client: pg.PoolClient, migrations: MigrationMeta[]) {
  await client.query('create schema if not exists "drizzle"');
  await client.query(
    'create table if not exists "drizzle"."__drizzle_migrations" (id serial primary key, hash text not null, created_at bigint)',
  );
  const { lastCreatedAt } = await readAppliedMigrations(queryWith(client));
  for (const migration of migrations) {
    if (lastCreatedAt !== null && lastCreatedAt >= migration.folderMillis) continue;
    for (const statement of migration.sql) await client.query(statement);
    await client.query(
      'insert into "drizzle"."__drizzle_migrations" ("hash", "created_at") values ($1, $2)',
      [migration.hash, migration.folderMillis],
    );
  }
}

/** Checks the database can take this file: empty, and not set up by a newer schema than the file's. */
async function checkTarget(client: pg.PoolClient, header: Header, label: string) {
  const query = queryWith(client);
  const nonEmpty = await findNonEmptyTables(query);
  if (nonEmpty.length > 0) {
    throw new BackupError(
      `The database already holds data (in ${nonEmpty.join(", ")}); a backup is restored into an empty ` +
        "database only. Use a new DATA_DIR (or a new database for DATABASE_URL), restore there, then start the site on it.",
    );
  }
  const applied = await readAppliedMigrations(query);
  if (applied.count > header.migrations.count) {
    throw new BackupError(
      `The database was set up by a newer schema (migration ${applied.count}) than ${label} ` +
        `(migration ${header.migrations.count}). Restore into a new, empty database: a new DATA_DIR, or a ` +
        "newly created database for DATABASE_URL.",
    );
  }
}

type Loading = { table: TableInfo; lines: string[]; bytes: number; rows: number };

async function insertBatch(client: pg.PoolClient, loading: Loading) {
  if (loading.lines.length === 0) return;
  const { table } = loading;
  const columns = table.columns.map(quoteIdent).join(", ");
  const name = quoteIdent(table.name);
  try {
    const result = await client.query(
      `insert into public.${name} (${columns}) select ${columns} from jsonb_populate_recordset(null::public.${name}, $1::jsonb)`,
      [`[${loading.lines.join(",")}]`],
    );
    if (result.rowCount !== loading.lines.length) throw new Error("a row line holds no single row");
  } catch (error) {
    throw new BackupError(`The rows of ${table.name} could not be loaded: ${(error as Error).message}.`);
  }
  loading.rows += loading.lines.length;
  loading.lines = [];
  loading.bytes = 0;
}

function parseMarker(line: string, label: string) {
  try {
    const value = JSON.parse(line);
    const table = tableMarkerSchema.safeParse(value);
    if (table.success) return table.data;
    const end = endMarkerSchema.safeParse(value);
    if (end.success) return end.data;
  } catch {}
  throw new BackupError(`${label} is damaged: a line is neither a row nor a table heading.`);
}

/** The table a heading names, with the file's columns, checked against the database it goes into. */
function openTable(
  marker: z.infer<typeof tableMarkerSchema>,
  expected: string | undefined,
  target: Map<string, TableInfo>,
  label: string,
): TableInfo {
  if (marker.$table !== expected) {
    throw new BackupError(`${label} is damaged: table ${marker.$table} is not where its first line said.`);
  }
  const existing = target.get(marker.$table);
  if (!existing)
    throw new BackupError(`${label} has a table (${marker.$table}) this database does not have.`);
  const missing = marker.columns.filter((c) => !existing.columns.includes(c));
  if (missing.length > 0) {
    throw new BackupError(
      `${label} has columns of ${marker.$table} this database lacks: ${missing.join(", ")}.`,
    );
  }
  return { name: marker.$table, columns: marker.columns, hasBytes: existing.hasBytes };
}

/** Loads every table section of the file; returns the rows loaded per table, checked against its last line. */
async function loadTables(
  client: pg.PoolClient,
  lines: AsyncIterator<string>,
  header: Header,
  label: string,
): Promise<TableCount[]> {
  const target = new Map((await listTables(queryWith(client))).map((t) => [t.name, t]));
  const loaded: TableCount[] = [];
  let loading: Loading | undefined;
  for (;;) {
    const next = await lines.next();
    if (next.done) throw new BackupError(`${label} is incomplete: it ends before its last line (cut short).`);
    const line = next.value;
    if (line.startsWith('{"$')) {
      if (loading) {
        await insertBatch(client, loading);
        loaded.push({ table: loading.table.name, rows: loading.rows });
      }
      const marker = parseMarker(line, label);
      if ("$end" in marker) {
        checkEnd(marker.$end.rows, loaded, header, label);
        if (!(await lines.next()).done)
          throw new BackupError(`${label} is damaged: lines follow its last line.`);
        return loaded;
      }
      loading = {
        table: openTable(marker, header.tables[loaded.length], target, label),
        lines: [],
        bytes: 0,
        rows: 0,
      };
      continue;
    }
    if (!loading) throw new BackupError(`${label} is damaged: rows come before any table heading.`);
    loading.lines.push(line);
    loading.bytes += line.length;
    if (loading.lines.length >= INSERT_BATCH_ROWS || loading.bytes >= INSERT_BATCH_BYTES) {
      await insertBatch(client, loading);
    }
  }
}

function checkEnd(expected: Record<string, number>, loaded: TableCount[], header: Header, label: string) {
  const complete =
    loaded.length === header.tables.length &&
    Object.keys(expected).length === loaded.length &&
    loaded.every(({ table, rows }) => expected[table] === rows);
  if (!complete) throw new BackupError(`${label} is damaged: its row counts do not match its rows.`);
}

/** Sets each sequence of the loaded tables past the largest value restored (identity and serial columns). */
async function resetSequences(client: pg.PoolClient, tables: string[]) {
  const { rows } = await client.query(
    `select c.relname as table, a.attname as column,
            pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) as sequence
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relname = any($1::text[]) and a.attnum > 0 and not a.attisdropped
        and pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) is not null`,
    [tables],
  );
  for (const row of rows) {
    await client.query(
      `select setval($1, coalesce((select max(${quoteIdent(row.column)}) from public.${quoteIdent(row.table)}), 0) + 1, false)`,
      [row.sequence],
    );
  }
}

/** A restored site must not get the demo content on its next start (seed.server.ts's seedOnFirstStart). */
async function markSeeded(client: pg.PoolClient) {
  const { rows } = await client.query("select to_regclass('public.site_settings') is not null as present");
  if (rows[0]?.present !== true) return;
  await client.query(
    `insert into public.site_settings (key, value) values ($1, jsonb_build_object('at', now(), 'restored', true))
     on conflict (key) do nothing`,
    [DEMO_SEEDED_KEY],
  );
}

/**
 * Loads the lines of a backup (a file's, or the PGlite import's) into an empty database in one
 * transaction: migrates it to the backup's schema, inserts every table in foreign-key order, resets
 * sequences, commits, then applies the migrations that came after the backup's. Refuses, changing
 * nothing, a database that holds data, a schema newer than this release's, and an incomplete or damaged file.
 */
export async function loadBackupLines({
  pool,
  lines,
  label = "The backup",
  migrationsFolder = defaultMigrationsFolder,
}: {
  pool: pg.Pool;
  lines: AsyncIterable<string>;
  label?: string;
  migrationsFolder?: string;
}): Promise<RestoreSummary> {
  const iterator = lines[Symbol.asyncIterator]();
  try {
    const first = await iterator.next();
    const header = parseHeader(first.done ? undefined : first.value, label);
    const migrations = readMigrations(migrationsFolder);
    checkMigrations(header, migrations, label);
    const tables = await loadInTransaction(pool, async (client) => {
      await checkTarget(client, header, label);
      await applyMigrations(client, migrations.slice(0, header.migrations.count));
      const loaded = await loadTables(client, iterator, header, label);
      await resetSequences(
        client,
        loaded.map((t) => t.table),
      );
      await markSeeded(client);
      return loaded;
    });
    await migrateDatabase({ pool }, migrationsFolder);
    const now = await readAppliedMigrations(queryWith(pool));
    return {
      tables,
      rows: tables.reduce((sum, t) => sum + t.rows, 0),
      migrations: { backup: header.migrations.count, now: now.count },
    };
  } finally {
    await iterator.return?.();
  }
}

async function loadInTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query("begin");
    await client.query("select pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    const result = await work(client);
    await client.query("commit");
    return result;
  } catch (error) {
    await client.query("rollback").catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}

/** Restores a backup file made by writeBackup into an empty database (see loadBackupLines). */
export function restoreBackup({
  pool,
  input,
  migrationsFolder,
}: {
  pool: pg.Pool;
  input: string;
  migrationsFolder?: string;
}): Promise<RestoreSummary> {
  return loadBackupLines({
    pool,
    lines: readBackupFileLines(input),
    label: input,
    migrationsFolder,
  });
}

// ---------------------------------------------------------------------------------------------------
// For the command-line tools (scripts/backup.ts, restore.ts, import-pglite.ts)

/**
 * A path the person typed: relative to the folder they ran the command in. npm runs scripts in the
 * package's folder and names the caller's folder in INIT_CWD.
 */
export function resolveUserPath(file: string): string {
  return path.resolve(process.env.INIT_CWD || process.cwd(), file);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

/** One line for a failed command: our own errors say it all; others get `what` in front. Never a stack. */
export function describeFailure(what: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const ours =
    error instanceof Error &&
    /^(BackupError|ConfigError|EmbeddedDatabaseError|ImportError)$/.test(error.name);
  return ours ? message : `${what}: ${message.split("\n")[0]}`;
}
