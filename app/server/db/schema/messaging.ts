// The outbox every outgoing message goes through (docs/decisions/011-durable-outbox.md), the files attached to
// its e-mails (016-quotes-and-bookings.md) and the phone numbers that opted out of a channel
// (012-sms-whatsapp-providers.md).
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bytea, createdAt, id, updatedAt } from "#app/server/db/schema/columns.ts";

/** Every outgoing e-mail: sent through SMTP when configured, otherwise kept here and logged. */
/** Where an outgoing message goes: e-mail today; SMS and WhatsApp plug in as channel adapters (decision 011). */
export const OUTBOX_CHANNELS = ["email", "sms", "whatsapp"] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];
/**
 * queued: waiting for its next attempt; sending: claimed by a worker until `locked_until` (a lease: a crashed
 * worker's claim is retaken after it); sent: the provider accepted it; failed: refused for good, or still
 * failing 24 hours on, or reported undelivered by the provider; expired: its `expires_at` passed before it
 * left; cancelled: never to be sent (no SMTP for an e-mail: kept and logged; the recipient opted out of the
 * channel); delivered: the provider reported it reached the phone (SMS, WhatsApp).
 */
export const OUTBOX_STATUSES = [
  "queued",
  "sending",
  "sent",
  "delivered",
  "failed",
  "expired",
  "cancelled",
] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** Every outgoing message, sent by the outbox worker (app/server/messaging/, decision 011). Not backed up. */
export const outbox = pgTable(
  "outbox",
  {
    id: id(),
    channel: text("channel", { enum: OUTBOX_CHANNELS }).notNull().default("email"),
    to: text("to").notNull(),
    /** E-mail only. */
    subject: text("subject"),
    text: text("text").notNull(),
    html: text("html"),
    /** Extra e-mail headers (e.g. List-Unsubscribe). */
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    /** Stable across retries (`<uuid@site-host>`): the Message-ID header, and the idempotency key of providers that take one. */
    messageId: text("message_id").notNull(),
    status: text("status", { enum: OUTBOX_STATUSES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    /** Not sent after this (a password-reset mail expires with its link). */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    providerMessageId: text("provider_message_id"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** A caller's own key, so enqueueing the same message twice stores it once. */
    dedupeKey: text("dedupe_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("outbox_created_at_idx").on(t.createdAt.desc()),
    uniqueIndex("outbox_message_id_idx").on(t.messageId),
    uniqueIndex("outbox_dedupe_key_idx").on(t.dedupeKey),
    // Delivery callbacks find their message by the provider's id.
    index("outbox_provider_message_id_idx").on(t.providerMessageId),
    // What the workers look for: due messages and expired leases.
    index("outbox_due_idx").on(t.nextAttemptAt).where(sql`status in ('queued', 'sending')`),
    check("outbox_channel_check", sql`${t.channel} in ('email', 'sms', 'whatsapp')`),
    check(
      "outbox_status_check",
      sql`${t.status} in ('queued', 'sending', 'sent', 'delivered', 'failed', 'expired', 'cancelled')`,
    ),
  ],
);

/**
 * Files sent with an e-mail of the outbox (a quote's PDF, decision 016): made when the message is queued, in its
 * transaction, so every attempt sends the same bytes; read by the worker at send time, never with the claim.
 * They go with their message (ON DELETE CASCADE) and, like the outbox, are left out of backups.
 */
export const outboxAttachments = pgTable(
  "outbox_attachments",
  {
    id: id(),
    outboxId: uuid("outbox_id")
      .notNull()
      .references(() => outbox.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    content: bytea("content").notNull(),
  },
  (t) => [
    uniqueIndex("outbox_attachments_outbox_position_idx").on(t.outboxId, t.position),
    check("outbox_attachments_size_check", sql`octet_length(${t.content}) <= 2097152`),
  ],
);

/** The text channels a phone number can opt out of. */
export const OPT_OUT_CHANNELS = ["sms", "whatsapp"] as const;

/**
 * Phone numbers that asked to hear nothing more on a channel (a STOP reply, the provider's opt-out report,
 * or a send the provider refused because the recipient unsubscribed): transport level, every shipment
 * alike. The outbox worker cancels messages to them; a START reply deletes the row. Backed up: a restored
 * site keeps honouring every STOP.
 */
export const messageOptOuts = pgTable(
  "message_opt_outs",
  {
    channel: text("channel", { enum: OPT_OUT_CHANNELS }).notNull(),
    /** E.164. */
    address: text("address").notNull(),
    /** How we learned it: "reply" (STOP), "provider" (an opt-out report or a refused send). */
    source: text("source").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.channel, t.address] }),
    check("message_opt_outs_channel_check", sql`${t.channel} in ('sms', 'whatsapp')`),
  ],
);
