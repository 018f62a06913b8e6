// Outbox benchmark: `node_modules/.bin/node bench/outbox.ts`.
//
// The app's embedded PostgreSQL server (openDatabase in a temporary DATA_DIR, stopped at the end), a local SMTP
// server (smtp-server, in this process, accepting everything) and one outbox worker as the app starts it
// (services.server.ts: batches of 10, a pool of 3 SMTP connections, woken by the database's notification):
//   throughput  BENCH_OUTBOX_MESSAGES (2000) messages queued in one statement; messages per second from the
//               insert until the SMTP server holds all of them and every row is marked sent
//   delay       messages queued one at a time, BENCH_OUTBOX_RATE (20) a second for BENCH_OUTBOX_SECONDS (15),
//               with the worker idle between them: the time from the start of the enqueue to the SMTP server
//               keeping the message (p50, p95, max)
//   notification status updates (addStatusUpdate, as the admin's form makes them), BENCH_NOTIFY_RATE (5) a
//               second for BENCH_NOTIFY_SECONDS (20), each to its own shipment (outside the 2-minute grouping
//               window), with the app's services as it starts them (assembleServices: the notification
//               scheduler woken by the database, the outbox worker): the time from the start of the update to
//               the SMTP server keeping the consignee's message (p50, p95, max; target p95 <= 5 s)
// Writes the 'Outbox' section of docs/benchmarks.md (BENCH_NO_WRITE=1: print only).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { migrateDatabase, openDatabase } from "#app/server/db/client.server.ts";
import { consignees, outbox, shipments } from "#app/server/db/schema.ts";
import { createEmailChannel } from "#app/server/messaging/email-channel.server.ts";
import { createMessageId, enqueueMessage } from "#app/server/messaging/outbox.server.ts";
import { createOutboxWorker } from "#app/server/messaging/outbox-worker.server.ts";
import { loadConfig } from "#app/server/platform/config.server.ts";
import { startEventBus } from "#app/server/platform/events.server.ts";
import { createLogger } from "#app/server/platform/logger.server.ts";
import { assembleServices } from "#app/server/services.server.ts";
import { setNotificationsEnabled } from "#app/server/settings/notification-settings.server.ts";
import { addStatusUpdate } from "#app/server/shipments/shipments.server.ts";
import { startSmtpTestServer } from "#tests/setup/smtp-test-server.ts";
import {
  environmentLines,
  loadAverage,
  percentile,
  round,
  shouldWrite,
  sleep,
  writeSection,
} from "./lib/report.ts";
import { removeDataDir } from "./lib/server-processes.ts";

const MESSAGES = Number(process.env.BENCH_OUTBOX_MESSAGES ?? 2000);
const RATE = Number(process.env.BENCH_OUTBOX_RATE ?? 20);
const SECONDS = Number(process.env.BENCH_OUTBOX_SECONDS ?? 15);
const NOTIFY_RATE = Number(process.env.BENCH_NOTIFY_RATE ?? 5);
const NOTIFY_SECONDS = Number(process.env.BENCH_NOTIFY_SECONDS ?? 20);

const loadBefore = loadAverage();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "freight-bench-outbox-"));
const logger = createLogger("warn");
const smtp = await startSmtpTestServer();
let throughput = 0;
let throughputSeconds = 0;
let delays: number[] = [];
let notifyDelays: number[] = [];
try {
  const database = await openDatabase({ dataDir, timeoutMs: 60_000 });
  await migrateDatabase(database);
  const events = await startEventBus({ database, logger });
  const worker = createOutboxWorker({
    db: database.db,
    adapters: [createEmailChannel({ smtpUrl: smtp.url, from: async () => "bench@example.com" })],
    logger,
    events,
  });
  let closed = false;
  try {
    const { db } = database;
    // Warm-up: the first message loads nodemailer and opens the pool.
    await enqueueMessage({
      db,
      message: { channel: "email", to: "warm@example.com", subject: "Warm-up", text: "." },
      siteHost: "bench.example.com",
      config: { SMTP_URL: smtp.url, SMS_ALLOWED_COUNTRIES: [] },
    });
    await smtp.waitForCount(1);

    console.log(`Throughput: ${MESSAGES} messages queued at once`);
    const started = performance.now();
    await db.insert(outbox).values(
      Array.from({ length: MESSAGES }, (_, i) => ({
        channel: "email" as const,
        to: `customer${i}@example.com`,
        subject: `Shipment UTG-${i}`,
        text: `Your cargo ${i} has arrived in Monrovia.`,
        messageId: createMessageId("bench.example.com"),
      })),
    );
    await smtp.waitForCount(1 + MESSAGES);
    const sent = async () =>
      (await db.select({ n: count() }).from(outbox).where(eq(outbox.status, "sent")))[0]!.n;
    while ((await sent()) < 1 + MESSAGES) await sleep(10);
    throughputSeconds = (performance.now() - started) / 1000;
    throughput = MESSAGES / throughputSeconds;
    console.log(`${round(throughput)} messages/s (${round(throughputSeconds, 2)} s)`);

    console.log(`Delay: ${RATE} messages/s for ${SECONDS} s`);
    const queuedAt = new Map<string, number>();
    const total = RATE * SECONDS;
    const before = smtp.received.length;
    const t0 = performance.now();
    for (let i = 0; i < total; i++) {
      const due = t0 + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const at = performance.now();
      const queued = await enqueueMessage({
        config: { SMTP_URL: smtp.url, SMS_ALLOWED_COUNTRIES: [] },
        db,
        message: {
          channel: "email",
          to: `late${i}@example.com`,
          subject: "Arrived",
          text: "Your cargo arrived.",
        },
        siteHost: "bench.example.com",
      });
      if (!queued.ok) throw new Error(queued.reason);
      queuedAt.set(queued.messageId, at);
    }
    await smtp.waitForCount(before + total);
    delays = smtp.received
      .slice(before)
      .map((mail) => mail.receivedAt - queuedAt.get(mail.messageId!)!)
      .sort((a, b) => a - b);

    // The app's own services on the same database: the scheduler and a worker as the app starts them.
    await worker.stop();
    await events.close();
    closed = true;
    notifyDelays = await measureNotificationDelay(database);
  } finally {
    if (!closed) {
      await worker.stop();
      await events.close();
      await database.close();
    }
  }
} finally {
  await smtp.close();
  await removeDataDir(dataDir);
}

/**
 * Status update → consignee's message at the SMTP server, through the app's services (which close the
 * database when they stop).
 */
async function measureNotificationDelay(database: Awaited<ReturnType<typeof openDatabase>>) {
  const services = await assembleServices({
    config: loadConfig({ NODE_ENV: "production", SMTP_URL: smtp.url, SITE_URL: "https://bench.example.com" }),
    logger,
    database,
    health: { timeoutMs: 2000, intervalMs: 60_000 },
  });
  try {
    const { db } = services;
    await setNotificationsEnabled({ db, enabled: true });
    const total = NOTIFY_RATE * NOTIFY_SECONDS;
    console.log(`Notification delay: ${NOTIFY_RATE} status updates/s for ${NOTIFY_SECONDS} s`);
    const ids: string[] = [];
    for (let i = 0; i < total; i++) {
      const [consignee] = await db
        .insert(consignees)
        .values({ name: `Consignee ${i}`, email: `consignee${i}@example.com` })
        .returning({ id: consignees.id });
      const [shipment] = await db
        .insert(shipments)
        .values({
          trackingNumber: `UTG-9${String(i).padStart(3, "0")}-0000`,
          status: "In Transit",
          originLocation: "Antwerp",
          destinationLocation: "Monrovia",
          consigneeId: consignee!.id,
        })
        .returning({ id: shipments.id });
      ids.push(shipment!.id);
    }
    const startedAt = new Map<string, number>();
    const before = smtp.received.length;
    const t0 = performance.now();
    for (let i = 0; i < total; i++) {
      const due = t0 + (i * 1000) / NOTIFY_RATE;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      startedAt.set(`consignee${i}@example.com`, performance.now());
      await addStatusUpdate({
        db,
        shipmentId: ids[i]!,
        input: {
          status: "Arrived",
          location: "Port of Monrovia",
          notes: null,
          timestamp: new Date(),
          alsoSetCurrent: true,
        },
      });
    }
    await smtp.waitForCount(before + total);
    return smtp.received
      .slice(before)
      .map((mail) => mail.receivedAt - startedAt.get(mail.to[0]!)!)
      .sort((a, b) => a - b);
  } finally {
    await services.close();
  }
}

const p50 = round(percentile(delays, 50));
const p95 = round(percentile(delays, 95));
const max = round(delays.at(-1) ?? 0);
console.log(`Delay p50 ${p50} ms, p95 ${p95} ms, max ${max} ms`);
const n50 = round(percentile(notifyDelays, 50));
const n95 = round(percentile(notifyDelays, 95));
const nMax = round(notifyDelays.at(-1) ?? 0);
console.log(`Status update → SMTP p50 ${n50} ms, p95 ${n95} ms, max ${nMax} ms`);

const body = `
\`node_modules/.bin/node bench/outbox.ts\`: the durable outbox (decision 011) sending to a local SMTP server
(\`smtp-server\`, in the benchmark's process, accepting every message) from one worker as the app starts it
(batches of 10 claimed with \`FOR UPDATE SKIP LOCKED\`, a pool of 3 SMTP connections, woken by the database's
notification), on the app's embedded PostgreSQL server. Throughput: ${MESSAGES.toLocaleString("en-US")} messages queued
in one statement, timed until the SMTP server holds them all and every row is marked sent. Delay: ${(RATE * SECONDS).toLocaleString("en-US")}
messages queued one at a time, ${RATE} a second, each timed from the start of its enqueue to the SMTP server
keeping it (the worker, the SMTP server and the enqueuing share one Node.js process and the two vCPUs).
Status update → message: ${(NOTIFY_RATE * NOTIFY_SECONDS).toLocaleString("en-US")} status updates ('Arrived at Port of Monrovia', set as
current) made with \`addStatusUpdate\` as the admin's form makes them, ${NOTIFY_RATE} a second, each to its own shipment
(so none falls in another's 2-minute grouping window), with the app's services as it starts them
(\`assembleServices\`: the notification scheduler woken by the database's announcement, the outbox worker); each
timed from the start of the update to the SMTP server keeping the consignee's message. Target: p95 ≤ 5 s.

${environmentLines({ loadBefore, tools: ["nodemailer", "smtp-server"] })}

| Measure | Result |
|:---|---:|
| Throughput, ${MESSAGES.toLocaleString("en-US")} queued at once | ${round(throughput)} messages/s (${round(throughputSeconds, 2)} s) |
| Enqueue → SMTP server, p50 (${RATE}/s) | ${p50} ms |
| Enqueue → SMTP server, p95 | ${p95} ms |
| Enqueue → SMTP server, max | ${max} ms |
| Status update → SMTP server, p50 (${NOTIFY_RATE}/s) | ${n50} ms |
| Status update → SMTP server, p95 (target ≤ 5,000 ms) | ${n95} ms |
| Status update → SMTP server, max | ${nMax} ms |
`;
if (shouldWrite()) {
  writeSection("Outbox", body);
  console.log("Wrote the 'Outbox' section of docs/benchmarks.md");
} else console.log(body);
process.exit(0);
