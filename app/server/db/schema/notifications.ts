// Shipment notifications (app/server/notifications/, docs/decisions/013-shipment-notifications.md): who is
// told, each shipment's pending changes, the unsubscribe links, the log of messages, and the visitors who
// subscribed on the tracking page (014-public-subscriptions.md).
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, language, updatedAt } from "#app/server/db/schema/columns.ts";
import { OUTBOX_CHANNELS, outbox } from "#app/server/db/schema/messaging.ts";
import { shipments } from "#app/server/db/schema/shipments.ts";

/** Who is told about a shipment. The shipper and consignee take their e-mail and phone from their party record at send time. */
export const NOTIFICATION_ROLES = ["shipper", "consignee"] as const;
export type NotificationRole = (typeof NOTIFICATION_ROLES)[number];

/** A recipient's per-shipment switch; no row means the default (on). */
export const shipmentNotificationRecipients = pgTable(
  "shipment_notification_recipients",
  {
    id: id(),
    shipmentId: uuid("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    role: text("role", { enum: NOTIFICATION_ROLES }).notNull(),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("shipment_notification_recipients_idx").on(t.shipmentId, t.role),
    check("shipment_notification_recipients_role_check", sql`${t.role} in ('shipper', 'consignee')`),
  ],
);

/** One change waiting to be told: a step of a grouped follow-up message. */
export type PendingNotificationChange = {
  /** 'booked': the shipment was just created (told to its shipper only). */
  kind: "status" | "estimated_delivery" | "booked";
  status: string;
  location: string | null;
  notes: string | null;
  /** ISO: when it happened (a status update's event time) or was made. */
  at: string;
  /** ISO: not told before this (a status update dated in the future is told at its time). */
  notBefore: string;
  estimatedDelivery?: string | null;
};

/**
 * Per shipment: whether staff paused its notifications, and its pending notification: the changes not told
 * yet and when they are due (`due_at`; the first change at once, later ones grouped until two minutes after
 * the last message). A scheduler claims due rows with FOR UPDATE SKIP LOCKED (notification-scheduler.server.ts).
 */
export const shipmentNotificationState = pgTable(
  "shipment_notification_state",
  {
    shipmentId: uuid("shipment_id")
      .primaryKey()
      .references(() => shipments.id, { onDelete: "cascade" }),
    paused: boolean("paused").notNull().default(false),
    pending: jsonb("pending").$type<PendingNotificationChange[]>().notNull().default([]),
    dueAt: timestamp("due_at", { withTimezone: true }),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
    /** Counts the messages built for this shipment: part of each message's dedupe key. */
    batches: integer("batches").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("shipment_notification_state_due_idx").on(t.dueAt).where(sql`due_at is not null`)],
);

/**
 * An address's unsubscribe link for one shipment and channel (the token is random, 32 bytes); unsubscribed
 * once `unsubscribed_at` is set, and never messaged again for that shipment.
 */
export const notificationUnsubscribes = pgTable(
  "notification_unsubscribes",
  {
    id: id(),
    shipmentId: uuid("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: OUTBOX_CHANNELS }).notNull(),
    address: text("address").notNull(),
    token: text("token").notNull(),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("notification_unsubscribes_token_idx").on(t.token),
    uniqueIndex("notification_unsubscribes_address_idx").on(t.shipmentId, t.channel, t.address),
  ],
);

/** Every notification message: which shipment and recipient it was for; its state is its outbox row's. */
export const notificationLog = pgTable(
  "notification_log",
  {
    id: id(),
    shipmentId: uuid("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    outboxId: uuid("outbox_id")
      .notNull()
      .references(() => outbox.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    channel: text("channel", { enum: OUTBOX_CHANNELS }).notNull(),
    address: text("address").notNull(),
    /** What it told, for the staff view: 'Arrived at Port of Monrovia'. */
    summary: text("summary").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("notification_log_shipment_idx").on(t.shipmentId, t.createdAt.desc())],
);

/** The channels a visitor can subscribe with on the tracking page (decision 014). */
export const SUBSCRIBER_CHANNELS = ["email", "sms"] as const;
export type SubscriberChannel = (typeof SUBSCRIBER_CHANNELS)[number];

/**
 * A visitor who asked for a shipment's updates on its public tracking page (decision 014): an e-mail address
 * (lower-cased) confirmed by a link, or a phone (E.164) confirmed by a 6-digit code. Only the SHA-256 of the
 * link's token (or of the row id and the code) is stored. Unconfirmed rows are dead once `expires_at` passes;
 * at most 10 confirmed rows per shipment.
 */
export const notificationSubscribers = pgTable(
  "notification_subscribers",
  {
    id: id(),
    shipmentId: uuid("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: SUBSCRIBER_CHANNELS }).notNull(),
    address: text("address").notNull(),
    /** Hex SHA-256 of the e-mail link's token, or of `<id>:<code>` for a phone (kept after confirmation). */
    secretHash: text("secret_hash"),
    /** Wrong codes typed against the current code (a phone's); 5 end it. */
    attempts: integer("attempts").notNull().default(0),
    /** When the current link or code stops working (an unconfirmed row is dead after it). */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** The client address of the last request (for staff and the logs; the caps themselves are rate_limits rows). */
    clientAddress: text("client_address"),
    /** The language of the page they subscribed on: their messages go in it (decision 030). */
    language: language(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("notification_subscribers_address_idx").on(t.shipmentId, t.channel, t.address),
    uniqueIndex("notification_subscribers_secret_idx").on(t.secretHash),
    check("notification_subscribers_channel_check", sql`${t.channel} in ('email', 'sms')`),
  ],
);
