import { asc } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { type Database, migrateDatabase } from "#app/server/db/client.server.ts";
import { outbox } from "#app/server/db/schema.ts";
import { createDatabaseBefore } from "#tests/setup/test-db.ts";

let database: Database | undefined;
afterAll(() => database?.close());

describe("upgrading to the durable outbox (drizzle/0007)", () => {
  it("keeps earlier rows, marks sent ones 'sent' and never sends the unsent ones", async () => {
    database = await createDatabaseBefore("0007_durable_outbox");
    await database.pool.query(`
      insert into outbox ("to", subject, text, sent_at, error, created_at) values
        ('a@example.com', 'Reset', 'sent one', '2026-11-20T10:00:01Z', null, '2026-11-20T10:00:00Z'),
        ('b@example.com', 'Reset', 'failed one', null, 'connect ECONNREFUSED', '2026-11-20T11:00:00Z'),
        ('c@example.com', 'Reset', 'kept one', null, null, '2026-11-20T12:00:00Z')`);
    await migrateDatabase(database);

    const rows = await database.db.select().from(outbox).orderBy(asc(outbox.createdAt));
    expect(rows.map((row) => [row.to, row.status, row.channel])).toEqual([
      ["a@example.com", "sent", "email"],
      ["b@example.com", "expired", "email"],
      ["c@example.com", "expired", "email"],
    ]);
    expect(rows[0]!.lastError).toBeNull();
    expect(rows[1]!.lastError).toMatch(/^Not sent before the upgrade .* connect ECONNREFUSED$/);
    expect(rows[2]!.lastError).toMatch(/^Not sent before the upgrade/);
    expect(new Set(rows.map((row) => row.messageId)).size).toBe(3);
    expect(rows.every((row) => /^<[0-9a-f-]{36}@outbox\.before-upgrade\.invalid>$/.test(row.messageId))).toBe(
      true,
    );
  });
});
