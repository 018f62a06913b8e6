import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/setup/test-db.ts";
import { DEFAULT_TEMPLATES } from "#app/lib/notification-templates.ts";
import { type Database, migrateDatabase, migrationsFolder } from "#app/server/db/client.server.ts";
import { getNotificationSettings } from "#app/server/notifications/notification-settings.server.ts";

const dirs: string[] = [];
const databases: Database[] = [];
afterAll(async () => {
  for (const database of databases) await database.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The migrations folder as it was before drizzle/0009 (shipment notifications). */
function migrationsBeforeNotifications(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "notification-migration-"));
  dirs.push(dir);
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"));
  const index = journal.entries.findIndex(
    (entry: { tag: string }) => entry.tag === "0009_shipment_notifications",
  );
  expect(index).toBeGreaterThan(0);
  fs.cpSync(migrationsFolder, dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, "meta/_journal.json"),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }),
  );
  return dir;
}

describe("the notifications master switch after the upgrade (drizzle/0009)", () => {
  it("is off for a site upgraded with shipments, so its customers are not messaged before staff choose it", async () => {
    const database = await createTestDatabase({ migrated: false });
    databases.push(database);
    await migrateDatabase(database, migrationsBeforeNotifications());
    await database.pool.query(
      `insert into shipments (tracking_number, status, origin_location, destination_location) values ('UTG-1111-2222', 'In Transit', 'Accra', 'Monrovia')`,
    );
    await migrateDatabase(database);
    expect(await getNotificationSettings({ db: database.db })).toMatchObject({
      enabled: false,
      senderName: "",
      replyTo: "",
      templates: DEFAULT_TEMPLATES,
    });
  });

  it("is on for a new site", async () => {
    const database = await createTestDatabase({ migrated: false });
    databases.push(database);
    await migrateDatabase(database);
    expect(await getNotificationSettings({ db: database.db })).toMatchObject({
      enabled: true,
      templates: DEFAULT_TEMPLATES,
    });
  });
});
