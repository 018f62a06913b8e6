import path from "node:path";
import { type ExtractTablesWithRelations, sql } from "drizzle-orm";
import { drizzle, type NodePgDatabase, type NodePgQueryResultHKT } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgTransaction } from "drizzle-orm/pg-core";
import pg from "pg";
import { enableAfterCommit } from "#app/server/db/after-commit.server.ts";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "#app/server/db/embedded-postgres.server.ts";
import { sendOneQueryAtATime } from "#app/server/db/one-query-at-a-time.server.ts";
import * as schema from "#app/server/db/schema.ts";
import type { Config } from "#app/server/platform/config.server.ts";

export type Db = NodePgDatabase<typeof schema>;

/** A transaction of the database: what `db.transaction(async (tx) => …)` hands its callback. */
export type Tx = PgTransaction<
  NodePgQueryResultHKT,
  typeof schema,
  ExtractTablesWithRelations<typeof schema>
>;

/**
 * The database or a transaction of it: Drizzle's PgDatabase of our schema, which both are (a transaction is a
 * PgDatabase whose statements run on its connection). A function whose statements may run inside a caller's
 * transaction takes a DbOrTx, so the caller hands it `tx` as it is.
 */
export type DbOrTx = PgDatabase<NodePgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  /** "embedded": the PostgreSQL server the app runs in DATA_DIR; "external": a server at DATABASE_URL. */
  kind: "embedded" | "external";
  /** The connection string (LISTEN/NOTIFY and tools open connections of their own). */
  url: string;
  pool: pg.Pool;
  /** The embedded server's supervisor, when the app runs its own. */
  embedded?: EmbeddedPostgres;
  close(): Promise<void>;
};

type Log = { info(message: string): void; warn(message: string): void; error(message: string): void };

type OpenDatabaseOptions = {
  /** A PostgreSQL server to use; without it the embedded server of `dataDir` is started or joined. */
  databaseUrl?: string;
  dataDir?: string;
  timeoutMs?: number;
  /** Connections in the pool. */
  poolSize?: number;
  log?: Log;
  /** Embedded server only: false trades crash safety for speed (tests). */
  durable?: boolean;
  /** Embedded server only: after a failed start, how long until the next try. */
  retryMs?: number;
};

export const migrationsFolder = path.resolve(process.env.MIGRATIONS_DIR ?? "drizzle");

function createPool(url: string, timeout: number, max: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: timeout,
    query_timeout: timeout * 2,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its server (restart, failover) must not crash the process.
  pool.on("error", () => {});
  pool.on("connect", sendOneQueryAtATime);
  return pool;
}

/** Connects to DATABASE_URL, or starts (or joins) the embedded PostgreSQL server of DATA_DIR. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const timeout = options.timeoutMs ?? 5000;
  if (options.databaseUrl) {
    const pool = createPool(options.databaseUrl, timeout, options.poolSize ?? 10);
    const db = enableAfterCommit(drizzle(pool, { schema }));
    return { db, kind: "external", url: options.databaseUrl, pool, close: () => pool.end() };
  }
  if (!options.dataDir) throw new Error("openDatabase needs a databaseUrl or a dataDir");
  const embedded = await startEmbeddedPostgres({
    dataDir: options.dataDir,
    log: options.log,
    durable: options.durable,
    retryMs: options.retryMs,
  });
  const pool = createPool(embedded.url, timeout, options.poolSize ?? 5);
  const db = enableAfterCommit(drizzle(pool, { schema }));
  return {
    db,
    kind: "embedded",
    url: embedded.url,
    pool,
    embedded,
    async close() {
      try {
        await pool.end();
      } finally {
        await embedded.release();
      }
    },
  };
}

/** The database the configuration names: DATABASE_URL, else the embedded server of DATA_DIR. */
export function openConfiguredDatabase(config: Config, log?: Log): Promise<Database> {
  return openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    timeoutMs: config.DATABASE_TIMEOUT_MS,
    retryMs: config.DATABASE_RETRY_MS,
    poolSize: config.DATABASE_POOL_SIZE,
    log,
  });
}

/** Applies the committed SQL migrations, one process at a time. */
export async function migrateDatabase(
  database: Pick<Database, "pool">,
  folder = migrationsFolder,
): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query("select pg_advisory_lock(72707369)");
    await migrate(drizzle(client, { schema }), { migrationsFolder: folder });
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
