// One app instance's outbox worker in a process of its own (app/server/messaging/outbox-instances.test.ts and
// bench/outbox.ts run several on one database): the worker as services.server.ts starts it, woken by the
// database's notifications. Prints 'ready' once listening; on SIGTERM stops the worker and prints
// {"sent": n}, the messages the SMTP server accepted from this process. With NOTIFICATIONS=1 it also runs the
// notification scheduler (app/server/notifications/notification-instances.test.ts).
//
// Environment: DATABASE_URL, SMTP_URL, OUTBOX_POLL_MS (1000), OUTBOX_BATCH (10), NOTIFICATIONS.
import { openDatabase } from "#app/server/db/client.server.ts";
import type { ChannelAdapter } from "#app/server/messaging/channel.server.ts";
import { createEmailChannel } from "#app/server/messaging/email-channel.server.ts";
import { createOutboxWorker } from "#app/server/messaging/outbox-worker.server.ts";
import { createNotificationScheduler } from "#app/server/notifications/notification-scheduler.server.ts";
import { loadConfig } from "#app/server/platform/config.server.ts";
import { startEventBus } from "#app/server/platform/events.server.ts";
import { createLogger } from "#app/server/platform/logger.server.ts";

const databaseUrl = process.env.DATABASE_URL;
const smtpUrl = process.env.SMTP_URL;
if (!databaseUrl || !smtpUrl) throw new Error("DATABASE_URL and SMTP_URL are required");

const logger = createLogger("warn");
const database = await openDatabase({ databaseUrl, poolSize: 4 });
const events = await startEventBus({ database, logger });
const email = createEmailChannel({ smtpUrl, from: async () => "outbox@example.com" });
let sent = 0;
const counted: ChannelAdapter = {
  channel: "email",
  async send(message) {
    const result = await email.send(message);
    if (result.kind === "accepted") sent++;
    return result;
  },
  close: () => email.close?.(),
};
const worker = createOutboxWorker({
  db: database.db,
  adapters: [counted],
  logger,
  events,
  pollMs: Number(process.env.OUTBOX_POLL_MS ?? 1000),
  batchSize: Number(process.env.OUTBOX_BATCH ?? 10),
});
const scheduler = process.env.NOTIFICATIONS
  ? createNotificationScheduler({
      db: database.db,
      config: loadConfig({ NODE_ENV: "test", SMTP_URL: smtpUrl, SITE_URL: "https://freight.example.com" }),
      logger,
      events,
      pollMs: Number(process.env.OUTBOX_POLL_MS ?? 1000),
    })
  : undefined;
process.stdout.write("ready\n");

process.once("SIGTERM", async () => {
  await scheduler?.stop();
  await worker.stop();
  await events.close();
  await database.close();
  process.stdout.write(`${JSON.stringify({ sent })}\n`);
  process.exit(0);
});
