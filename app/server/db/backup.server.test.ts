// Backup and restore round trips on the run's PostgreSQL: one gzip file that leaves out sessions, tokens, rate
// limits and the outbox; restored row for row into an empty database; refused (changing nothing) into a database
// that holds data, from a newer schema, or from a damaged file; and a file of an older schema migrated after
// loading. The site's fixture is in backup.test-support.ts; the npm commands in backup-commands.server.test.ts.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getMediaFile } from "#app/server/blog/media.server.ts";
import {
  BackupError,
  type BackupSummary,
  restoreBackup,
  TABLES_LEFT_OUT,
  writeBackup,
} from "#app/server/db/backup.server.ts";
import {
  APP_TABLES,
  expectSameContent,
  fillSite,
  png,
  snapshot,
} from "#app/server/db/backup.test-support.ts";
import { type Database, migrateDatabase, migrationsFolder } from "#app/server/db/client.server.ts";
import { seedDemoContent } from "#app/server/seed.server.ts";
import { getSiteSettings } from "#app/server/settings/settings.server.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"));
const MIGRATIONS = journal.entries.length as number;

let dir: string;
const opened: Database[] = [];
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "backup-test-"));
});
afterAll(async () => {
  for (const database of opened) await database.close().catch(() => {});
  fs.rmSync(dir, { recursive: true, force: true });
});

async function testDatabase() {
  const database = await createTestDatabase();
  opened.push(database);
  return database;
}

/** A database on the run's server with nothing in it, not even the migrations. */
async function unmigratedDatabase(): Promise<Database> {
  const database = await createTestDatabase({ migrated: false });
  opened.push(database);
  return database;
}

/** A database of this release with the demo content. */
async function seededDatabase(): Promise<Database> {
  const database = await testDatabase();
  await seedDemoContent({ db: database.db });
  return database;
}

/**
 * Copies every row of `from` into `to`, an older schema: only its tables and the columns it has (the code's
 * seed writes every column of this release, which an older schema lacks). Foreign keys and triggers are off
 * while copying, so tables can go in any order.
 */
async function copyContent(from: Database, to: Database) {
  const client = await to.pool.connect();
  try {
    await client.query("begin");
    await client.query("set local session_replication_role = replica");
    const columnsOf = async (
      query: (sql: string) => Promise<{ rows: { table_name: string; column_name: string }[] }>,
    ) => {
      const { rows } = await query(
        `select table_name, column_name from information_schema.columns
         where table_schema = 'public' and is_generated = 'NEVER'
         order by table_name, ordinal_position`,
      );
      const byTable = new Map<string, string[]>();
      for (const { table_name, column_name } of rows) {
        byTable.set(table_name, [...(byTable.get(table_name) ?? []), column_name]);
      }
      return byTable;
    };
    const older = await columnsOf((sql) => client.query(sql));
    const newer = await columnsOf((sql) => from.pool.query(sql));
    for (const [table, olderNames] of older) {
      // Columns both schemas have (a later migration may also have renamed or dropped one).
      const names = olderNames.filter((n) => newer.get(table)?.includes(n));
      if (names.length === 0) continue;
      const list = names.map((n) => `"${n}"`).join(", ");
      const { rows } = await from.pool.query(`select ${list} from "${table}"`);
      for (const row of rows) {
        const values = names.map((n) => row[n]);
        await client.query(
          `insert into "${table}" (${list}) values (${names.map((_, i) => `$${i + 1}`).join(", ")})`,
          values,
        );
      }
    }
    await client.query("commit");
  } catch (error) {
    await client.query("rollback");
    throw error;
  } finally {
    client.release();
  }
}

async function appliedMigrations(database: Database): Promise<number> {
  const { rows } = await database.pool.query(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
  );
  if (!rows[0].present) return 0;
  return (await database.pool.query("select count(*)::int as n from drizzle.__drizzle_migrations")).rows[0].n;
}

/** Rewrites a backup's first line (a file from another release). */
function rewriteHeader(file: string, output: string, change: (header: Record<string, unknown>) => void) {
  const lines = zlib.gunzipSync(fs.readFileSync(file)).toString("utf8").split("\n");
  const header = JSON.parse(lines[0]!);
  change(header);
  lines[0] = JSON.stringify(header);
  fs.writeFileSync(output, zlib.gzipSync(lines.join("\n")));
}

/** A migrations folder whose journal stops after `count` migrations (an older release). */
function olderMigrations(count: number): string {
  const folder = path.join(dir, `migrations-${count}`);
  fs.cpSync(migrationsFolder, folder, { recursive: true });
  const truncated = { ...journal, entries: journal.entries.slice(0, count) };
  fs.writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify(truncated));
  return folder;
}

describe("backup and restore", () => {
  let source: Database;
  let target: Database;
  let file: string;
  let filename: string;
  let sourceRows: Record<string, string[]>;
  let summary: BackupSummary;

  beforeAll(async () => {
    [source, target] = await Promise.all([testDatabase(), testDatabase()]);
    ({ filename } = await fillSite(source));
    sourceRows = await snapshot(source);
    file = path.join(dir, "site.ndjson.gz");
    summary = await writeBackup({ pool: source.pool, output: file });
  });

  it("writes one gzip file, mode 0600, leaving out sessions, reset tokens, rate limits and the outbox", async () => {
    for (const table of TABLES_LEFT_OUT) expect(sourceRows[table]!.length, table).toBeGreaterThan(0);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(summary.bytes).toBe(fs.statSync(file).size);
    expect(summary.leftOut.sort()).toEqual([...TABLES_LEFT_OUT].sort());
    const counts = Object.fromEntries(summary.tables.map((t) => [t.table, t.rows]));
    for (const table of APP_TABLES.filter((t) => !TABLES_LEFT_OUT.includes(t))) {
      expect(counts[table], table).toBe(sourceRows[table]!.length);
    }
    expect(summary.rows).toBe(Object.values(counts).reduce((a, b) => a + b, 0));
    // Parents come before the tables that reference them.
    const order = summary.tables.map((t) => t.table);
    expect(order.indexOf("shipments")).toBeLessThan(order.indexOf("shipment_status_history"));
    expect(order.indexOf("shippers")).toBeLessThan(order.indexOf("shipments"));
    expect(order.indexOf("cms_media")).toBeLessThan(order.indexOf("cms_media_variants"));
    // No temporary file is left beside it.
    expect(fs.readdirSync(dir).filter((name) => name.includes("partial"))).toEqual([]);

    const lines = zlib.gunzipSync(fs.readFileSync(file)).toString("utf8").trimEnd().split("\n");
    const header = JSON.parse(lines[0]!);
    expect(header).toMatchObject({ format: "unitrans-freight-backup", formatVersion: 1 });
    expect(header.migrations.count).toBe(MIGRATIONS);
    expect(JSON.parse(lines.at(-1)!).$end.rows).toEqual(counts);
  });

  it("never overwrites a file", async () => {
    const before = fs.readFileSync(file);
    await expect(writeBackup({ pool: source.pool, output: file })).rejects.toThrow(/already exists/);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });

  it("restores into an empty database: every table row for row, the media bytes identical", async () => {
    const summary = await restoreBackup({ pool: target.pool, input: file });
    expect(summary.migrations).toEqual({ backup: MIGRATIONS, now: MIGRATIONS });
    expectSameContent(sourceRows, await snapshot(target));
    const original = await getMediaFile({ db: target.db, filename });
    expect(Buffer.from(original!.data).equals(png)).toBe(true);
    const variant = await getMediaFile({ db: target.db, filename, width: 320 });
    const sourceVariant = await getMediaFile({ db: source.db, filename, width: 320 });
    expect(Buffer.from(variant!.data).equals(Buffer.from(sourceVariant!.data))).toBe(true);
    expect((await getSiteSettings({ db: target.db })).phone).toBe("+231 555 0199");
  });

  it("refuses a database that already holds data, changing nothing", async () => {
    if ((await snapshot(target)).shipments!.length === 0)
      await restoreBackup({ pool: target.pool, input: file });
    const before = await snapshot(target);
    await expect(restoreBackup({ pool: target.pool, input: file })).rejects.toThrow(
      /already holds data \(in .*shipments/,
    );
    expect(await snapshot(target)).toEqual(before);
  });

  it("refuses a file with a newer schema, changing nothing", async () => {
    const fresh = await testDatabase();
    const newer = path.join(dir, "newer.ndjson.gz");
    rewriteHeader(file, newer, (header) => {
      (header.migrations as { count: number }).count = MIGRATIONS + 1;
    });
    const before = await snapshot(fresh);
    const error = await restoreBackup({ pool: fresh.pool, input: newer }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toMatch(/newer database schema \(migration \d+; this release has \d+\)/);
    expect(await snapshot(fresh)).toEqual(before);
    expect(await appliedMigrations(fresh)).toBe(MIGRATIONS);
  });

  it("refuses a truncated, a cut-short, a garbage and a foreign file, changing nothing", async () => {
    const fresh = await unmigratedDatabase();
    const bytes = fs.readFileSync(file);
    const truncated = path.join(dir, "truncated.ndjson.gz");
    fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.9)));
    // A whole gzip stream whose text stops before the last line (a copy interrupted and re-compressed).
    const text = zlib.gunzipSync(bytes).toString("utf8").trimEnd().split("\n");
    const cutShort = path.join(dir, "cut-short.ndjson.gz");
    fs.writeFileSync(cutShort, zlib.gzipSync(`${text.slice(0, -1).join("\n")}\n`));
    const garbage = path.join(dir, "garbage.ndjson.gz");
    fs.writeFileSync(garbage, crypto.randomBytes(4096));
    const foreign = path.join(dir, "foreign.ndjson.gz");
    fs.writeFileSync(foreign, zlib.gzipSync('{"hello":"world"}\n'));
    const missing = path.join(dir, "missing.ndjson.gz");

    for (const [input, message] of [
      [truncated, /is incomplete/],
      [cutShort, /is incomplete/],
      [garbage, /is not a backup file/],
      [foreign, /is not a backup file/],
      [missing, /does not exist/],
    ] as const) {
      const error = await restoreBackup({ pool: fresh.pool, input }).catch((e: unknown) => e);
      expect(error, input).toBeInstanceOf(BackupError);
      expect((error as Error).message, input).toMatch(message);
      // Not even the schema was created: the migrations ran inside the transaction that was rolled back.
      expect(await snapshot(fresh), input).toEqual({});
      expect(await appliedMigrations(fresh), input).toBe(0);
    }
  });

  it("restores a file from an older schema: migrates to it, loads, then migrates the rest", async () => {
    const older = await unmigratedDatabase();
    await migrateDatabase(older, olderMigrations(3));
    await copyContent(await seededDatabase(), older);
    const olderFile = path.join(dir, "older.ndjson.gz");
    await writeBackup({ pool: older.pool, output: olderFile });

    // A database already set up by this release is newer than the file: refused, unchanged.
    const migrated = await testDatabase();
    await expect(restoreBackup({ pool: migrated.pool, input: olderFile })).rejects.toThrow(
      /set up by a newer schema \(migration \d+\)/,
    );
    expect(await appliedMigrations(migrated)).toBe(MIGRATIONS);

    const fresh = await unmigratedDatabase();
    const summary = await restoreBackup({ pool: fresh.pool, input: olderFile });
    expect(summary.migrations).toEqual({ backup: 3, now: MIGRATIONS });
    expect(await appliedMigrations(fresh)).toBe(MIGRATIONS);
    // Migration 5 (after the load) added shipments.tracking_key, computed from each number.
    // Migration 8 (after the load too) added message_opt_outs, empty; migration 9 the notification tables,
    // empty, and the notifications switch, off: the restored site has shipments from before notifications;
    // migration 10 the public subscribers, empty.
    const olderRows = await snapshot(older);
    // Migration 11 (after the load) added the shipments' cargo fields, all empty on the restored rows.
    const freshRows = await snapshot(fresh, [
      "shipments.tracking_key",
      ...[
        "transport_mode",
        "pieces",
        "goods_description",
        "declared_value",
        "declared_currency",
        "incoterm",
      ].map((column) => `shipments.${column}`),
      // Migration 13 (after the load) added the quotes, empty, and the columns linking requests and shipments
      // to them, all empty.
      "shipments.quote_request_id",
      "shipments.quote_id",
      "quote_requests.quote_state",
      "quote_requests.quote_expires_at",
      "quote_requests.booked_shipment_id",
      // Migration 16 (after the load) added each shipment's last update, computed from its history.
      "shipments.last_event_at",
      // Migration 24 (after the load) added each party's 'no reminders', off.
      "shippers.no_reminders",
      "consignees.no_reminders",
      // Migration 25 (after the load) added each party's 'may sign in by themselves', on.
      "shippers.self_sign_in",
      "consignees.self_sign_in",
      // Migration 26 (after the load) added the languages (decision 030), English unless a party's phone is of a
      // French-speaking country.
      "shippers.language",
      "consignees.language",
      "blog_posts.language",
      "blog_posts.translation_of",
      "contact_submissions.language",
      "notification_subscribers.language",
      "quote_requests.language",
      // Migration 31 (after the load) added the requester's company, empty.
      "quote_requests.company",
    ]);
    const switchRows = freshRows.site_settings!.filter((row) => JSON.parse(row).key === "notifications");
    expect(switchRows.map((row) => JSON.parse(row).value)).toEqual([{ enabled: false }]);
    expectSameContent(
      {
        ...olderRows,
        audit_log: [],
        delivery_note_tokens: [],
        delivery_photos: [],
        shipment_deliveries: [],
        quotes: [],
        quote_lines: [],
        outbox_attachments: [],
        shipment_imports: [],
        bulk_operations: [],
        message_opt_outs: [],
        notification_log: [],
        notification_subscribers: [],
        notification_unsubscribes: [],
        shipment_notification_recipients: [],
        shipment_notification_state: [],
        // Migration 23: invoices.
        invoices: [],
        invoice_lines: [],
        invoice_shipments: [],
        document_counters: [],
        // Migration 24: payments.
        payments: [],
        payment_allocations: [],
        invoice_events: [],
        invoice_links: [],
        mobile_money_requests: [],
        // Migration 25: customer accounts.
        customer_companies: [],
        customer_company_parties: [],
        customer_members: [],
        customer_sessions: [],
        one_time_codes: [],
        shipment_detail_grants: [],
        // Migration 28: colleagues' invitations.
        customer_invitations: [],
      },
      { ...freshRows, site_settings: freshRows.site_settings!.filter((row) => !switchRows.includes(row)) },
    );
    const keys = await fresh.pool.query(
      "select count(*)::int as n from shipments where tracking_key = upper(replace(tracking_number, '-', ''))",
    );
    expect(keys.rows[0].n).toBe(
      (await older.pool.query("select count(*)::int as n from shipments")).rows[0].n,
    );
    // Migration 16 computed every shipment's last update from its history (or its creation).
    const lastEvents = await fresh.pool.query(
      `select count(*)::int as n from shipments s
        where s.last_event_at <> greatest(s.created_at,
          (select max(h.timestamp) from shipment_status_history h where h.shipment_id = s.id))`,
    );
    expect(lastEvents.rows[0].n).toBe(0);
    // Migration 4 ran after the load.
    const { rows } = await fresh.pool.query(
      "select to_regclass('shipments_created_at_id_idx') is not null as x",
    );
    expect(rows[0].x).toBe(true);
  });
});
