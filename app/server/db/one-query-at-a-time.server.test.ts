// A connection's queries one at a time (pg 9 refuses a queue), on a real database: what pg itself is asked.
import { sql } from "drizzle-orm";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Database, openDatabase } from "#app/server/db/client.server.ts";
import { sendOneQueryAtATime } from "#app/server/db/one-query-at-a-time.server.ts";
import { watchOverlaps } from "#tests/setup/query-overlaps.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** Three queries asked at once, the first one slow: what a page's loaders do with `Promise.all`. */
const askAtOnce = (db: NodePgDatabase) =>
  Promise.all([
    db.execute(sql`select pg_sleep(0.05), 1 as n`),
    db.execute(sql`select 2 as n`),
    db.execute(sql`select 1 / 0 as n`).catch(() => "refused"),
    db.execute(sql`select 4 as n`),
  ]);

it("sends a connection's queries one after the other, in the order asked, a failed one holding up none", async () => {
  const served = new pg.Client({ connectionString: database.url });
  await served.connect();
  try {
    // Without it the watch counts 3 overlaps here (and pg prints its deprecation warning).
    const watch = watchOverlaps(served);
    sendOneQueryAtATime(served);
    const answers = await askAtOnce(drizzle(served));
    expect(answers.map((answer) => (typeof answer === "string" ? answer : answer.rows[0]?.n))).toEqual([
      1,
      2,
      "refused",
      4,
    ]);
    expect(watch).toEqual({ queries: 4, overlaps: 0 });
  } finally {
    await served.end();
  }
});

it("holds every connection of the app's pool to it: a transaction's queries asked at once", async () => {
  const own = await openDatabase({ databaseUrl: database.url, poolSize: 1 });
  let watch: ReturnType<typeof watchOverlaps> | undefined;
  // Before the pool's own listener, so the watch sees what pg is asked, under the queue.
  own.pool.prependListener("connect", (client) => {
    watch = watchOverlaps(client);
  });
  try {
    const answers = await own.db.transaction(async (tx) =>
      Promise.all([tx.execute(sql`select pg_sleep(0.05), 1 as n`), tx.execute(sql`select 2 as n`)]),
    );
    expect(answers.map((answer) => answer.rows[0]?.n)).toEqual([1, 2]);
    // begin, the two queries, commit
    expect(watch).toEqual({ queries: 4, overlaps: 0 });
    // The pool's own queries (a callback) still work on it.
    expect((await own.pool.query("select 5 as n")).rows[0]?.n).toBe(5);
  } finally {
    await own.close();
  }
});
