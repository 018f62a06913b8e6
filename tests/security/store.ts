// What the database holds, to prove that refused input changed nothing: the suite reads the tables of the
// app's embedded PostgreSQL server directly, as one more process of its DATA_DIR (openDatabase starts or
// joins the server of the folder and holds a lease until `close`; the last process to leave stops it).
import crypto from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "#app/server/db/client.server.ts";

/** Tables whose rows change on every request by design: login sessions (last seen) and rate-limit counters. */
const VOLATILE = new Set(["sessions", "rate_limits", "customer_sessions"]);

export type Fingerprint = Map<string, string>;

export interface Store {
  fingerprint(): Promise<Fingerprint>;
  /** Rows of `table` whose `column` holds exactly one of `values`. */
  countWhere(table: string, column: string, values: string[]): Promise<number>;
  /** Rows in the sessions table. */
  sessionCount(): Promise<number>;
  /** Makes a session expired: past its end, or idle for longer than the idle timeout. */
  expireSession(token: string, how: "ended" | "idle"): Promise<boolean>;
  /**
   * A customer account for the company of a shipper (and a consignee), with one member signed in (decision 029):
   * the session token, made as the sign-in does (only its SHA-256 is stored).
   */
  createCustomerSession(parties: { shipperId: string; consigneeId: string }): Promise<string>;
  /** Creates another database in the same server and returns its connection string. */
  createDatabase(name: string): Promise<string>;
  /** Rows in `table` of the database at `url` (one made by `createDatabase`). */
  countRows(url: string, table: string): Promise<number>;
  close(): Promise<void>;
}

export function changedParts(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name));
}

/**
 * Starts or joins the embedded server of `dataDir`. Opened before the app starts, it starts the server
 * itself (`durable: false` trades crash safety for speed, as test databases do) and the app joins it.
 * The tables are listed at the first fingerprint, once the app has migrated the database.
 */
export async function embeddedStore(dataDir: string, { durable = true } = {}): Promise<Store> {
  const database: Database = await openDatabase({ dataDir, poolSize: 2, durable });
  const db = database.pool;
  let fingerprintSql: string | undefined;
  const fingerprintQuery = async () => {
    if (fingerprintSql) return fingerprintSql;
    const { rows } = await db.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
    );
    const tables = rows.map((r) => r.table_name).filter((t) => !VOLATILE.has(t));
    if (tables.length === 0) throw new Error(`no tables in the database of ${dataDir}`);
    fingerprintSql = tables
      .map(
        (t) =>
          `select '${t}' as name, count(*)::text || ':' || coalesce(sum(hashtextextended(x::text, 0)::numeric), 0)::text as hash from "${t}" x`,
      )
      .join(" union all ");
    return fingerprintSql;
  };
  return {
    async fingerprint() {
      const result = await db.query<{ name: string; hash: string }>(await fingerprintQuery());
      return new Map(result.rows.map((r) => [r.name, r.hash]));
    },
    async countWhere(table, column, values) {
      const result = await db.query<{ n: number }>(
        `select count(*)::int as n from "${table}" where "${column}" = any($1::text[])`,
        [values],
      );
      return result.rows[0]?.n ?? 0;
    },
    async sessionCount() {
      const result = await db.query<{ n: number }>("select count(*)::int as n from sessions");
      return result.rows[0]?.n ?? 0;
    },
    async expireSession(token, how) {
      const idHash = crypto.createHash("sha256").update(token).digest("hex");
      const set =
        how === "ended"
          ? "expires_at = now() - interval '1 minute'"
          : "last_seen_at = now() - interval '3 days', created_at = now() - interval '3 days'";
      const result = await db.query(`update sessions set ${set} where id_hash = $1`, [idHash]);
      return result.rowCount === 1;
    },
    async createCustomerSession({ shipperId, consigneeId }) {
      const token = crypto.randomBytes(32).toString("base64url");
      const idHash = crypto.createHash("sha256").update(token).digest("hex");
      await db.query(
        `with company as (insert into customer_companies (name) values ('Security suite customer') returning id),
           parties as (insert into customer_company_parties (company_id, party_kind, party_id)
             select id, 'shipper', $1::uuid from company union all select id, 'consignee', $2::uuid from company),
           member as (insert into customer_members (company_id, name, email, can_invite)
             select id, 'Security Customer', 'security-customer@example.com', true from company returning id)
         insert into customer_sessions (id_hash, member_id, expires_at)
           select $3, id, now() + interval '30 days' from member`,
        [shipperId, consigneeId, idHash],
      );
      return token;
    },
    async createDatabase(name) {
      await db.query(`create database "${name}"`);
      return database.embedded!.urlFor(name);
    },
    async countRows(url, table) {
      const other = new pg.Client({ connectionString: url });
      await other.connect();
      try {
        const result = await other.query<{ n: number }>(`select count(*)::int as n from "${table}"`);
        return result.rows[0]?.n ?? 0;
      } finally {
        await other.end();
      }
    },
    close: () => database.close(),
  };
}
