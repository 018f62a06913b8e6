import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_TEMPLATES } from "#app/lib/notification-templates.ts";
import { type Database, migrateDatabase } from "#app/server/db/client.server.ts";
import { getNotificationSettings } from "#app/server/settings/notification-settings.server.ts";
import { createDatabaseBefore, createTestDatabase } from "#tests/setup/test-db.ts";

const databases: Database[] = [];
afterAll(async () => {
  for (const database of databases) await database.close();
});

describe("the notifications master switch after the upgrade (drizzle/0009)", () => {
  it("is off for a site upgraded with shipments, so its customers are not messaged before staff choose it", async () => {
    const database = await createDatabaseBefore("0009_shipment_notifications");
    databases.push(database);
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
