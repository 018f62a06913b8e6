// Customer accounts (docs/decisions/029-customer-accounts.md): people of a customer company sign in at /account
// with a code. The companies, their parties and members, invitations, sessions, the one-time codes (also sent to
// see one shipment's full details on the tracking page) and the grants those give.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
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
import { createdAt, id, updatedAt } from "#app/server/db/schema/columns.ts";
import { BILLED_PARTY_KINDS } from "#app/server/db/schema/invoices.ts";
import { SUBSCRIBER_CHANNELS } from "#app/server/db/schema/notifications.ts";
import { shipments } from "#app/server/db/schema/shipments.ts";
import { adminUsers } from "#app/server/db/schema/staff.ts";

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
 * 'Show full details' on the public tracking page (decision 029): a visitor who proved the shipper's or the
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
