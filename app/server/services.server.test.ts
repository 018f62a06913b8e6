import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "#app/server/db/client.server.ts";
import { outbox } from "#app/server/db/schema.ts";
import { enqueueMessage } from "#app/server/messaging/outbox.server.ts";
import { loadConfig } from "#app/server/platform/config.server.ts";
import { createLogger } from "#app/server/platform/logger.server.ts";
import { assembleServices, type Services } from "#app/server/services.server.ts";
import { type SmtpTestServer, startSmtpTestServer } from "#tests/setup/smtp-test-server.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

let database: Database;
let smtp: SmtpTestServer;
const started: Services[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpTestServer();
});
afterAll(async () => {
  for (const services of started) await services.close();
  await smtp?.close();
  await database?.close();
});

/** An app instance's services on the test database, as one worker of a cluster builds them. */
async function startInstance(backgroundJobs: boolean): Promise<Services> {
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    SEED_DEMO: "false",
    SMTP_URL: smtp.url,
  });
  const services = await assembleServices({
    config,
    logger: createLogger("silent"),
    database: await openDatabase({ databaseUrl: database.url, poolSize: 2 }),
    health: { timeoutMs: 2000, intervalMs: 60_000 },
    outbox: { pollMs: 100 },
    notifications: { pollMs: 100 },
    backgroundJobs,
  });
  started.push(services);
  return services;
}

describe("assembleServices({ backgroundJobs })", () => {
  it("an instance without the background jobs sends nothing; the one with them sends the queued mail", async () => {
    await startInstance(false);
    const queued = await enqueueMessage({
      db: database.db,
      message: { channel: "email", to: "cluster@example.com", subject: "Once", text: "One copy." },
      siteHost: "freight.example.com",
      config: { SMTP_URL: smtp.url, SMS_ALLOWED_COUNTRIES: [] },
    });
    expect(queued.ok).toBe(true);
    // Its announcement and ten of its polls pass: nobody sends.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(smtp.received).toHaveLength(0);
    const [row] = await database.db.select({ status: outbox.status }).from(outbox);
    expect(row?.status).toBe("queued");

    await startInstance(true);
    await smtp.waitForCount(1);
    expect(smtp.received.map((mail) => mail.to)).toEqual([["cluster@example.com"]]);
    for (let i = 0; i < 100; i++) {
      const [sent] = await database.db
        .select({ status: outbox.status })
        .from(outbox)
        .where(eq(outbox.status, "sent"));
      if (sent) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("the message was not marked sent");
  }, 30_000);
});
