import crypto from "node:crypto";
import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "#app/server/db/client.server.ts";
import { type OutboxChannel, outbox } from "#app/server/db/schema.ts";

/**
 * The durable outbox (decision 011): every outgoing message is a row, written before anyone tries to send
 * it; workers (outbox-worker.server.ts) claim due rows with FOR UPDATE SKIP LOCKED under a lease, hand them
 * to their channel's adapter and record the answer. Every time comes from the caller's clock (`now`), so
 * tests move time instead of waiting for it.
 */

export type OutboxMessage = typeof outbox.$inferSelect;

/** What a channel's provider answered. Only `accepted` marks a message sent. */
export type SendResult =
  | { outcome: "accepted"; providerMessageId: string | null }
  /** Worth trying again later (connection lost, 4xx, provider down, bad credentials being fixed). */
  | { outcome: "transient"; error: string }
  /** Will never go through (address refused, message refused): not retried. */
  | { outcome: "permanent"; error: string };

/**
 * One way out (e-mail through SMTP today; SMS and WhatsApp providers later). `send` resolves, never rejects
 * for a provider's refusal; it receives the stable `messageId` to use as the provider's idempotency key where
 * the provider has one.
 */
export type ChannelAdapter = {
  channel: OutboxChannel;
  send(message: OutboxMessage): Promise<SendResult>;
  close?(): Promise<void> | void;
};

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

/**
 * Stores a message for the workers (or, with `cancelledReason`, only keeps it: its channel has no provider,
 * so nothing is queued that can never leave). The database announces the insert (drizzle/0007) and every
 * instance's worker wakes.
 */
export async function enqueueMessage({
  db,
  message,
  siteHost,
  cancelledReason,
  now = new Date(),
}: {
  db: Db;
  message: NewOutboxMessage;
  siteHost: string;
  cancelledReason?: string;
  now?: Date;
}): Promise<{ id: string; messageId: string; status: OutboxMessage["status"]; created: boolean }> {
  const returning = { id: outbox.id, messageId: outbox.messageId, status: outbox.status };
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
      status: cancelledReason ? "cancelled" : "queued",
      lastError: cancelledReason ?? null,
      expiresAt: message.expiresAt ?? null,
      dedupeKey: message.dedupeKey ?? null,
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: outbox.dedupeKey })
    .returning(returning);
  if (row) return { ...row, created: true };
  const [existing] = await db
    .select(returning)
    .from(outbox)
    .where(eq(outbox.dedupeKey, message.dedupeKey ?? ""));
  if (!existing) throw new Error("The outbox refused a message without a conflicting one");
  return { ...existing, created: false };
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

/**
 * Records the provider's answer to one claimed attempt: sent, queued again after the backoff, or failed
 * (refused for good, or still failing RETRY_FOR_MS after it was queued). Only the claim that is still
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
  result: SendResult;
  now: Date;
}): Promise<{ recorded: boolean; status: "sent" | "queued" | "failed" }> {
  let values: Partial<typeof outbox.$inferInsert> & { status: "sent" | "queued" | "failed" };
  if (result.outcome === "accepted") {
    values = { status: "sent", sentAt: now, providerMessageId: result.providerMessageId, lastError: null };
  } else if (result.outcome === "permanent" || now.getTime() - message.createdAt.getTime() >= RETRY_FOR_MS) {
    values = { status: "failed", lastError: result.error.slice(0, 1000) };
  } else {
    values = {
      status: "queued",
      nextAttemptAt: new Date(now.getTime() + retryDelayMs(message.attempts)),
      lastError: result.error.slice(0, 1000),
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
