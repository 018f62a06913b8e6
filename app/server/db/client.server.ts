import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { lockDataDir } from "./lock.server.ts";
import { cachePgliteStatements } from "./pglite-statements.server.ts";
import * as schema from "./schema.ts";

/** Both drivers expose the same query builder; the node-postgres type stands for either. */
export type Db = NodePgDatabase<typeof schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** The connection string, on PostgreSQL. */
  url?: string;
  /** The raw PostgreSQL pool when running on a server (LISTEN/NOTIFY needs its own connection). */
  pool?: pg.Pool;
  /** The embedded database itself (snapshots in tests). */
  pglite?: PGlite;
  close(): Promise<void>;
};

export type OpenDatabaseOptions = {
  databaseUrl?: string;
  dataDir?: string;
  /** A migrated snapshot to start from (tests); skips the slow first start of an empty folder. */
  loadDataDir?: Blob;
  timeoutMs?: number;
};

export const migrationsFolder = path.resolve(process.env.MIGRATIONS_DIR ?? "drizzle");

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const timeout = options.timeoutMs ?? 5000;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: timeout,
      query_timeout: timeout * 2,
      idleTimeoutMillis: 30_000,
    });
    // An idle client losing its server (restart, failover) must not crash the process.
    pool.on("error", () => {});
    const db = drizzleNodePg(pool, { schema });
    return { db, kind: "postgres", url: options.databaseUrl, pool, close: () => pool.end() };
  }

  let release: (() => void) | undefined;
  if (options.dataDir) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    release = lockDataDir(options.dataDir);
  }
  try {
    const client = await PGlite.create({
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir,
      extensions: { pg_trgm },
    });
    const db = drizzlePglite({ client: cachePgliteStatements(client) as PGlite, schema }) as unknown as Db;
    return {
      db,
      kind: "pglite",
      pglite: client,
      async close() {
        try {
          await client.close();
        } finally {
          release?.();
        }
      },
    };
  } catch (error) {
    release?.();
    throw error;
  }
}

/** Applies the committed SQL migrations; on PostgreSQL one instance at a time. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === "pglite") {
    await migratePglite(database.db as never, { migrationsFolder });
    return;
  }
  const client = await database.pool!.connect();
  try {
    await client.query("select pg_advisory_lock(72707369)");
    await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock(72707369)").catch(() => {});
    client.release();
  }
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * A statement built once per database handle and reused, for the queries on hot paths (tracking
 * lookups, rate limits): Drizzle then skips assembling the SQL on every call.
 */
export function preparedPerDatabase<T>(prepare: (db: Db) => T): (db: Db) => T {
  const statements = new WeakMap<Db, T>();
  return (db) => {
    let statement = statements.get(db);
    if (statement === undefined) {
      statement = prepare(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
