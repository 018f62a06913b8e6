import { type ChildProcess, spawn } from "node:child_process";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpTestServer, type SmtpTestServer } from "../../../tests/setup/smtp-test-server.ts";
import { createTestDatabase } from "../../../tests/setup/test-db.ts";
import type { Database } from "#app/server/db/client.server.ts";
import { outbox } from "#app/server/db/schema.ts";
import { createMessageId } from "#app/server/messaging/outbox.server.ts";

const MESSAGES = 1000;

let database: Database;
let smtp: SmtpTestServer;
const instances: ChildProcess[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpTestServer();
});
afterAll(async () => {
  for (const child of instances) if (child.exitCode === null) child.kill("SIGKILL");
  await smtp?.close();
  await database?.close();
});

/** An outbox worker in a process of its own (tests/setup/outbox-instance.ts); resolves once it listens. */
function startInstance(): Promise<{ stop(): Promise<{ sent: number }> }> {
  const child = spawn(process.execPath, ["tests/setup/outbox-instance.ts"], {
    env: { ...process.env, DATABASE_URL: database.url, SMTP_URL: smtp.url, OUTBOX_POLL_MS: "500" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  instances.push(child);
  let output = "";
  const lines: ((line: string) => void)[] = [];
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
    let end = output.indexOf("\n");
    while (end >= 0) {
      const line = output.slice(0, end);
      output = output.slice(end + 1);
      for (const listener of lines) listener(line);
      end = output.indexOf("\n");
    }
  });
  const nextLine = () =>
    new Promise<string>((resolve, reject) => {
      const listener = (line: string) => {
        lines.splice(lines.indexOf(listener), 1);
        resolve(line);
      };
      lines.push(listener);
      child.once("exit", (code) => reject(new Error(`The outbox instance exited (${code})`)));
    });
  return nextLine().then((ready) => {
    expect(ready).toBe("ready");
    return {
      async stop() {
        const last = nextLine();
        child.kill("SIGTERM");
        return JSON.parse(await last) as { sent: number };
      },
    };
  });
}

describe("two app instances on one outbox", () => {
  it(`send each of ${MESSAGES} queued messages exactly once (counted at the SMTP server by Message-ID)`, async () => {
    const [first, second] = await Promise.all([startInstance(), startInstance()]);
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
    const [a, b] = [await first.stop(), await second.stop()];

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
