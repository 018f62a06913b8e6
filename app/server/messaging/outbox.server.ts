import crypto from "node:crypto";
import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { countryNotAllowedMessage, isPhoneAllowed, parsePhone } from "#app/lib/phone.ts";
import type { Db, DbOrTx } from "#app/server/db/client.server.ts";
import { messageOptOuts, type OutboxChannel, outbox, outboxAttachments } from "#app/server/db/schema.ts";
import type { ChannelAdapter, OutboundAttachment, SendResult } from "#app/server/messaging/channel.server.ts";
import {
  describeMessagingChannels,
  type MessagingConfig,
} from "#app/server/messaging/provider-config.server.ts";
import type { Config } from "#app/server/platform/config.server.ts";

/**
 * The durable outbox (decision 011): every outgoing message is a row, written before anyone tries to send
 * it; workers (outbox-worker.server.ts) claim due rows with FOR UPDATE SKIP LOCKED under a lease, hand them
 * to their channel's adapter and record the answer. Every time comes from the caller's clock (`now`), so
 * tests move time instead of waiting for it.
 */

export type OutboxMessage = typeof outbox.$inferSelect;

/** The adapter contract lives in channel.server.ts, one for every channel (e-mail, SMS, WhatsApp). */
export type { ChannelAdapter, SendResult };

export type NewOutboxMessage = {
  channel: OutboxChannel;
  to: string;
  subject?: string | null;
  text: string;
  html?: string | null;
  headers?: Record<string, string>;
  /** Not sent once this time has passed (a password-reset mail expires with its link). */
  expiresAt?: Date | null;
  /** The caller's idempotency key: a second enqueue with the same key stores nothing and returns the first. */
  dedupeKey?: string | null;
  /** E-mail only: files sent with it, stored with the message in one transaction (at most 2 MB each). */
  attachments?: OutboundAttachment[];
};

/** First retry after 30 s, doubling up to one hour between attempts. */
export const RETRY_BASE_MS = 30_000;
export const RETRY_MAX_DELAY_MS = 60 * 60 * 1000;
/** A message still failing this long after it was queued is given up ('failed'). */
export const RETRY_FOR_MS = 24 * 60 * 60 * 1000;
/** How long a claim lasts; a worker that dies mid-send loses its claim after it (far longer than a send may take). */
export const LEASE_MS = 5 * 60 * 1000;

/** The wait after the given number of failed attempts (1 → 30 s, 2 → 60 s, … capped at 1 h). */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_DELAY_MS);
}

/** `<uuid@site-host>`: generated once, at enqueue, and sent unchanged with every attempt. */
export function createMessageId(siteHost: string): string {
  return `<${crypto.randomUUID()}@${siteHost}>`;
}

/** What decides whether a channel can send: SMTP_URL for e-mail, the provider settings for SMS and WhatsApp. */
export type OutboxConfig = MessagingConfig & Pick<Config, "SMTP_URL">;

export type EnqueueResult =
  | {
      ok: true;
      id: string;
      messageId: string;
      status: OutboxMessage["status"];
      /** False when a message with the same dedupe key was already stored (that one is returned). */
      created: boolean;
    }
  /** Nothing was stored: the channel is off, or the recipient is not one it can reach. `reason` is for staff. */
  | { ok: false; reason: string };

/**
 * Why a channel cannot send at all on this installation (undefined when it can): no SMTP_URL for e-mail, no
 * provider for SMS, no Twilio WhatsApp sender and approved template for WhatsApp.
 */
export function channelOffReason(config: OutboxConfig, channel: OutboxChannel): string | undefined {
  if (channel === "email")
    return config.SMTP_URL ? undefined : "E-mail is off: no mail server is set up for this site.";
  const status = describeMessagingChannels(config)[channel];
  return status.available ? undefined : status.reason;
}

/**
 * Why a recipient cannot be messaged on a channel (undefined when it can): SMS and WhatsApp need an E.164
 * mobile number ("+231770123456") of a country on SMS_ALLOWED_COUNTRIES.
 */
export function recipientProblem(
  config: OutboxConfig,
  channel: OutboxChannel,
  to: string,
): string | undefined {
  if (channel === "email") return to.includes("@") ? undefined : "That is not an e-mail address.";
  if (!/^\+[1-9]\d{6,14}$/.test(to)) return "The phone number must be stored in E.164, e.g. +231770123456.";
  if (isPhoneAllowed(to, config.SMS_ALLOWED_COUNTRIES)) return undefined;
  const parsed = parsePhone(to);
  return parsed.ok ? countryNotAllowedMessage(parsed.country) : parsed.message;
}

/**
 * Stores a message for the workers. Nothing is stored that can never leave: a channel without a provider
 * (`channelOffReason`) or a recipient it cannot reach (`recipientProblem`) gives `{ ok: false, reason }`.
 * The one exception is `keepWithReason` (password-reset mails without SMTP_URL, decision 011): the message
 * is kept as 'cancelled' with that reason, never sent later. The database announces the insert
 * (drizzle/0007) and every instance's worker wakes.
 */
export async function enqueueMessage({
  db,
  config,
  message,
  siteHost,
  keepWithReason,
  now = new Date(),
}: {
  db: DbOrTx;
  config: OutboxConfig;
  message: NewOutboxMessage;
  siteHost: string;
  keepWithReason?: string;
  now?: Date;
}): Promise<EnqueueResult> {
  const refused =
    recipientProblem(config, message.channel, message.to) ??
    (keepWithReason ? undefined : channelOffReason(config, message.channel));
  if (refused) return { ok: false, reason: refused };
  const returning = { id: outbox.id, messageId: outbox.messageId, status: outbox.status };
  const attachments = message.channel === "email" ? (message.attachments ?? []) : [];
  if (attachments.length > 0) {
    // The message and its files in one transaction (a savepoint inside the caller's): no worker ever claims
    // the message without them, and a deduplicated enqueue adds none.
    return db.transaction(async (tx) => {
      const result = await enqueueMessage({
        db: tx,
        config,
        message: { ...message, attachments: [] },
        siteHost,
        keepWithReason,
        now,
      });
      if (result.ok && result.created) {
        await tx.insert(outboxAttachments).values(
          attachments.map((file, position) => ({
            outboxId: result.id,
            position,
            filename: file.filename,
            contentType: file.contentType,
            content: file.content,
          })),
        );
      }
      return result;
    });
  }
  const [row] = await db
    .insert(outbox)
    .values({
      channel: message.channel,
      to: message.to,
      subject: message.subject ?? null,
      text: message.text,
      html: message.html ?? null,
      headers: message.headers ?? {},
      messageId: createMessageId(siteHost),
      status: keepWithReason ? "cancelled" : "queued",
      lastError: keepWithReason ?? null,
      expiresAt: message.expiresAt ?? null,
      dedupeKey: message.dedupeKey ?? null,
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: outbox.dedupeKey })
    .returning(returning);
  if (row) return { ok: true, ...row, created: true };
  const [existing] = await db
    .select(returning)
    .from(outbox)
    .where(eq(outbox.dedupeKey, message.dedupeKey ?? ""));
  if (!existing) throw new Error("The outbox refused a message without a conflicting one");
  return { ok: true, ...existing, created: false };
}

/**
 * Marks queued messages whose `expires_at` has passed as expired (and those of a lost claim), so they are
 * never sent. Returns how many.
 */
export async function expireMessages({ db, now }: { db: Db; now: Date }): Promise<number> {
  const rows = await db
    .update(outbox)
    .set({ status: "expired", lockedUntil: null, updatedAt: now })
    .where(
      and(
        lte(outbox.expiresAt, now),
        or(eq(outbox.status, "queued"), and(eq(outbox.status, "sending"), lte(outbox.lockedUntil, now))),
      ),
    )
    .returning({ id: outbox.id });
  return rows.length;
}

/**
 * Claims up to `limit` due messages of the given channels for `leaseMs`: queued ones whose next attempt is
 * due, and those whose claim has lapsed (a worker died mid-send). Concurrent workers, in this process or
 * another, skip each other's locked rows, so no message is claimed twice at once. Each claim counts as an
 * attempt.
 */
export async function claimMessages({
  db,
  channels,
  now,
  limit,
  leaseMs = LEASE_MS,
}: {
  db: Db;
  channels: OutboxChannel[];
  now: Date;
  limit: number;
  leaseMs?: number;
}): Promise<OutboxMessage[]> {
  if (channels.length === 0) return [];
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        inArray(outbox.channel, channels),
        or(
          and(eq(outbox.status, "queued"), lte(outbox.nextAttemptAt, now)),
          and(eq(outbox.status, "sending"), lte(outbox.lockedUntil, now)),
        ),
        or(isNull(outbox.expiresAt), sql`${outbox.expiresAt} > ${now}`),
      ),
    )
    .orderBy(outbox.nextAttemptAt)
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(outbox)
    .set({
      status: "sending",
      lockedUntil: new Date(now.getTime() + leaseMs),
      attempts: sql`${outbox.attempts} + 1`,
      updatedAt: now,
    })
    .where(inArray(outbox.id, due))
    .returning();
}

/** The wait before the next attempt: the backoff, or longer when the provider asked (Retry-After), up to a day. */
export function nextAttemptDelayMs(attempts: number, retryAfterSeconds?: number): number {
  const asked = retryAfterSeconds === undefined ? 0 : Math.min(retryAfterSeconds * 1000, RETRY_FOR_MS);
  return Math.max(retryDelayMs(attempts), asked);
}

/**
 * Records the provider's answer to one claimed attempt: sent, queued again after the backoff (or the
 * provider's Retry-After), or failed (refused for good, or still failing RETRY_FOR_MS after it was queued);
 * `cancelled` when the worker did not send it (the recipient opted out). Only the claim that is still
 * current writes (same attempt, still 'sending'); false when the claim had lapsed and another worker took
 * the message over.
 */
export async function recordSendResult({
  db,
  message,
  result,
  now,
}: {
  db: Db;
  message: Pick<OutboxMessage, "id" | "attempts" | "createdAt">;
  result: SendResult | { kind: "cancelled"; reason: string };
  now: Date;
}): Promise<{ recorded: boolean; status: "sent" | "queued" | "failed" | "cancelled" }> {
  let values: Partial<typeof outbox.$inferInsert> & { status: "sent" | "queued" | "failed" | "cancelled" };
  if (result.kind === "accepted") {
    values = { status: "sent", sentAt: now, providerMessageId: result.providerMessageId, lastError: null };
  } else if (result.kind === "cancelled") {
    values = { status: "cancelled", lastError: result.reason.slice(0, 1000) };
  } else if (result.kind === "permanent" || now.getTime() - message.createdAt.getTime() >= RETRY_FOR_MS) {
    values = { status: "failed", lastError: result.reason.slice(0, 1000) };
  } else {
    values = {
      status: "queued",
      nextAttemptAt: new Date(now.getTime() + nextAttemptDelayMs(message.attempts, result.retryAfterSeconds)),
      lastError: result.reason.slice(0, 1000),
    };
  }
  const rows = await db
    .update(outbox)
    .set({ ...values, lockedUntil: null, updatedAt: now })
    .where(
      and(eq(outbox.id, message.id), eq(outbox.status, "sending"), eq(outbox.attempts, message.attempts)),
    )
    .returning({ id: outbox.id });
  return { recorded: rows.length === 1, status: values.status };
}

/** Why the worker must not send to this address on this channel (it opted out), or undefined. */
export async function findOptOut({
  db,
  channel,
  address,
}: {
  db: Db;
  channel: OutboxChannel;
  address: string;
}): Promise<string | undefined> {
  if (channel === "email") return undefined;
  const [row] = await db
    .select({ source: messageOptOuts.source, createdAt: messageOptOuts.createdAt })
    .from(messageOptOuts)
    .where(and(eq(messageOptOuts.channel, channel), eq(messageOptOuts.address, address)));
  if (!row) return undefined;
  return `Not sent: the recipient opted out of ${channel === "sms" ? "SMS" : "WhatsApp"} (${row.source === "reply" ? "replied STOP" : "reported by the provider"}, ${row.createdAt.toISOString()}).`;
}

/** Records that a number asked to hear nothing more on a channel (idempotent). */
export async function recordOptOut({
  db,
  channel,
  address,
  source,
  now = new Date(),
}: {
  db: Db;
  channel: "sms" | "whatsapp";
  address: string;
  source: "reply" | "provider";
  now?: Date;
}): Promise<void> {
  await db.insert(messageOptOuts).values({ channel, address, source, createdAt: now }).onConflictDoNothing();
}

/** A START reply: the number hears from us on that channel again. */
export async function removeOptOut({
  db,
  channel,
  address,
}: {
  db: Db;
  channel: "sms" | "whatsapp";
  address: string;
}): Promise<boolean> {
  const rows = await db
    .delete(messageOptOuts)
    .where(and(eq(messageOptOuts.channel, channel), eq(messageOptOuts.address, address)))
    .returning({ address: messageOptOuts.address });
  return rows.length > 0;
}

/**
 * A provider's delivery report for a message we sent, found by the provider's id (or, when given, our
 * outbox id from the callback URL): 'delivered', or 'failed' with the provider's reason. A report never
 * moves a message back (a late 'sent' after 'delivered' changes nothing). Returns the row (id, channel,
 * recipient), or undefined when no message matched.
 */
export async function recordDeliveryReport({
  db,
  providerMessageId,
  outboxId,
  status,
  reason,
  now = new Date(),
}: {
  db: Db;
  providerMessageId: string;
  outboxId?: string;
  status: "pending" | "sent" | "delivered" | "read" | "failed";
  reason?: string;
  now?: Date;
}): Promise<Pick<OutboxMessage, "id" | "channel" | "to"> | undefined> {
  const match =
    outboxId && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(outboxId)
      ? or(eq(outbox.providerMessageId, providerMessageId), eq(outbox.id, outboxId))
      : eq(outbox.providerMessageId, providerMessageId);
  const [row] = await db
    .select({ id: outbox.id, channel: outbox.channel, to: outbox.to })
    .from(outbox)
    .where(and(match, inArray(outbox.channel, ["sms", "whatsapp"])))
    .limit(1);
  if (!row) return undefined;
  if (status === "delivered" || status === "read") {
    await db
      .update(outbox)
      .set({ status: "delivered", updatedAt: now })
      .where(and(eq(outbox.id, row.id), eq(outbox.status, "sent")));
  } else if (status === "failed") {
    await db
      .update(outbox)
      .set({
        status: "failed",
        lastError: `Not delivered: ${reason ?? "the provider gave no reason"}`.slice(0, 1000),
        updatedAt: now,
      })
      .where(and(eq(outbox.id, row.id), eq(outbox.status, "sent")));
  }
  return row;
}

/** The files of an e-mail, in order (none for most messages). */
export async function listAttachments({
  db,
  outboxId,
}: {
  db: Db;
  outboxId: string;
}): Promise<OutboundAttachment[]> {
  return db
    .select({
      filename: outboxAttachments.filename,
      contentType: outboxAttachments.contentType,
      content: outboxAttachments.content,
    })
    .from(outboxAttachments)
    .where(eq(outboxAttachments.outboxId, outboxId))
    .orderBy(asc(outboxAttachments.position));
}
