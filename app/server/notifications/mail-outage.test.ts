import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consignees, notificationLog, outbox, shipments, shippers } from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import { setNotificationsEnabled } from "#app/server/settings/notification-settings.server.ts";
import { addStatusUpdate } from "#app/server/shipments/shipments.server.ts";
import { type SmtpTestServer, startSmtpTestServer } from "#tests/setup/smtp-test-server.ts";
import { createTestServices } from "#tests/setup/test-db.ts";

// The 'Done when', last clause: the mail server stopped for ten minutes (its port closed, not a
// simulated refusal) delays the messages but loses none and duplicates none. The scheduler and the outbox
// worker run their rounds on a clock the test moves, 20 seconds a step, as their loops would.

let clock = new Date("2026-11-23T08:00:00Z");
const SITE = "https://freight.example.com";
const STEP_MS = 20_000;

let smtp: SmtpTestServer;
let services: Services;
beforeAll(async () => {
  smtp = await startSmtpTestServer();
  services = await createTestServices(
    { SMTP_URL: smtp.url, SITE_URL: SITE },
    { outbox: { now: () => clock, autostart: false }, notifications: { now: () => clock, autostart: false } },
  );
  await setNotificationsEnabled({ db: services.db, enabled: true });
});
afterAll(async () => {
  await services?.close();
  await smtp?.close();
});

/** One round of each loop, then the clock moves on. */
async function tick() {
  await services.notifications.runOnce();
  await services.outbox.runOnce();
  clock = new Date(clock.getTime() + STEP_MS);
}

async function createShipment(n: number) {
  const [shipper] = await services.db
    .insert(shippers)
    .values({ name: `Shipper ${n}`, email: `shipper${n}@example.com` })
    .returning();
  const [consignee] = await services.db
    .insert(consignees)
    .values({ name: `Consignee ${n}`, email: `consignee${n}@example.com` })
    .returning();
  const [shipment] = await services.db
    .insert(shipments)
    .values({
      trackingNumber: `UTG-4000-000${n}`,
      status: "In Transit",
      originLocation: "Antwerp",
      destinationLocation: "Monrovia",
      shipperId: shipper!.id,
      consigneeId: consignee!.id,
    })
    .returning();
  return shipment!;
}

const update = (shipmentId: string, status: string, location: string) =>
  addStatusUpdate({
    db: services.db,
    shipmentId,
    input: { status, location, notes: null, timestamp: new Date(clock), alsoSetCurrent: true },
    now: clock,
  });

describe("the mail server stopped for ten minutes", () => {
  it("delays the notifications, loses none and sends each once", async () => {
    const all = await Promise.all([1, 2, 3].map(createShipment));
    const port = smtp.port;
    await smtp.close();

    // The clerk goes on working while the mail server is down.
    for (const shipment of all) await update(shipment.id, "Arrived", "Port of Monrovia");
    const outageEnds = clock.getTime() + 10 * 60 * 1000;
    let customsCleared = false;
    while (clock.getTime() < outageEnds) {
      // Five minutes in, outside the first message's two-minute window: a second message for one shipment.
      if (!customsCleared && clock.getTime() >= outageEnds - 5 * 60 * 1000) {
        await update(all[0]!.id, "Customs Cleared", "Freeport of Monrovia");
        customsCleared = true;
      }
      await tick();
    }

    const ids = all.map((s) => s.id);
    const logged = await services.db
      .select({ outboxId: notificationLog.outboxId, address: notificationLog.address })
      .from(notificationLog)
      .where(inArray(notificationLog.shipmentId, ids));
    expect(logged).toHaveLength(8);
    const rows = () =>
      services.db
        .select({ status: outbox.status, attempts: outbox.attempts, messageId: outbox.messageId })
        .from(outbox)
        .where(
          inArray(
            outbox.id,
            logged.map((l) => l.outboxId!),
          ),
        );
    // Nothing left during the outage, nothing given up: every message is waiting for its next attempt.
    for (const row of await rows()) {
      expect(row.status).toBe("queued");
      expect(row.attempts).toBeGreaterThan(0);
    }
    expect(smtp.received).toHaveLength(0);

    // The mail server comes back where it was; the retries (exponential backoff) deliver within the hour.
    smtp = await startSmtpTestServer({ port });
    for (let i = 0; i < 180 && (await rows()).some((row) => row.status !== "sent"); i++) await tick();

    const sent = await rows();
    expect(sent.every((row) => row.status === "sent")).toBe(true);
    expect(smtp.received).toHaveLength(8);
    for (const row of sent) expect(smtp.copiesOf(row.messageId)).toBe(1);
    const subjects = (address: string) =>
      smtp.received
        .filter((mail) => mail.to.includes(address))
        .map((mail) => /^Subject: (.*)$/m.exec(mail.raw)?.[1])
        .sort();
    expect(subjects("consignee1@example.com")).toEqual([
      "UTG-4000-0001: Arrived at Port of Monrovia",
      "UTG-4000-0001: Customs Cleared at Freeport of Monrovia",
    ]);
    expect(subjects("shipper3@example.com")).toEqual(["UTG-4000-0003: Arrived at Port of Monrovia"]);

    // More rounds send nothing again.
    for (let i = 0; i < 10; i++) await tick();
    expect(smtp.received).toHaveLength(8);
    const [first] = await services.db.select().from(shipments).where(eq(shipments.id, all[0]!.id));
    expect(first!.status).toBe("Customs Cleared");
  });
});
