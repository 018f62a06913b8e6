import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/server/db/client.server.ts";
import { consignees, notificationLog, outbox, shipments } from "#app/server/db/schema.ts";
import { addStatusUpdate } from "#app/server/shipments/shipments.server.ts";
import { type AppInstance, killInstances, startOutboxInstance } from "#tests/setup/app-instances.ts";
import { type SmtpTestServer, startSmtpTestServer } from "#tests/setup/smtp-test-server.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

// Two app instances, each with its notification scheduler and outbox worker as the app starts them, in
// processes of their own on one database: every status update is told to its consignee exactly once, however
// the two race for the shipments' pending rows (FOR UPDATE SKIP LOCKED) and for the messages.

const SHIPMENTS = 200;

let database: Database;
let smtp: SmtpTestServer;
beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpTestServer();
});
afterAll(async () => {
  killInstances();
  await smtp?.close();
  await database?.close();
});

describe("two app instances telling one database's shipments", () => {
  it(`tell each of ${SHIPMENTS} consignees once`, async () => {
    const { db } = database;
    const ids: string[] = [];
    for (let i = 0; i < SHIPMENTS; i++) {
      const [consignee] = await db
        .insert(consignees)
        .values({ name: `Consignee ${i}`, email: `consignee${i}@example.com` })
        .returning({ id: consignees.id });
      const [shipment] = await db
        .insert(shipments)
        .values({
          trackingNumber: `UTG-7${String(i).padStart(3, "0")}-0000`,
          status: "In Transit",
          originLocation: "Antwerp",
          destinationLocation: "Monrovia",
          consigneeId: consignee!.id,
        })
        .returning({ id: shipments.id });
      ids.push(shipment!.id);
    }
    let instances: AppInstance[] = [];
    try {
      instances = await Promise.all(
        [1, 2].map(() =>
          startOutboxInstance({ databaseUrl: database.url, smtpUrl: smtp.url, notifications: true }),
        ),
      );
      // Each update announces itself; both schedulers wake for every one of them.
      for (const shipmentId of ids) {
        await addStatusUpdate({
          db,
          shipmentId,
          input: {
            status: "Arrived",
            location: "Port of Monrovia",
            notes: null,
            timestamp: new Date(),
            alsoSetCurrent: true,
          },
        });
      }
      await smtp.waitForCount(SHIPMENTS);
      const unsent = async () =>
        (await db.select({ n: count() }).from(outbox).where(eq(outbox.status, "queued")))[0]!.n;
      while ((await unsent()) > 0) await new Promise((resolve) => setTimeout(resolve, 50));
      // A moment longer: a duplicate would arrive now.
      await new Promise((resolve) => setTimeout(resolve, 1500));
    } finally {
      const counts = await Promise.all(instances.map((instance) => instance.stop()));
      expect(counts.reduce((sum, c) => sum + c.sent, 0)).toBe(SHIPMENTS);
    }

    expect(smtp.received).toHaveLength(SHIPMENTS);
    const recipients = smtp.received.flatMap((mail) => mail.to).sort();
    expect(new Set(recipients).size).toBe(SHIPMENTS);
    const [logged] = await db.select({ n: count() }).from(notificationLog);
    expect(logged!.n).toBe(SHIPMENTS);
  }, 180_000);
});
