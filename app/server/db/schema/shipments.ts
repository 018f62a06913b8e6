// The shipments, their status history, and the quote requests and quotes they are booked from
// (docs/decisions/016-quotes-and-bookings.md; last_event_at: 018-exceptions-board.md), with the bulk updates and
// the spreadsheet imports that write them (017-bulk-status-updates.md, 020-import-export.md).
// The quote tables are here, not in a module of their own, because their foreign keys and the shipments' form a
// loop (a shipment points at its quote request and its quote, a request at the shipment it was booked as) and
// the project refuses import cycles (Biome's noImportCycles): tables in a loop share a module.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { CURRENCIES, INCOTERM_CODES, TRANSPORT_MODES } from "#app/lib/freight-terms.ts";
import { bytea, createdAt, id, language, updatedAt } from "#app/server/db/schema/columns.ts";
import { consignees, shippers } from "#app/server/db/schema/parties.ts";
import { adminUsers } from "#app/server/db/schema/staff.ts";

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
    // Freight documents (decision 015), all optional: a shipment from before them has none.
    transportMode: text("transport_mode", { enum: TRANSPORT_MODES }),
    pieces: integer("pieces"),
    goodsDescription: text("goods_description"),
    declaredValue: numeric("declared_value", { precision: 14, scale: 2, mode: "number" }),
    declaredCurrency: text("declared_currency", { enum: CURRENCIES }),
    incoterm: text("incoterm", { enum: INCOTERM_CODES as [string, ...string[]] }),
    shipperId: uuid("shipper_id").references(() => shippers.id, { onDelete: "set null" }),
    consigneeId: uuid("consignee_id").references(() => consignees.id, { onDelete: "set null" }),
    // Booked from a quote request (decision 016): one shipment per request (the unique index), so a
    // double click or a second tab books once. The quote is the accepted one it was booked from, if any.
    quoteRequestId: uuid("quote_request_id").references((): AnyPgColumn => quoteRequests.id, {
      onDelete: "set null",
    }),
    quoteId: uuid("quote_id").references((): AnyPgColumn => quotes.id, { onDelete: "set null" }),
    /**
     * The time of its newest status history entry, or its creation while it has none: what the exceptions board
     * reads for 'no status update for N days'. Kept by the database (a trigger on the history, in
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

/**
 * A priced quote for a quote request (decision 016), one row per version. A draft can be edited; a
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
 * Bulk status updates done: one row per form, keyed by the form's own random key, written in the
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
 * A spreadsheet uploaded to import shipments (decision 020), kept between the steps of the import page
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
