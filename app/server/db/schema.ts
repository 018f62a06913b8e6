// Longer than 450 lines: every table of the app in one module: drizzle-kit reads it to write the migrations,
// and the tables' foreign keys and triggers refer to each other.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { CURRENCIES, INCOTERM_CODES, TRANSPORT_MODES } from "#app/lib/freight-terms.ts";
import { STAFF_ROLES } from "#app/lib/roles.ts";

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

const id = () => uuid("id").primaryKey().defaultRandom();

/** The languages a person is written to in, and a post or a request is in (issue 30, decision 030). */
export const LANGUAGES = ["en", "fr"] as const;
/** Whom or what a message or document goes to in: English unless set. */
const language = () => text("language", { enum: LANGUAGES }).notNull().default("en");
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** One row per settings group (e.g. "site"); the value is validated by a zod schema in code. */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: updatedAt(),
});

export const quoteRequests = pgTable(
  "quote_requests",
  {
    id: id(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    /** Optional, any valid international number, stored as E.164 ('+231770123456'). */
    phone: text("phone"),
    /** The requester's firm, optional: a booking's new shipper party carries it, so its invoices go to the firm. */
    company: text("company"),
    cityDeparture: text("city_departure").notNull(),
    deliveryCity: text("delivery_city").notNull(),
    /** Null when the request did not say (the Services page's short 'Get a Quote' form asks neither). */
    parcelType: text("parcel_type"),
    weight: text("weight"),
    /** When the customer says the cargo is ready ('YYYY-MM-DD'), optional: a booking's estimated delivery counts from it. */
    readyDate: date("ready_date", { mode: "string" }),
    specialInfo: text("special_info"),
    freightTypes: text("freight_types").array().notNull(),
    isRead: boolean("is_read").notNull().default(false),
    /** A per-form-render token: a double click or a resubmitted page stores one row. */
    submissionKey: text("submission_key"),
    // The facts its stage derives from (app/lib/quote-stage.ts, decision 016), kept here by the quote functions
    // so the inbox can show and filter the stage without a join: the newest quote's state and the end of its
    // validity, and the shipment it was booked as.
    // Shipments point back at their request too: this one reference is DEFERRABLE INITIALLY DEFERRED (in the
    // migration; drizzle cannot say so), so a restore loads the two tables in one transaction in either order.
    quoteState: text("quote_state", { enum: ["draft", "sent", "accepted", "declined"] }),
    quoteExpiresAt: timestamp("quote_expires_at", { withTimezone: true }),
    bookedShipmentId: uuid("booked_shipment_id").references((): AnyPgColumn => shipments.id, {
      onDelete: "set null",
    }),
    /** The language of the page the request was sent from: its quote and messages go in it. */
    language: language(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("quote_requests_created_at_idx").on(t.createdAt.desc()),
    index("quote_requests_unread_idx").on(t.createdAt.desc()).where(sql`${t.isRead} = false`),
    uniqueIndex("quote_requests_submission_key_idx").on(t.submissionKey),
  ],
);

export const contactSubmissions = pgTable(
  "contact_submissions",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    isRead: boolean("is_read").notNull().default(false),
    submissionKey: text("submission_key"),
    /** The language of the page the message was sent from. */
    language: language(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("contact_submissions_created_at_idx").on(t.createdAt.desc()),
    index("contact_submissions_unread_idx").on(t.createdAt.desc()).where(sql`${t.isRead} = false`),
    uniqueIndex("contact_submissions_submission_key_idx").on(t.submissionKey),
  ],
);

const partyColumns = () => ({
  id: id(),
  name: text("name").notNull(),
  company: text("company"),
  email: text("email"),
  phone: text("phone"),
  address: text("address"),
  /** Invoices to this customer get no payment reminders (issue 28). */
  noReminders: boolean("no_reminders").notNull().default(false),
  /**
   * Whether the e-mail and phone on this record may ask for a sign-in code to the customer account by
   * themselves (issue 29); staff switch it off for a party whose contacts must be invited.
   */
  selfSignIn: boolean("self_sign_in").notNull().default(true),
  /**
   * The language messages and documents go to this party in (issue 30): set by staff, guessed from the phone's
   * country when the party is made (French for the French-speaking countries of West Africa).
   */
  language: language(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const shippers = pgTable("shippers", partyColumns(), (t) => [index("shippers_name_idx").on(t.name)]);
export const consignees = pgTable("consignees", partyColumns(), (t) => [
  index("consignees_name_idx").on(t.name),
]);

export const shipments = pgTable(
  "shipments",
  {
    id: id(),
    /** Stored upper-case; the canonical form the public page redirects to. */
    trackingNumber: text("tracking_number").notNull(),
    /**
     * The number's lookup key: upper case, ASCII letters and digits only (UTG-1234-5678 -> UTG12345678),
     * so "utg 1234 5678" finds it. Computed by the database, never written; the same rule as
     * trackingKey() in app/lib/tracking-number.ts (a test checks they agree). Unique: two numbers that
     * differ only in spaces, dashes, dots or case cannot both exist.
     */
    trackingKey: text("tracking_key")
      .notNull()
      .generatedAlwaysAs(sql`upper(regexp_replace(tracking_number, '[^A-Za-z0-9]', '', 'g'))`),
    status: text("status").notNull(),
    originLocation: text("origin_location").notNull(),
    destinationLocation: text("destination_location").notNull(),
    currentLocation: text("current_location"),
    estimatedDelivery: timestamp("estimated_delivery", { withTimezone: true, mode: "date" }),
    weight: numeric("weight", { precision: 12, scale: 2, mode: "number" }),
    dimensions: text("dimensions"),
    notes: text("notes"),
    // Freight documents (issue 16, decision 015), all optional: a shipment from before them has none.
    transportMode: text("transport_mode", { enum: TRANSPORT_MODES }),
    pieces: integer("pieces"),
    goodsDescription: text("goods_description"),
    declaredValue: numeric("declared_value", { precision: 14, scale: 2, mode: "number" }),
    declaredCurrency: text("declared_currency", { enum: CURRENCIES }),
    incoterm: text("incoterm", { enum: INCOTERM_CODES as [string, ...string[]] }),
    shipperId: uuid("shipper_id").references(() => shippers.id, { onDelete: "set null" }),
    consigneeId: uuid("consignee_id").references(() => consignees.id, { onDelete: "set null" }),
    // Booked from a quote request (issue 17, decision 016): one shipment per request (the unique index), so a
    // double click or a second tab books once. The quote is the accepted one it was booked from, if any.
    quoteRequestId: uuid("quote_request_id").references((): AnyPgColumn => quoteRequests.id, {
      onDelete: "set null",
    }),
    quoteId: uuid("quote_id").references((): AnyPgColumn => quotes.id, { onDelete: "set null" }),
    /**
     * The time of its newest status history entry, or its creation while it has none: what the exceptions board
     * (issue 18) reads for 'no status update for N days'. Kept by the database (a trigger on the history, in
     * drizzle/0016), never written by the app.
     */
    lastEventAt: timestamp("last_event_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The exceptions board: open shipments by their last update and by their estimated delivery, and the
    // Delayed ones (decision 018).
    index("shipments_open_last_event_idx").on(t.lastEventAt).where(sql`lower(${t.status}) <> 'delivered'`),
    index("shipments_open_eta_idx")
      .on(t.estimatedDelivery)
      .where(sql`lower(${t.status}) <> 'delivered' and ${t.estimatedDelivery} is not null`),
    index("shipments_delayed_idx").on(t.lastEventAt).where(sql`lower(${t.status}) = 'delayed'`),
    uniqueIndex("shipments_tracking_number_idx").on(t.trackingNumber),
    uniqueIndex("shipments_quote_request_idx").on(t.quoteRequestId),
    uniqueIndex("shipments_tracking_key_idx").on(t.trackingKey),
    // A number typed without its letters ('1234-5678' for UTG-1234-5678): the digits after the letters prefix
    // (getPublicShipmentByTrackingNumber; the same expressions there).
    index("shipments_tracking_digits_idx")
      .on(sql`substring(${t.trackingKey} from '^[A-Z]+([0-9]+)$')`)
      .where(sql`${t.trackingKey} ~ '^[A-Z]+[0-9]+$'`),
    // Serves the list in both orders (scanned backwards for newest first), ties broken by id.
    index("shipments_created_at_id_idx").on(t.createdAt, t.id),
    index("shipments_status_idx").on(t.status),
    index("shipments_shipper_idx").on(t.shipperId),
    index("shipments_consignee_idx").on(t.consigneeId),
    check("shipments_transport_mode_check", sql`${t.transportMode} in ('air', 'sea', 'road')`),
    check("shipments_pieces_check", sql`${t.pieces} between 1 and 10000`),
    check("shipments_declared_value_check", sql`${t.declaredValue} >= 0`),
    check(
      "shipments_declared_currency_check",
      sql`(${t.declaredValue} is null) = (${t.declaredCurrency} is null) and ${t.declaredCurrency} ~ '^[A-Z]{3}$'`,
    ),
    check("shipments_incoterm_check", sql`${t.incoterm} ~ '^[A-Z]{3}$'`),
  ],
);

export const shipmentStatusHistory = pgTable(
  "shipment_status_history",
  {
    id: id(),
    shipmentId: uuid("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    location: text("location").notNull(),
    notes: text("notes"),
    timestamp: timestamp("timestamp", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("shipment_status_history_shipment_idx").on(t.shipmentId, t.timestamp.desc())],
);

export const media = pgTable(
  "cms_media",
  {
    id: id(),
    /** Server-chosen file name used in URLs. */
    filename: text("filename").notNull(),
    originalName: text("original_name").notNull(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    alt: text("alt").notNull().default(""),
    data: bytea("data").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("cms_media_filename_idx").on(t.filename),
    index("cms_media_created_at_idx").on(t.createdAt.desc()),
  ],
);

export const mediaVariants = pgTable(
  "cms_media_variants",
  {
    mediaId: uuid("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.mediaId, t.width] })],
);

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: id(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    excerpt: text("excerpt"),
    content: text("content").notNull().default(""),
    featuredImage: text("featured_image"),
    category: text("category"),
    /** Null: draft. In the past: published. In the future: scheduled. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** The post's language: /blog lists the English posts, /fr/blog the French ones (issue 30). */
    language: language(),
    /** The same post in the other language, when there is one. */
    translationOf: uuid("translation_of").references((): AnyPgColumn => blogPosts.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("blog_posts_language_published_at_idx").on(t.language, t.publishedAt.desc()),
    uniqueIndex("blog_posts_slug_idx").on(t.slug),
    index("blog_posts_published_at_idx").on(t.publishedAt.desc()),
    index("blog_posts_created_at_idx").on(t.createdAt.desc()),
  ],
);

export const adminUsers = pgTable(
  "admin_users",
  {
    id: id(),
    email: text("email").notNull(),
    name: text("name"),
    passwordHash: text("password_hash").notNull(),
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    /** Decision 019: what the account may use; existing accounts (and the first one) are Administrators. */
    role: text("role", { enum: STAFF_ROLES }).notNull().default("administrator"),
    /** Set while the account is disabled: no sign-in, no session, no reset link. */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    lastLogin: timestamp("last_login", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("admin_users_email_idx").on(sql`lower(${t.email})`),
    check("admin_users_role_check", sql`${t.role} in ('administrator', 'operations', 'accounts', 'editor')`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the cookie's random id; the id itself is never stored. */
    idHash: text("id_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);

/** Fixed-window counters shared by every app instance: login throttling, form and lookup rate limits. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_expires_idx").on(t.expiresAt)],
);

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
 * Bulk status updates done (issue 18): one row per form, keyed by the form's own random key, written in the
 * update's transaction, so a resubmitted or retried post (a double click, a reload, two app instances) updates
 * once and answers with the first result.
 */
export const bulkOperations = pgTable("bulk_operations", {
  key: text("key").primaryKey(),
  kind: text("kind").notNull(),
  count: integer("count").notNull(),
  createdAt: createdAt(),
});

/**
 * Files sent with an e-mail of the outbox (a quote's PDF, issue 17): made when the message is queued, in its
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

// Shipment notifications (app/server/notifications/, decision 013).

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
    /** The language of the page they subscribed on: their messages go in it (issue 30). */
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

// Proof of delivery (issue 16, decision 015 'Proof of delivery'): recorded from a phone on
// /admin/shipments/:id/deliver.

/**
 * A recorded delivery: who received the shipment, when, their drawn signature (a PNG re-encoded on the server;
 * null when the receiver's typed name stands for it) and a note. `draft_id` is the page's draft (one per
 * visit of the page, in its URL): unique, so pressing 'Save' twice records one delivery.
 */
export const shipmentDeliveries = pgTable(
  "shipment_deliveries",
  {
    id: id(),
    shipmentId: uuid("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    draftId: uuid("draft_id").notNull(),
    receiverName: text("receiver_name").notNull(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }).notNull(),
    signature: bytea("signature"),
    /** What the receiver remarked on delivery (damage, shortage): printed on the delivery note. */
    receiverRemarks: text("receiver_remarks"),
    /** Staff's own note on the delivery: never on a customer's page, message or document. */
    internalNote: text("internal_note"),
    /** The status update the delivery added (kept when that entry is deleted). */
    historyId: uuid("history_id").references(() => shipmentStatusHistory.id, { onDelete: "set null" }),
    recordedBy: uuid("recorded_by").references(() => adminUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("shipment_deliveries_draft_idx").on(t.draftId),
    index("shipment_deliveries_shipment_idx").on(t.shipmentId, t.deliveredAt.desc()),
  ],
);

/**
 * A delivery photo (JPEG, checked and re-encoded with sharp). Uploaded one by one while the page is open: a
 * pending photo belongs to its draft only (`delivery_id` null) until the delivery is saved; pending photos a day
 * old are dropped.
 */
export const deliveryPhotos = pgTable(
  "delivery_photos",
  {
    id: id(),
    shipmentId: uuid("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    draftId: uuid("draft_id").notNull(),
    deliveryId: uuid("delivery_id").references(() => shipmentDeliveries.id, { onDelete: "cascade" }),
    mimeType: text("mime_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    size: integer("size").notNull(),
    data: bytea("data").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("delivery_photos_draft_idx").on(t.draftId, t.createdAt),
    index("delivery_photos_delivery_idx").on(t.deliveryId),
  ],
);

/**
 * A link to a delivery's note for its consignee (`/delivery-note/:token`, in the delivery message): only the
 * token's SHA-256 is kept; it stops working at `expires_at` (30 days).
 */
export const deliveryNoteTokens = pgTable(
  "delivery_note_tokens",
  {
    id: id(),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => shipmentDeliveries.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("delivery_note_tokens_hash_idx").on(t.tokenHash)],
);

/**
 * A priced quote for a quote request (issue 17, decision 016), one row per version. A draft can be edited; a
 * sent version never changes (editing it makes the next version, and the old one is `replaced_at`). Only the
 * token's SHA-256 is kept; the link works until `expires_at` (the end of `valid_until` in the company's time
 * zone). Expiry is not stored: a sent quote past `expires_at` reads as expired.
 */
export const quotes = pgTable(
  "quotes",
  {
    id: id(),
    quoteRequestId: uuid("quote_request_id")
      .notNull()
      .references(() => quoteRequests.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    state: text("state", { enum: ["draft", "sent", "accepted", "declined"] }).notNull(),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    /** Sum of the lines in minor units, computed on the server. */
    totalMinor: bigint("total_minor", { mode: "number" }).notNull(),
    validUntil: date("valid_until").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    transitTime: text("transit_time"),
    incoterm: text("incoterm", { enum: INCOTERM_CODES as [string, ...string[]] }),
    terms: text("terms"),
    note: text("note"),
    tokenHash: text("token_hash"),
    createdBy: uuid("created_by").references(() => adminUsers.id, { onDelete: "set null" }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    sentBy: uuid("sent_by").references(() => adminUsers.id, { onDelete: "set null" }),
    replacedAt: timestamp("replaced_at", { withTimezone: true }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedName: text("accepted_name"),
    acceptedIp: text("accepted_ip"),
    acceptedUserAgent: text("accepted_user_agent"),
    declinedAt: timestamp("declined_at", { withTimezone: true }),
    declineComment: text("decline_comment"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("quotes_request_version_idx").on(t.quoteRequestId, t.version),
    uniqueIndex("quotes_token_hash_idx").on(t.tokenHash),
    // At most one draft per request.
    uniqueIndex("quotes_one_draft_idx").on(t.quoteRequestId).where(sql`${t.state} = 'draft'`),
    check("quotes_total_check", sql`${t.totalMinor} >= 0`),
  ],
);

/** A quote's price line; the amount in the currency's minor units (cents), never a float. */
export const quoteLines = pgTable(
  "quote_lines",
  {
    id: id(),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    description: text("description").notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
  },
  (t) => [
    uniqueIndex("quote_lines_position_idx").on(t.quoteId, t.position),
    check("quote_lines_amount_check", sql`${t.amountMinor} >= 0`),
  ],
);

/**
 * A spreadsheet uploaded to import shipments (issue 18, decision 020), kept between the steps of the import page
 * (another instance may answer the next one) for a day: the file itself, the clerk's column mapping and date format,
 * and its state. The import claims it by a conditional update in its own transaction (`uploaded` → `imported`), so
 * two clicks, tabs or instances import it once; `result` is what that import did.
 */
export const shipmentImports = pgTable(
  "shipment_imports",
  {
    id: id(),
    createdBy: uuid("created_by").references(() => adminUsers.id, { onDelete: "set null" }),
    filename: text("filename").notNull(),
    file: bytea("file").notNull(),
    size: integer("size").notNull(),
    mapping: jsonb("mapping").$type<Record<string, number | null>>(),
    dateFormat: text("date_format", { enum: ["dmy", "mdy", "iso"] }),
    state: text("state", { enum: ["uploaded", "imported"] })
      .notNull()
      .default("uploaded"),
    result: jsonb("result").$type<{ created: number; updated: number; skipped: number }>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("shipment_imports_expires_at_idx").on(t.expiresAt)],
);

/**
 * The audit log (issue 18, decision 021): one row per staff write, written by database triggers on the audited
 * tables in the same transaction as the change (drizzle/0019, '-- hand-written'), from the connection settings
 * app.actor_id, app.actor_name, app.actor_email and app.client_address that the admin middleware sets on its
 * pinned connection (app/server/audit/audit-connection.server.ts). Sign-ins and failed sign-ins are inserted by
 * the login code. Rows are never updated (a trigger refuses it, except the foreign key's SET NULL) and only the
 * daily prune deletes them. `changes` is {column: [before, after]}; password hashes, tokens, secrets and bytes
 * never appear in it.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    createdAt: createdAt(),
    actorId: uuid("actor_id").references(() => adminUsers.id, { onDelete: "set null" }),
    /** Copied at the time: the account may be renamed or deleted later. */
    actorName: text("actor_name"),
    actorEmail: text("actor_email"),
    clientAddress: text("client_address"),
    /** insert, update, delete, sign_in, sign_in_failed, sign_out, password_change, password_reset */
    action: text("action").notNull(),
    /** The table name (shipments, shippers, …) or a kind (session). */
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    /** The shipment the row belongs to (a shipment, its history, deliveries, recipients): its Activity card. */
    shipmentId: uuid("shipment_id"),
    changes: jsonb("changes"),
  },
  (t) => [
    index("audit_log_created_at_idx").on(t.createdAt.desc()),
    index("audit_log_actor_idx").on(t.actorId, t.createdAt.desc()),
    index("audit_log_entity_idx").on(t.entity, t.entityId, t.createdAt.desc()),
    index("audit_log_shipment_idx")
      .on(t.shipmentId, t.createdAt.desc())
      .where(sql`${t.shipmentId} is not null`),
  ],
);

/** Invoices and credit notes (issue 28, decision 015). */
export const INVOICE_KINDS = ["invoice", "credit_note"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
/** What is stored; 'partly paid', 'paid' and 'overdue' are read from the payments and the dates. */
export const INVOICE_STATES = ["draft", "issued", "void"] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];
export const BILLED_PARTY_KINDS = ["shipper", "consignee"] as const;

/**
 * An invoice or a credit note (issue 28, decision 015). A draft has no number and can change; issuing gives it
 * the next number of its series and year (document_counters, in the issuing transaction) and freezes it: a
 * trigger refuses any later change to an issued document or its lines, except voiding it (its number kept).
 * The customer's name and addresses are copied from the address book when the draft is saved, so an issued
 * invoice prints what was true that day. Amounts in the currency's minor units; the totals are the lines' sums,
 * computed on the server.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: id(),
    kind: text("kind", { enum: INVOICE_KINDS }).notNull().default("invoice"),
    state: text("state", { enum: INVOICE_STATES }).notNull().default("draft"),
    /** 'INV-2026-0001' once issued. */
    number: text("number"),
    year: integer("year"),
    sequence: integer("sequence"),
    /** The address-book party billed (shippers and consignees are two tables, hence no foreign key). */
    partyKind: text("party_kind", { enum: BILLED_PARTY_KINDS }),
    partyId: uuid("party_id"),
    customerName: text("customer_name").notNull(),
    customerCompany: text("customer_company"),
    customerEmail: text("customer_email"),
    billingAddress: text("billing_address"),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    issueDate: date("issue_date"),
    dueDate: date("due_date"),
    paymentTermsDays: integer("payment_terms_days").notNull(),
    notes: text("notes"),
    paymentInstructions: text("payment_instructions"),
    subtotalMinor: bigint("subtotal_minor", { mode: "number" }).notNull().default(0),
    taxMinor: bigint("tax_minor", { mode: "number" }).notNull().default(0),
    totalMinor: bigint("total_minor", { mode: "number" }).notNull().default(0),
    /** The accepted quote it was made from. */
    quoteId: uuid("quote_id").references((): AnyPgColumn => quotes.id, { onDelete: "set null" }),
    /** A credit note's invoice. */
    creditedInvoiceId: uuid("credited_invoice_id").references((): AnyPgColumn => invoices.id, {
      onDelete: "restrict",
    }),
    createdBy: uuid("created_by").references(() => adminUsers.id, { onDelete: "set null" }),
    issuedAt: timestamp("issued_at", { withTimezone: true }),
    issuedBy: uuid("issued_by").references(() => adminUsers.id, { onDelete: "set null" }),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    voidedBy: uuid("voided_by").references(() => adminUsers.id, { onDelete: "set null" }),
    voidReason: text("void_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("invoices_number_idx").on(t.number),
    uniqueIndex("invoices_series_idx").on(t.kind, t.year, t.sequence),
    index("invoices_created_at_idx").on(t.createdAt.desc()),
    index("invoices_party_idx").on(t.partyKind, t.partyId),
    index("invoices_credited_idx").on(t.creditedInvoiceId).where(sql`${t.creditedInvoiceId} is not null`),
    check("invoices_kind_check", sql`${t.kind} in ('invoice', 'credit_note')`),
    check("invoices_state_check", sql`${t.state} in ('draft', 'issued', 'void')`),
    check(
      "invoices_number_check",
      sql`(${t.state} = 'draft') = (${t.number} is null) and (${t.number} is null) = (${t.issueDate} is null)`,
    ),
    check(
      "invoices_due_check",
      sql`${t.dueDate} is null or ${t.issueDate} is null or ${t.dueDate} >= ${t.issueDate}`,
    ),
    check(
      "invoices_amounts_check",
      sql`${t.subtotalMinor} >= 0 and ${t.taxMinor} >= 0 and ${t.totalMinor} = ${t.subtotalMinor} + ${t.taxMinor}`,
    ),
    check("invoices_credit_check", sql`(${t.kind} = 'credit_note') = (${t.creditedInvoiceId} is not null)`),
  ],
);

/**
 * A line of an invoice or credit note. The quantity in thousandths (2.5 → 2500); the amount is quantity × unit
 * price and the tax the line's rate of it, each rounded half away from zero to the currency's minor unit, once
 * per line (app/lib/invoice-math.ts). The tax rate is copied from the settings, so renaming a rate later does
 * not change an issued invoice.
 */
export const invoiceLines = pgTable(
  "invoice_lines",
  {
    id: id(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    description: text("description").notNull(),
    quantityMilli: bigint("quantity_milli", { mode: "number" }).notNull(),
    unitPriceMinor: bigint("unit_price_minor", { mode: "number" }).notNull(),
    taxName: text("tax_name"),
    /** Hundredths of a percent: 12 % is 1200. */
    taxBasisPoints: integer("tax_basis_points"),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    taxMinor: bigint("tax_minor", { mode: "number" }).notNull(),
  },
  (t) => [
    uniqueIndex("invoice_lines_position_idx").on(t.invoiceId, t.position),
    check(
      "invoice_lines_amounts_check",
      sql`${t.quantityMilli} > 0 and ${t.unitPriceMinor} >= 0 and ${t.amountMinor} >= 0 and ${t.taxMinor} >= 0`,
    ),
    check(
      "invoice_lines_tax_check",
      sql`(${t.taxName} is null) = (${t.taxBasisPoints} is null) and coalesce(${t.taxBasisPoints}, 0) between 0 and 10000`,
    ),
  ],
);

/** The shipments an invoice bills (several shipments of one customer may go on one invoice). */
export const invoiceShipments = pgTable(
  "invoice_shipments",
  {
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    shipmentId: uuid("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "restrict" }),
  },
  (t) => [
    primaryKey({ columns: [t.invoiceId, t.shipmentId] }),
    index("invoice_shipments_shipment_idx").on(t.shipmentId),
  ],
);

/**
 * The last number given in each series and year ('invoice' 2026 → 41): issuing locks its row, so numbers have
 * no gaps and no duplicates however many clerks issue at once, and a rolled-back issue gives its number back.
 */
export const DOCUMENT_SERIES = [...INVOICE_KINDS, "receipt"] as const;
export const documentCounters = pgTable(
  "document_counters",
  {
    series: text("series", { enum: DOCUMENT_SERIES }).notNull(),
    year: integer("year").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

/** How a payment was received (issue 28). */
export const PAYMENT_METHODS = ["cash", "bank_transfer", "cheque", "mobile_money", "card"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_STATES = ["received", "reversed"] as const;

/**
 * Money received from a customer (issue 28, decision 026), with its receipt number (series 'receipt' of
 * document_counters). `amount_minor` is what was handed over, in `currency`; `settled_minor` is its worth in
 * the invoices' currency (`settled_currency`), at `rate_micro` (units of `currency` per one unit of
 * `settled_currency`, in millionths; null when the two are the same). What the allocations do not use is the
 * customer's credit, usable on a later invoice. Never deleted: a bounced cheque is reversed, with a reason.
 */
export const payments = pgTable(
  "payments",
  {
    id: id(),
    number: text("number").notNull(),
    year: integer("year").notNull(),
    sequence: integer("sequence").notNull(),
    partyKind: text("party_kind", { enum: BILLED_PARTY_KINDS }),
    partyId: uuid("party_id"),
    customerName: text("customer_name").notNull(),
    receivedOn: date("received_on").notNull(),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    reference: text("reference"),
    note: text("note"),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    settledCurrency: text("settled_currency", { enum: CURRENCIES }).notNull(),
    settledMinor: bigint("settled_minor", { mode: "number" }).notNull(),
    rateMicro: bigint("rate_micro", { mode: "number" }),
    state: text("state", { enum: PAYMENT_STATES }).notNull().default("received"),
    reversedAt: timestamp("reversed_at", { withTimezone: true }),
    reversedBy: uuid("reversed_by").references(() => adminUsers.id, { onDelete: "set null" }),
    reversalReason: text("reversal_reason"),
    /** The form's own random key (or the mobile-money request's id): a second post records nothing more. */
    submissionKey: text("submission_key"),
    createdBy: uuid("created_by").references(() => adminUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payments_number_idx").on(t.number),
    uniqueIndex("payments_series_idx").on(t.year, t.sequence),
    uniqueIndex("payments_submission_key_idx").on(t.submissionKey),
    index("payments_party_idx").on(t.partyKind, t.partyId),
    index("payments_received_on_idx").on(t.receivedOn),
    check("payments_amounts_check", sql`${t.amountMinor} > 0 and ${t.settledMinor} > 0`),
    check(
      "payments_rate_check",
      sql`(${t.currency} = ${t.settledCurrency}) = (${t.rateMicro} is null) and coalesce(${t.rateMicro}, 1) > 0`,
    ),
    check(
      "payments_method_check",
      sql`${t.method} in ('cash', 'bank_transfer', 'cheque', 'mobile_money', 'card')`,
    ),
    check("payments_state_check", sql`${t.state} in ('received', 'reversed')`),
    check("payments_reversal_check", sql`(${t.state} = 'reversed') = (${t.reversedAt} is not null)`),
  ],
);

/** What part of a payment settles which invoice, in the invoice's currency. Never changed or deleted. */
export const paymentAllocations = pgTable(
  "payment_allocations",
  {
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "restrict" }),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    createdBy: uuid("created_by").references(() => adminUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.paymentId, t.invoiceId] }),
    index("payment_allocations_invoice_idx").on(t.invoiceId),
    check("payment_allocations_amount_check", sql`${t.amountMinor} > 0`),
  ],
);

/** What an invoice's history lists besides its own dates: sent, opened, reminded (issue 28). */
export const INVOICE_EVENT_KINDS = ["sent", "opened", "reminded"] as const;
export type InvoiceEventKind = (typeof INVOICE_EVENT_KINDS)[number];

/**
 * An invoice's history (issue 28): each sending, the customer's first opening of each link, each reminder.
 * Issuing, payments, credit notes and voiding are read from their own rows. `dedupe_key` makes an event that
 * may be attempted twice (a reminder for a given day) happen once.
 */
export const invoiceEvents = pgTable(
  "invoice_events",
  {
    id: id(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: INVOICE_EVENT_KINDS }).notNull(),
    /** To whom it went, which reminder, … shown in the history. */
    detail: text("detail"),
    staffId: uuid("staff_id").references(() => adminUsers.id, { onDelete: "set null" }),
    dedupeKey: text("dedupe_key"),
    createdAt: createdAt(),
  },
  (t) => [
    index("invoice_events_invoice_idx").on(t.invoiceId, t.createdAt),
    uniqueIndex("invoice_events_dedupe_idx").on(t.dedupeKey),
    check("invoice_events_kind_check", sql`${t.kind} in ('sent', 'opened', 'reminded')`),
  ],
);

/**
 * A link to an issued invoice for its customer (`/invoice/:token`, in the invoice e-mail and the PDF's QR code):
 * only the token's SHA-256 is kept.
 */
export const invoiceLinks = pgTable(
  "invoice_links",
  {
    id: id(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    firstOpenedAt: timestamp("first_opened_at", { withTimezone: true }),
    /**
     * The token itself, kept for one link per invoice only: the one printed on the PDF staff download, so every
     * download prints the same link instead of making a new one (a hash could not be printed again). The other
     * links, e-mailed once, keep only their hash.
     */
    printedToken: text("printed_token"),
    createdBy: uuid("created_by").references(() => adminUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("invoice_links_hash_idx").on(t.tokenHash),
    index("invoice_links_invoice_idx").on(t.invoiceId),
    uniqueIndex("invoice_links_printed_idx").on(t.invoiceId).where(sql`${t.printedToken} is not null`),
  ],
);

export const MOBILE_MONEY_STATES = ["pending", "successful", "failed"] as const;
/** Why the customer stopped waiting for a request MTN has not settled (decision 027). */
export const MOBILE_MONEY_END_REASONS = ["cancelled", "replaced", "expired"] as const;

/**
 * A mobile-money charge the customer started on the invoice page (MTN MoMo Collections 'request to pay'):
 * `id` is the X-Reference-Id sent to MTN. The callback and the status checks both settle it; the first to see
 * it final records the payment (payments.submission_key = 'momo:' || id), so it is recorded once.
 */
export const mobileMoneyRequests = pgTable(
  "mobile_money_requests",
  {
    id: id(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    provider: text("provider").notNull().default("mtn"),
    /** The wallet number charged (E.164 digits). */
    payer: text("payer").notNull(),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    state: text("state", { enum: MOBILE_MONEY_STATES }).notNull().default("pending"),
    /** MTN's reason for a refusal, or ours ('no answer'). */
    reason: text("reason"),
    financialTransactionId: text("financial_transaction_id"),
    paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "restrict" }),
    checks: integer("checks").notNull().default(0),
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /**
     * When the customer stopped waiting for it (cancelled, replaced by a newer request, or past its validity) while
     * MTN had not settled it: MTN is still asked until it is final, and an approval is still recorded.
     */
    endedAt: timestamp("ended_at", { withTimezone: true }),
    endReason: text("end_reason", { enum: MOBILE_MONEY_END_REASONS }),
    /** When MTN was last asked its status: at most once an interval, whoever asks, in every process. */
    askedAt: timestamp("asked_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("mobile_money_requests_invoice_idx").on(t.invoiceId),
    index("mobile_money_requests_due_idx").on(t.nextCheckAt).where(sql`${t.state} = 'pending'`),
    uniqueIndex("mobile_money_requests_payment_idx").on(t.paymentId),
    check("mobile_money_requests_amount_check", sql`${t.amountMinor} > 0`),
    check("mobile_money_requests_state_check", sql`${t.state} in ('pending', 'successful', 'failed')`),
    check(
      "mobile_money_requests_end_check",
      sql`(${t.endedAt} is null) = (${t.endReason} is null) and ${t.endReason} in ('cancelled', 'replaced', 'expired')`,
    ),
  ],
);

// Customer accounts (issue 29, decision 16): people of a customer company sign in at /account with a code.

/** A customer company: one or more parties of the address book (a shipper, the same company as consignee, its branches). */
export const customerCompanies = pgTable("customer_companies", {
  id: id(),
  name: text("name").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The parties a company is made of; a party belongs to one company at most. */
export const customerCompanyParties = pgTable(
  "customer_company_parties",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => customerCompanies.id, { onDelete: "cascade" }),
    partyKind: text("party_kind", { enum: BILLED_PARTY_KINDS }).notNull(),
    /** A shipper's or a consignee's id (two tables, hence no foreign key). */
    partyId: uuid("party_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.partyKind, t.partyId] }),
    index("customer_company_parties_company_idx").on(t.companyId),
    check("customer_company_parties_kind_check", sql`${t.partyKind} in ('shipper', 'consignee')`),
  ],
);

export const CUSTOMER_LANGUAGES = ["en", "fr"] as const;
export type CustomerLanguage = (typeof CUSTOMER_LANGUAGES)[number];

/** What a member chose to be told, and on which channels (no key: the default, e-mail only). */
export type CustomerMessagePreferences = {
  shipments?: ("email" | "sms" | "whatsapp")[];
  quotes?: ("email" | "sms" | "whatsapp")[];
  invoices?: ("email" | "sms" | "whatsapp")[];
};

/**
 * A person who may sign in to a customer company's account, with an e-mail (lower-cased) or a mobile number
 * (E.164) or both; each address belongs to one member. Removed members keep their row (`removed_at`), so an
 * address on a party's record does not let them back in by itself; inviting them again clears it.
 */
export const customerMembers = pgTable(
  "customer_members",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => customerCompanies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email"),
    phone: text("phone"),
    language: text("language", { enum: CUSTOMER_LANGUAGES }).notNull().default("en"),
    /** The company's first member may invite colleagues. */
    canInvite: boolean("can_invite").notNull().default(false),
    messagePreferences: jsonb("message_preferences")
      .$type<CustomerMessagePreferences>()
      .notNull()
      .default({}),
    /** Who invited them: a staff member or a colleague (null when they signed in by themselves). */
    invitedByStaffId: uuid("invited_by_staff_id").references(() => adminUsers.id, { onDelete: "set null" }),
    invitedByMemberId: uuid("invited_by_member_id").references((): AnyPgColumn => customerMembers.id, {
      onDelete: "set null",
    }),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    /**
     * When the member proved their e-mail address (signed in with a code or link sent to it). Quote requests made
     * from a member's address reach the company's account only once it is proved (decision 029).
     */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    removedAt: timestamp("removed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("customer_members_company_idx").on(t.companyId),
    uniqueIndex("customer_members_email_idx").on(t.email),
    uniqueIndex("customer_members_phone_idx").on(t.phone),
    check("customer_members_address_check", sql`${t.email} is not null or ${t.phone} is not null`),
    check("customer_members_language_check", sql`${t.language} in ('en', 'fr')`),
  ],
);

/**
 * A colleague's invitation to a company's account, made by a member who may invite (decision 029). It grants
 * nothing: the person becomes a member only when they sign in with a code sent to the address, and only if the
 * address is nobody's yet (not a member, not on another company's party). Whatever the address, the inviting
 * member is answered the same, so the form tells nobody who is a customer of which company.
 */
export const customerInvitations = pgTable(
  "customer_invitations",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => customerCompanies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email"),
    phone: text("phone"),
    language: text("language", { enum: CUSTOMER_LANGUAGES }).notNull().default("en"),
    invitedByMemberId: uuid("invited_by_member_id").references(() => customerMembers.id, {
      onDelete: "set null",
    }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** The member the invitation made when the person signed in; null while it waits. */
    acceptedMemberId: uuid("accepted_member_id").references(() => customerMembers.id, {
      onDelete: "set null",
    }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /**
     * When the invitation's message was queued; null when the address was somebody's and nothing was sent. Only a
     * told invitation can be accepted: an untold one would land the address's owner in the inviting company later
     * (after staff remove them from their own, say) without anyone having asked them.
     */
    toldAt: timestamp("told_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("customer_invitations_company_idx").on(t.companyId),
    index("customer_invitations_email_idx").on(t.email),
    index("customer_invitations_phone_idx").on(t.phone),
    check("customer_invitations_address_check", sql`${t.email} is not null or ${t.phone} is not null`),
    check("customer_invitations_language_check", sql`${t.language} in ('en', 'fr')`),
  ],
);

/** A customer's session (decision 16): its own cookie and lifetimes, never a staff session. */
export const customerSessions = pgTable(
  "customer_sessions",
  {
    /** SHA-256 of the cookie's random id. */
    idHash: text("id_hash").primaryKey(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => customerMembers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [
    index("customer_sessions_member_idx").on(t.memberId),
    index("customer_sessions_expires_idx").on(t.expiresAt),
  ],
);

export const ONE_TIME_CODE_PURPOSES = ["customer_sign_in", "shipment_details"] as const;
export type OneTimeCodePurpose = (typeof ONE_TIME_CODE_PURPOSES)[number];

/**
 * A 6-digit (or 8-digit) code sent to an e-mail address or a mobile number (app/server/auth/one-time-codes.server.ts).
 * The browser that asked holds the attempt's random token (a cookie); only hashes are stored: of the attempt
 * token, of `<id>:<code>`, and of the e-mailed link's token. A row is made for every request, whether or not the
 * address belongs to anyone (no code is sent then), so the answers are the same. Single-use, 5 wrong codes
 * end an attempt. An attempt asked once the address's hourly codes are spent is a row that checks the code
 * already live (`code_of`), with tries of its own (decision 029).
 */
export const oneTimeCodes = pgTable(
  "one_time_codes",
  {
    id: id(),
    purpose: text("purpose", { enum: ONE_TIME_CODE_PURPOSES }).notNull(),
    channel: text("channel", { enum: SUBSCRIBER_CHANNELS }).notNull(),
    /** The address typed, normalised (lower-cased e-mail or E.164). */
    destination: text("destination").notNull(),
    attemptHash: text("attempt_hash").notNull(),
    codeHash: text("code_hash").notNull(),
    linkHash: text("link_hash"),
    /** What the code opens: the member to sign in (or null: the address may sign in by itself, or nobody). */
    memberId: uuid("member_id").references(() => customerMembers.id, { onDelete: "cascade" }),
    /** For 'shipment_details': the one shipment. */
    shipmentId: uuid("shipment_id").references(() => shipments.id, { onDelete: "cascade" }),
    /** False when nobody is behind the address: nothing was sent and no code can succeed. */
    deliverable: boolean("deliverable").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    clientAddress: text("client_address"),
    /** The code's length: 6, or 8 once the site has seen many wrong codes (decision 029). */
    digits: integer("digits").notNull().default(6),
    /**
     * The row whose code this attempt checks (its hash is `<code_of>:<code>`, copied here), or null: its own. Used
     * or voided with it.
     */
    codeOf: uuid("code_of").references((): AnyPgColumn => oneTimeCodes.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("one_time_codes_attempt_idx").on(t.attemptHash),
    index("one_time_codes_code_of_idx").on(t.codeOf),
    index("one_time_codes_destination_idx").on(t.destination),
    uniqueIndex("one_time_codes_link_idx").on(t.linkHash),
    index("one_time_codes_expires_idx").on(t.expiresAt),
    check("one_time_codes_purpose_check", sql`${t.purpose} in ('customer_sign_in', 'shipment_details')`),
    check("one_time_codes_channel_check", sql`${t.channel} in ('email', 'sms')`),
    check("one_time_codes_digits_check", sql`${t.digits} in (6, 8)`),
  ],
);

/**
 * 'Show full details' on the public tracking page (issue 29): a visitor who proved the shipper's or the
 * consignee's contact sees that one shipment's details for 24 hours, through a cookie whose token's SHA-256 is
 * kept here.
 */
export const shipmentDetailGrants = pgTable(
  "shipment_detail_grants",
  {
    tokenHash: text("token_hash").primaryKey(),
    shipmentId: uuid("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("shipment_detail_grants_expires_idx").on(t.expiresAt)],
);
