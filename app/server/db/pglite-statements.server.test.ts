import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cachePgliteStatements } from "./pglite-statements.server.ts";

// PGlite-only code: it runs on an in-memory PGlite whatever TEST_DB says.
let pglite: PGlite;

beforeAll(async () => {
  pglite = await PGlite.create();
  await pglite.exec(`
    create table parcels (id serial primary key, code text not null unique, weight numeric, sent_at timestamptz, data json);
    insert into parcels (code, weight, sent_at, data) values
      ('A-1', 12.5, '2026-03-01T10:00:00Z', '{"n": 1}'), ('B-2', null, null, null);
  `);
});
afterAll(() => pglite.close());

const preparedNames = async () =>
  (await pglite.query<{ name: string }>("select name from pg_prepared_statements order by name")).rows.map(
    (row) => row.name,
  );

describe("cachePgliteStatements", () => {
  it("answers exactly as PGlite's own query does, in both row modes", async () => {
    const client = cachePgliteStatements(pglite);
    const text =
      "select id, code, weight, sent_at, data from parcels where code = any($1::text[]) order by id";
    // Drizzle passes its own parsers (timestamps as text) with array rows.
    const drizzleLike = { rowMode: "array" as const, parsers: { 1184: (value: string) => value } };
    for (const options of [undefined, { rowMode: "array" as const }, drizzleLike]) {
      for (let run = 0; run < 8; run++) {
        // Past the fifth run PostgreSQL may switch to a generic plan: the answer must not change.
        const expected = await pglite.query(text, [["A-1", "B-2"]], options);
        const actual = await client.query(text, [["A-1", "B-2"]], options);
        expect(actual.rows).toEqual(expected.rows);
        expect(actual.fields).toEqual(expected.fields);
      }
    }
    const [row] = (await client.query<{ sent_at: Date; data: unknown }>(text, [["A-1"]])).rows;
    expect(row!.sent_at).toEqual(new Date("2026-03-01T10:00:00Z"));
    expect(row!.data).toEqual({ n: 1 });
    const [raw] = (await client.query<unknown[]>(text, [["A-1"]], drizzleLike)).rows;
    expect(raw![3]).toBe("2026-03-01 10:00:00+00");
    expect(await preparedNames()).toHaveLength(1);
  });

  it("writes with parameters, nulls and dates, and counts the rows it changed", async () => {
    const client = cachePgliteStatements(pglite);
    const insert = "insert into parcels (code, weight, sent_at) values ($1, $2, $3) returning id";
    const inserted = await client.query(insert, ["C-3", null, new Date("2026-04-02T08:30:00Z")]);
    expect(inserted.affectedRows).toBe(1);
    const updated = await client.query("update parcels set weight = $1 where code like $2", [3, "%-%"]);
    expect(updated.affectedRows).toBe(3);
    const { rows } = await pglite.query<{ sent_at: Date; weight: string }>(
      "select sent_at, weight from parcels where code = 'C-3'",
    );
    expect(rows[0]).toEqual({ sent_at: new Date("2026-04-02T08:30:00Z"), weight: "3" });
  });

  it("throws PostgreSQL's error, keeps the statement, and leaves the session usable", async () => {
    const client = cachePgliteStatements(pglite);
    const insert = "insert into parcels (code) values ($1)";
    await expect(client.query(insert, ["A-1"])).rejects.toMatchObject({ code: "23505" });
    await expect(client.query(insert, ["A-1"])).rejects.toMatchObject({ code: "23505" });
    await expect(client.query("select nonsense from parcels")).rejects.toMatchObject({ code: "42703" });
    await client.query(insert, ["D-4"]);
    const { rows } = await client.query<{ count: number }>("select count(*)::int as count from parcels");
    expect(rows[0]!.count).toBe(4);
    // The statement that failed to parse was never kept.
    expect((await preparedNames()).length).toBeLessThanOrEqual(5);
  });

  it("waits for a running transaction instead of joining it", async () => {
    const client = cachePgliteStatements(pglite);
    const count = "select count(*)::int as count from parcels where code = $1";
    let release!: () => void;
    let inserted!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const insertDone = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = pglite.transaction(async (tx) => {
      await tx.query("insert into parcels (code) values ('TX-1')");
      inserted();
      await held;
      await tx.rollback();
    });
    await insertDone; // the transaction is open, between two of its statements
    const during = client.query<{ count: number }>(count, ["TX-1"]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await transaction;
    expect((await during).rows[0]!.count).toBe(0);
  });

  it("keeps at most `max` statements per instance, closing the least recently used", async () => {
    const own = await PGlite.create();
    try {
      const client = cachePgliteStatements(own, { max: 2 });
      expect(cachePgliteStatements(own)).toBe(client);
      await client.query("select 1 as one");
      await client.query("select 2 as two");
      await client.query("select 1 as one"); // used again: 'two' is now the oldest
      await client.query("select 3 as three");
      const { rows } = await own.query<{ statement: string }>(
        "select statement from pg_prepared_statements order by statement",
      );
      expect(rows.map((row) => row.statement)).toEqual(["select 1 as one", "select 3 as three"]);
      expect((await client.query("select 2 as two")).rows).toEqual([{ two: 2 }]);
    } finally {
      await own.close();
    }
  });

  it("refuses to run on a closed database, as PGlite does", async () => {
    const own = await PGlite.create();
    const client = cachePgliteStatements(own);
    await client.query("select 1 as one");
    const closing = own.close();
    const queued = client.query("select 1 as one");
    await closing;
    await expect(queued).rejects.toThrow(/PGlite is clos/);
    await expect(client.query("select 1 as one")).rejects.toThrow("PGlite is closed");
  });

  it("leaves other statements to PGlite", async () => {
    const own = await PGlite.create();
    try {
      const client = cachePgliteStatements(own);
      await client.query("create table t (x int)");
      await client.query("insert into t values ($1)", [7]);
      expect((await client.query("select x from t")).rows).toEqual([{ x: 7 }]);
      const { rows } = await own.query("select statement from pg_prepared_statements order by statement");
      expect(rows).toHaveLength(2);
    } finally {
      await own.close();
    }
  });
});
