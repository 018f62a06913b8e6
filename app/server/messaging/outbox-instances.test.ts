import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/server/db/client.server.ts";
import { outbox } from "#app/server/db/schema.ts";
import { createMessageId } from "#app/server/messaging/outbox.server.ts";
import { killInstances, startOutboxInstance } from "#tests/setup/app-instances.ts";
import { type SmtpTestServer, startSmtpTestServer } from "#tests/setup/smtp-test-server.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

const MESSAGES = 1000;

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

describe("two app instances on one outbox", () => {
  it(`send each of ${MESSAGES} queued messages exactly once (counted at the SMTP server by Message-ID)`, async () => {
    const [first, second] = await Promise.all(
      [1, 2].map(() => startOutboxInstance({ databaseUrl: database.url, smtpUrl: smtp.url })),
    );
    const messageIds = Array.from({ length: MESSAGES }, () => createMessageId("freight.example.com"));
    // One statement: one notification wakes both instances at once, so they compete for every batch.
    await database.db.insert(outbox).values(
      messageIds.map((messageId, i) => ({
        channel: "email" as const,
        to: `customer${i}@example.com`,
        subject: `Shipment ${i}`,
        text: `Your cargo ${i}`,
        messageId,
      })),
    );
    await smtp.waitForCount(MESSAGES);
    const sentRows = async () =>
      (
        await database.db
          .select({ n: count() })
          .from(outbox)
          .where(and(eq(outbox.status, "sent")))
      )[0]!.n;
    while ((await sentRows()) < MESSAGES) await new Promise((resolve) => setTimeout(resolve, 50));
    const [a, b] = [await first!.stop(), await second!.stop()];

    const received = smtp.received.map((mail) => mail.messageId);
    expect(received).toHaveLength(MESSAGES);
    expect(new Set(received)).toEqual(new Set(messageIds));
    expect(a.sent + b.sent).toBe(MESSAGES);
    // Both instances did take part (otherwise the test would prove nothing about sharing).
    expect(a.sent).toBeGreaterThan(0);
    expect(b.sent).toBeGreaterThan(0);
    const rows = await database.db.select({ attempts: outbox.attempts }).from(outbox);
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
  }, 180_000);
});
