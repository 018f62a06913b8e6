// Restoring: into an empty database, in one transaction, migrated to the file's schema first.
import fs from "node:fs";
import path from "node:path";
import { type MigrationMeta, readMigrationFiles } from "drizzle-orm/migrator";
import type pg from "pg";
import type { z } from "zod";
import {
  BackupError,
  DEMO_SEEDED_KEY,
  endMarkerSchema,
  type Header,
  INSERT_BATCH_BYTES,
  INSERT_BATCH_ROWS,
  MIGRATION_LOCK,
  type Query,
  queryWith,
  quoteIdent,
  type RestoreSummary,
  TABLES_IGNORED_WHEN_EMPTY,
  type TableCount,
  tableMarkerSchema,
} from "#app/server/db/backup/format.server.ts";
import {
  listTables,
  readAppliedMigrations,
  type TableInfo,
} from "#app/server/db/backup/read-database.server.ts";
import { parseHeader, readBackupFileLines } from "#app/server/db/backup/read-file.server.ts";
import {
  migrationsFolder as defaultMigrationsFolder,
  migrateDatabase,
} from "#app/server/db/client.server.ts";

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
    // Issued invoices come back with their lines: the triggers that freeze them let this transaction load them.
    await client.query("select set_config('app.restoring', 'on', true)");
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
