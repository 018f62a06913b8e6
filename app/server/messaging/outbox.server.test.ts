import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { outbox, outboxAttachments } from "#app/server/db/schema.ts";
import { queueMail } from "#app/server/messaging/mail.server.ts";
import {
  claimMessages,
  enqueueMessage,
  LEASE_MS,
  RETRY_FOR_MS,
  recordSendResult,
  retryDelayMs,
} from "#app/server/messaging/outbox.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { getSiteSettings, updateSiteSettings } from "#app/server/settings/settings.server.ts";
import { type SmtpTestServer, startSmtpTestServer } from "#tests/setup/smtp-test-server.ts";
import { createTestServices } from "#tests/setup/test-db.ts";

// Every decision of the worker (due, backoff, expiry, lease) reads this clock; the tests move it.
let clock = new Date("2026-11-23T10:00:00Z");
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

let smtp: SmtpTestServer;
let services: Services;
beforeAll(async () => {
  smtp = await startSmtpTestServer();
  services = await createTestServices(
    { SMTP_URL: smtp.url, SITE_URL: "https://freight.example.com" },
    { outbox: { now: () => clock, autostart: false } },
  );
});
afterAll(async () => {
  await services?.close();
  await smtp?.close();
});
beforeEach(async () => {
  smtp.behave("accept");
  smtp.received.length = 0;
  await services.db.delete(outbox);
});
afterEach(() => smtp.behave("accept"));

const queue = async (overrides: { to?: string; expiresAt?: Date } = {}) => {
  const result = await queueMail({
    db: services.db,
    config: services.config,
    logger: services.logger,
    mail: { to: overrides.to ?? "ops@example.com", subject: "Your cargo", text: "Line one\nLine two" },
    expiresAt: overrides.expiresAt,
    now: clock,
  });
  if (!result.ok) throw new Error(`The outbox refused the test mail: ${result.reason}`);
  return result;
};
const rowOf = async (id: string) => (await services.db.select().from(outbox).where(eq(outbox.id, id)))[0]!;

describe("the outbox worker with a real SMTP server", () => {
  it("sends a queued message with its stable Message-ID, from the site's e-mail, and records it as sent", async () => {
    const { id, messageId, queued } = await queue();
    expect(queued).toBe(true);
    expect(messageId).toMatch(/^<[0-9a-f-]{36}@freight\.example\.com>$/);
    expect((await rowOf(id)).status).toBe("queued");

    expect(await services.outbox.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.messageId).toBe(messageId);
    const settings = await getSiteSettings({ db: services.db });
    expect(mail!.from).toBe(settings.email);
    expect(mail!.to).toEqual(["ops@example.com"]);
    expect(mail!.raw).toMatch(new RegExp(`^From: "?${settings.companyName}"? <${settings.email}>`, "m"));
    expect(mail!.raw).toMatch(/^Subject: Your cargo$/m);
    expect(mail!.raw).toMatch(/^Date: Mon, 23 Nov 2026 10:00:00 \+0000$/m);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: "sent", attempts: 1, lockedUntil: null, lastError: null });
    expect(row.sentAt).toEqual(clock);
    expect(row.providerMessageId).toMatch(/^250/);
    // Nothing left to do.
    expect(await services.outbox.runOnce()).toMatchObject({ claimed: 0 });
  });

  it("follows a change of the site's e-mail in the settings", async () => {
    const settings = await getSiteSettings({ db: services.db });
    await updateSiteSettings({
      db: services.db,
      settings: { ...settings, email: "desk@freight.example.com" },
    });
    services.siteSettings.invalidate();
    try {
      await queue();
      await services.outbox.drain();
      expect(smtp.received[0]!.from).toBe("desk@freight.example.com");
    } finally {
      await updateSiteSettings({ db: services.db, settings });
      services.siteSettings.invalidate();
    }
  });

  it("retries a refused message with exponential backoff, then delivers one copy with the same Message-ID", async () => {
    const { id, messageId } = await queue();
    smtp.behave("refuse-transient", 3);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await services.outbox.runOnce()).toMatchObject({ claimed: 1, retried: 1 });
      const row = await rowOf(id);
      expect(row).toMatchObject({ status: "queued", attempts: attempt });
      expect(row.lastError).toMatch(/451/);
      waits.push(row.nextAttemptAt.getTime() - clock.getTime());
      // Not due a moment before its time.
      advance(waits.at(-1)! - 1);
      expect(await services.outbox.runOnce()).toMatchObject({ claimed: 0 });
      advance(1);
    }
    expect(waits).toEqual([30_000, 60_000, 120_000]);
    expect(await services.outbox.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect(smtp.received.map((mail) => mail.messageId)).toEqual([messageId]);
    expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 4, lastError: null });
  });

  it("keeps retrying while the server refuses connections, and delivers once it takes them again", async () => {
    const { id, messageId } = await queue();
    smtp.behave("refuse-connection");
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect(await services.outbox.runOnce()).toMatchObject({ claimed: 1, retried: 1 });
      advance(retryDelayMs(attempt));
    }
    expect((await rowOf(id)).lastError).toMatch(/421|Service not available/);
    smtp.behave("accept");
    expect(await services.outbox.runOnce()).toMatchObject({ sent: 1 });
    expect(smtp.copiesOf(messageId)).toBe(1);
  });

  it("survives a restart: a message that failed under one worker is sent by the next", async () => {
    const { id, messageId } = await queue();
    smtp.behave("refuse-transient", 1);
    expect(await services.outbox.runOnce()).toMatchObject({ retried: 1 });
    // A new set of services (a restarted app) on the same database.
    const { createOutboxWorker } = await import("#app/server/messaging/outbox-worker.server.ts");
    const { createEmailChannel } = await import("#app/server/messaging/email-channel.server.ts");
    const restarted = createOutboxWorker({
      db: services.db,
      adapters: [createEmailChannel({ smtpUrl: smtp.url, from: async () => "restarted@example.com" })],
      logger: services.logger,
      now: () => clock,
      autostart: false,
    });
    advance(retryDelayMs(1));
    expect(await restarted.runOnce()).toMatchObject({ sent: 1 });
    await restarted.stop();
    expect(smtp.copiesOf(messageId)).toBe(1);
    expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("connection dropped before the server accepted: retried, and exactly one copy arrives", async () => {
    const { id, messageId } = await queue();
    smtp.behave("drop-before-accept", 1);
    expect(await services.outbox.runOnce()).toMatchObject({ retried: 1 });
    expect(smtp.received).toHaveLength(0);
    advance(retryDelayMs(1));
    expect(await services.outbox.runOnce()).toMatchObject({ sent: 1 });
    expect(smtp.copiesOf(messageId)).toBe(1);
    expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("connection dropped after the server accepted: the one stated window, resent as the same message (same Message-ID)", async () => {
    // Decision 011: the server kept the message but its 250 never arrived, so the worker cannot know it was
    // accepted and sends it again. The copies carry one Message-ID (and Date), so they are one message to a
    // mail client or a deduplicating relay.
    const { id, messageId } = await queue();
    smtp.behave("drop-after-accept", 1);
    expect(await services.outbox.runOnce()).toMatchObject({ retried: 1 });
    expect(smtp.copiesOf(messageId)).toBe(1);
    expect((await rowOf(id)).status).toBe("queued");
    advance(retryDelayMs(1));
    expect(await services.outbox.runOnce()).toMatchObject({ sent: 1 });
    expect(smtp.copiesOf(messageId)).toBe(2);
    const [first, second] = smtp.received;
    expect(second!.raw).toBe(first!.raw);
    expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("does not retry a message the server refuses for good", async () => {
    const { id } = await queue();
    smtp.behave("refuse-permanent", 1);
    expect(await services.outbox.runOnce()).toMatchObject({ claimed: 1, failed: 1 });
    advance(RETRY_FOR_MS);
    expect(await services.outbox.runOnce()).toMatchObject({ claimed: 0 });
    expect(smtp.received).toHaveLength(0);
    expect(await rowOf(id)).toMatchObject({ status: "failed", attempts: 1 });
    expect((await rowOf(id)).lastError).toMatch(/554/);
  });

  it("retries for 24 hours, then gives up", async () => {
    const { id } = await queue();
    const queuedAt = clock.getTime();
    smtp.behave("refuse-transient");
    const attemptsAt: number[] = [];
    for (;;) {
      const round = await services.outbox.runOnce();
      expect(round.claimed).toBe(1);
      attemptsAt.push(clock.getTime() - queuedAt);
      const row = await rowOf(id);
      if (row.status === "failed") break;
      expect(row.status).toBe("queued");
      clock = row.nextAttemptAt;
    }
    expect(attemptsAt.at(-1)).toBeGreaterThanOrEqual(RETRY_FOR_MS);
    expect(attemptsAt.at(-2)).toBeLessThan(RETRY_FOR_MS);
    // 30 s, 1, 2, 4, 8, 16, 32 min, then hourly.
    expect(attemptsAt.slice(0, 4)).toEqual([0, 30_000, 90_000, 210_000]);
    expect(attemptsAt.length).toBeGreaterThan(24);
    smtp.behave("accept");
    advance(RETRY_FOR_MS);
    expect(await services.outbox.runOnce()).toMatchObject({ claimed: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  it("does not send a message still queued when it expires (a password-reset mail past its link's expiry)", async () => {
    const { id } = await queue({ expiresAt: new Date(clock.getTime() + 30 * 60 * 1000) });
    smtp.behave("refuse-transient");
    let round = await services.outbox.runOnce();
    while ((await rowOf(id)).status === "queued") {
      clock = (await rowOf(id)).nextAttemptAt;
      round = await services.outbox.runOnce();
    }
    smtp.behave("accept");
    expect(round.expired).toBe(1);
    expect(await rowOf(id)).toMatchObject({ status: "expired" });
    expect(clock.getTime()).toBeGreaterThanOrEqual((await rowOf(id)).expiresAt!.getTime());
    advance(RETRY_FOR_MS);
    expect(await services.outbox.runOnce()).toMatchObject({ claimed: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  it("retakes the claim of a worker that died mid-send only after its lease, and ignores that worker's late answer", async () => {
    const { id, messageId } = await queue();
    const [claimed] = await claimMessages({ db: services.db, channels: ["email"], now: clock, limit: 10 });
    expect(claimed).toMatchObject({ id, status: "sending", attempts: 1 });
    // The claimer 'dies'. Until its lease lapses, no one else takes the message.
    advance(LEASE_MS - 1);
    expect(await services.outbox.runOnce()).toMatchObject({ claimed: 0 });
    advance(1);
    expect(await services.outbox.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 2 });
    // The first claimer wakes up with a failure: its claim is no longer current, so it changes nothing.
    const late = await recordSendResult({
      db: services.db,
      message: claimed!,
      result: { kind: "transient", reason: "late" },
      now: clock,
    });
    expect(late.recorded).toBe(false);
    expect(await rowOf(id)).toMatchObject({ status: "sent", lastError: null });
    expect(smtp.copiesOf(messageId)).toBe(1);
  });

  it("stores a message once when enqueued twice with the same dedupe key", async () => {
    const message = { channel: "email" as const, to: "ops@example.com", subject: "Once", text: "once" };
    const first = await enqueueMessage({
      db: services.db,
      config: services.config,
      message: { ...message, dedupeKey: "k-1" },
      siteHost: "h",
      // Due on the worker's clock: a message queued at today's date would not be due on its fixed date.
      now: clock,
    });
    const second = await enqueueMessage({
      db: services.db,
      config: services.config,
      message: { ...message, dedupeKey: "k-1" },
      siteHost: "h",
      now: clock,
    });
    expect(second).toEqual({ ...first, created: false });
    expect(first).toMatchObject({ ok: true, created: true });
    expect(await services.db.select().from(outbox)).toHaveLength(1);
    await services.outbox.drain();
    expect(smtp.received).toHaveLength(1);
  });

  it("refuses to queue on a channel with no provider, and stores nothing (SMS without Twilio or Africa's Talking)", async () => {
    const result = await enqueueMessage({
      db: services.db,
      config: services.config,
      message: { channel: "sms", to: "+231770123456", text: "Your cargo arrived" },
      siteHost: "freight.example.com",
      now: clock,
    });
    expect(result).toEqual({ ok: false, reason: expect.stringMatching(/^No SMS provider is configured/) });
    const whatsapp = await enqueueMessage({
      db: services.db,
      config: services.config,
      message: { channel: "whatsapp", to: "+231770123456", text: "Your cargo arrived" },
      siteHost: "freight.example.com",
      now: clock,
    });
    expect(whatsapp).toEqual({ ok: false, reason: expect.stringMatching(/Twilio, which is not configured/) });
    expect(await services.db.select().from(outbox)).toHaveLength(0);
  });
});

describe("attachments", () => {
  const pdf = new Uint8Array(Buffer.from("%PDF-1.7 a small test file"));
  const withFile = (dedupeKey: string, content = pdf) =>
    queueMail({
      db: services.db,
      config: services.config,
      logger: services.logger,
      mail: {
        to: "customer@example.com",
        subject: "Your quote",
        text: "Attached.",
        attachments: [{ filename: "Quote-Q-1-v1.pdf", contentType: "application/pdf", content }],
      },
      dedupeKey,
      now: clock,
    });
  const attachmentsOf = (outboxId: string) =>
    services.db.select().from(outboxAttachments).where(eq(outboxAttachments.outboxId, outboxId));

  it("are stored with their message once (a deduplicated enqueue adds none) and sent by the worker", async () => {
    const first = await withFile("attach-once");
    const again = await withFile("attach-once");
    if (!first.ok || !again.ok) throw new Error("refused");
    expect(again.id).toBe(first.id);
    expect(await attachmentsOf(first.id)).toHaveLength(1);
    await services.outbox.drain();
    expect(smtp.received).toHaveLength(1);
    const raw = smtp.received[0]!.raw;
    expect(raw).toMatch(/Content-Type: application\/pdf; name=Quote-Q-1-v1\.pdf/);
    expect(raw).toContain(Buffer.from(pdf).toString("base64"));
    // They go with their message.
    await services.db.delete(outbox).where(eq(outbox.id, first.id));
    expect(await attachmentsOf(first.id)).toEqual([]);
  });

  it("refuse a file over 2 MB, leaving no message behind", async () => {
    await expect(withFile("attach-too-big", new Uint8Array(2 * 1024 * 1024 + 1))).rejects.toThrow();
    expect(await services.db.select().from(outbox).where(eq(outbox.dedupeKey, "attach-too-big"))).toEqual([]);
  });
});
