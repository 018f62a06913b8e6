// What the database holds, to prove that refused input changed nothing. On PostgreSQL the suite reads the
// tables directly; on the embedded database (which only the app's process may open) it reads the app's
// own back-office pages instead.
import crypto from "node:crypto";
import pg from "pg";
import type { Client } from "./client.ts";

/** Tables whose rows change on every request by design: login sessions (last seen) and rate-limit counters. */
const VOLATILE = new Set(["sessions", "rate_limits"]);

export type Fingerprint = Map<string, string>;

export interface Store {
  kind: "postgres" | "pages";
  fingerprint(): Promise<Fingerprint>;
  /** Rows of `table` whose `column` holds exactly one of `values` (PostgreSQL only; null when unknown). */
  countWhere(table: string, column: string, values: string[]): Promise<number | null>;
  /** Rows in the sessions table (PostgreSQL only). */
  sessionCount(): Promise<number | null>;
  /** Makes a session expired: past its end, or idle for longer than the idle timeout. */
  expireSession(token: string, how: "ended" | "idle"): Promise<boolean>;
  close(): Promise<void>;
}

export function changedParts(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name));
}

export async function postgresStore(url: string): Promise<Store> {
  const db = new pg.Pool({ connectionString: url, max: 2 });
  const { rows } = await db.query<{ table_name: string }>(
    "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
  );
  const tables = rows.map((r) => r.table_name).filter((t) => !VOLATILE.has(t));
  const sql = tables
    .map(
      (t) =>
        `select '${t}' as name, count(*)::text || ':' || md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as hash from "${t}" x`,
    )
    .join(" union all ");
  return {
    kind: "postgres",
    async fingerprint() {
      const result = await db.query<{ name: string; hash: string }>(sql);
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
    close: () => db.end(),
  };
}

/**
 * The embedded database: the back-office pages that list every kind of row, without their scripts and
 * nonces (the hydration data repeats what the page shows). `restart` lets the caller edit a session
 * while the app is stopped.
 */
export function pageStore({
  client,
  cookie,
  pages,
  expire,
}: {
  client: () => Client;
  cookie: () => string;
  pages: () => string[];
  expire: (token: string, how: "ended" | "idle") => Promise<boolean>;
}): Store {
  return {
    kind: "pages",
    async fingerprint() {
      const result: Fingerprint = new Map();
      for (const page of pages()) {
        const sent = await client().send(page, { cookie: cookie(), raw: true });
        const stable = sent.body.replace(/<script[\s\S]*?<\/script>/g, "").replace(/ nonce="[^"]*"/g, "");
        result.set(page, `${sent.status}:${crypto.createHash("md5").update(stable).digest("hex")}`);
      }
      return result;
    },
    countWhere: async () => null,
    sessionCount: async () => null,
    expireSession: expire,
    close: async () => {},
  };
}
