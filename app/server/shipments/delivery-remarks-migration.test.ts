import { afterAll, describe, expect, it } from "vitest";
import { type Database, migrateDatabase } from "#app/server/db/client.server.ts";
import { createDatabaseBefore } from "#tests/setup/test-db.ts";

let database: Database | undefined;
afterAll(() => database?.close());

describe("a delivery's note after the upgrade (drizzle/0020)", () => {
  it("stays staff's internal note (the form said 'Staff only'), so no delivery note prints it", async () => {
    database = await createDatabaseBefore("0020_delivery_remarks");
    const {
      rows: [shipment],
    } = await database.pool.query(
      `insert into shipments (tracking_number, status, origin_location, destination_location) values ('UTG-1111-2222', 'Delivered', 'Accra', 'Monrovia') returning id`,
    );
    await database.pool.query(
      `insert into shipment_deliveries (shipment_id, draft_id, receiver_name, delivered_at, note) values ($1, gen_random_uuid(), 'Jane Doe', now(), 'Staff only: paid cash')`,
      [shipment.id],
    );
    await migrateDatabase(database);
    const { rows } = await database.pool.query(
      "select internal_note, receiver_remarks from shipment_deliveries",
    );
    expect(rows).toEqual([{ internal_note: "Staff only: paid cash", receiver_remarks: null }]);
  });
});
