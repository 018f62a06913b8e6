// drizzle/0005_shipments_tracking_key.sql on a database that already has shipments: it fills the key,
// and it refuses (changing nothing) when two existing numbers would share one.
import path from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/server/db/client.server.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

const migrations = readMigrationFiles({
  migrationsFolder: path.resolve(import.meta.dirname, "../../../drizzle"),
});
const journal = (await import("../../../drizzle/meta/_journal.json", { with: { type: "json" } })).default;
const index = journal.entries.findIndex((entry) => entry.tag === "0005_shipments_tracking_key");

/** Runs migrations [from, to) in one transaction, as drizzle's migrator does. */
async function apply(pool: pg.Pool, from: number, to: number) {
  const client = await pool.connect();
  try {
    await client.query("begin");
    for (const migration of migrations.slice(from, to)) {
      for (const statement of migration.sql) if (statement.trim()) await client.query(statement);
    }
    await client.query("commit");
  } catch (error) {
    await client.query("rollback");
    throw error;
  } finally {
    client.release();
  }
}

async function insert(pool: pg.Pool, trackingNumber: string) {
  await pool.query(
    `insert into shipments (tracking_number, status, origin_location, destination_location)
     values ($1, 'Pending', 'Shanghai', 'Monrovia')`,
    [trackingNumber],
  );
}

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase({ migrated: false });
});
afterAll(() => database.close());

describe("the tracking-key migration", () => {
  it("is the migration the test means", () => {
    expect(index).toBeGreaterThan(0);
    expect(migrations).toHaveLength(journal.entries.length);
  });

  it("refuses to guess when existing numbers share a key, lists them, and changes nothing; then fills the keys", async () => {
    const { pool } = database;
    await apply(pool, 0, index);
    await insert(pool, "UTG-1234-5678");
    await insert(pool, "UTG12-345678");
    await insert(pool, "ABC-1");

    const failure = apply(pool, index, index + 1);
    await expect(failure).rejects.toThrow(/UTG-1234-5678, UTG12-345678 \(key UTG12345678\)/);
    await expect(failure).rejects.toThrow(/Rename all but one tracking number in each group/);
    await expect(failure).rejects.not.toThrow(/ABC-1/);
    const columns = await pool.query(
      "select 1 from information_schema.columns where table_name = 'shipments' and column_name = 'tracking_key'",
    );
    expect(columns.rowCount).toBe(0);

    // Renamed, it runs: every existing row gets its key, and the key is unique from then on.
    await pool.query(
      "update shipments set tracking_number = 'UTG-1234-5679' where tracking_number = 'UTG12-345678'",
    );
    await apply(pool, index, migrations.length);
    const { rows } = await pool.query("select tracking_number, tracking_key from shipments order by 1");
    expect(rows).toEqual([
      { tracking_number: "ABC-1", tracking_key: "ABC1" },
      { tracking_number: "UTG-1234-5678", tracking_key: "UTG12345678" },
      { tracking_number: "UTG-1234-5679", tracking_key: "UTG12345679" },
    ]);
    await expect(insert(pool, "utg 1234 5678")).rejects.toThrow(/shipments_tracking_key_idx/);
  });
});
