// Public subscriptions on the tracking page (decision 014): a visitor asks for a shipment's updates with an
// e-mail address (confirmed by a link: double opt-in) or a mobile number (confirmed by a 6-digit code). This
// module holds what asking (subscription-requests.server.ts) and confirming (subscription-confirmations.server.ts)
// share: the limits, reading an address, the secrets' hashes and the places a shipment has, and what the
// scheduler reads of the subscribers (notification-scheduler.server.ts tells the confirmed ones).
import crypto from "node:crypto";
import { and, asc, eq, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { z } from "zod";
import { countryNotAllowedMessage, isPhoneAllowed, parsePhone } from "#app/lib/phone.ts";
import type { Db, DbOrTx } from "#app/server/db/client.server.ts";
import {
  consignees,
  notificationSubscribers,
  notificationUnsubscribes,
  shipments,
  shippers,
} from "#app/server/db/schema.ts";
import { channelOffReason, type OutboxConfig } from "#app/server/messaging/outbox.server.ts";
import type { Config } from "#app/server/platform/config.server.ts";

/** What is not a setting: how long a link and a code work, and how many tries a code has (decision 014). */
export const SUBSCRIPTION_LIMITS = {
  /** How long an e-mail confirmation link works (an unconfirmed e-mail subscriber is gone after it). */
  emailLinkMs: 24 * 60 * 60 * 1000,
  /** How long a text-message code works. */
  codeMs: 10 * 60 * 1000,
  /** Wrong codes before a code stops working. */
  codeTries: 5,
} as const;

/** The caps, from the environment (SUBSCRIBERS_* and SUBSCRIBE_*; .env.example and decision 014 explain each). */
export type SubscriptionLimitsConfig = Pick<
  Config,
  | "SUBSCRIBERS_PER_SHIPMENT"
  | "SUBSCRIBERS_PER_CLIENT_PER_SHIPMENT"
  | "SUBSCRIBE_REQUESTS_PER_CLIENT_PER_HOUR"
  | "SUBSCRIBE_REQUESTS_PER_SHIPMENT_PER_HOUR"
  | "SUBSCRIBE_EMAILS_PER_ADDRESS_PER_HOUR"
  | "SUBSCRIBE_EMAILS_PER_DAY"
  | "SUBSCRIBE_CODES_PER_NUMBER_PER_DAY"
  | "SUBSCRIBE_CODES_PER_CLIENT_PER_DAY"
  | "SUBSCRIBE_CODES_PER_DAY"
  | "SUBSCRIBE_CODE_CHECKS_PER_CLIENT_PER_HOUR"
>;

/** Whether visitors can subscribe with a phone here: only when an SMS provider is configured. */
export function isSmsSubscriptionAvailable(config: OutboxConfig): boolean {
  return channelOffReason(config, "sms") === undefined;
}

const emailSchema = z
  .string()
  .trim()
  .min(1, "Enter your e-mail address.")
  .max(254, "That e-mail address is too long.")
  .pipe(z.email("Enter a valid e-mail address, e.g. name@example.com."));

/** An e-mail address as typed → lower-cased, or the message for the field. */
export function normalizeEmail(input: unknown): { ok: true; value: string } | { ok: false; message: string } {
  if (typeof input !== "string") return { ok: false, message: "Enter your e-mail address." };
  const parsed = emailSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message };
  return { ok: true, value: parsed.data.toLowerCase() };
}

/** A mobile number as typed → E.164 of a country we text, or the message for the field. */
export function normalizeSubscriberPhone(
  input: unknown,
  allowedCountries: readonly string[],
): { ok: true; value: string } | { ok: false; message: string } {
  if (typeof input !== "string") return { ok: false, message: "Enter a mobile phone number." };
  // Digits and the usual separators only: libphonenumber would read a number out of surrounding text.
  if (!/^[\d\s()+.-]*$/.test(input)) {
    return {
      ok: false,
      message: "That is not a phone number. Use digits, e.g. 0770 123 456 or +231 77 012 3456.",
    };
  }
  const parsed = parsePhone(input);
  if (!parsed.ok) return parsed;
  if (!allowedCountries.includes(parsed.country) || !isPhoneAllowed(parsed.e164, allowedCountries)) {
    return { ok: false, message: countryNotAllowedMessage(parsed.country) };
  }
  return { ok: true, value: parsed.e164 };
}

export const sha256 = (value: string) => crypto.createHash("sha256").update(value).digest("hex");
/** The stored form of a 6-digit code: bound to its row, so equal codes of two rows differ (decision 014). */
export const codeHash = (rowId: string, code: string) => sha256(`${rowId}:${code}`);

/** Serialises the subscriptions of one shipment (the 10-subscriber cap) across instances, until commit. */
export async function lockShipmentSubscribers(tx: DbOrTx, shipmentId: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`notification_subscribers:${shipmentId}`}, 0))`,
  );
}

/**
 * The addresses of the shipment's own shipper and consignee (lower-cased e-mail, E.164 phone): they follow their
 * shipment whatever strangers did, need no place and take none.
 */
export async function partyAddresses(tx: DbOrTx, shipmentId: string): Promise<Set<string>> {
  const rows = await tx.execute<{ email: string | null; phone: string | null }>(sql`
    select p.email, p.phone from ${shipments} s
    join ${shippers} p on p.id = s.shipper_id where s.id = ${shipmentId}
    union all
    select p.email, p.phone from ${shipments} s
    join ${consignees} p on p.id = s.consignee_id where s.id = ${shipmentId}`);
  const addresses = new Set<string>();
  for (const row of rows.rows) {
    if (row.email) addresses.add(row.email.trim().toLowerCase());
    const phone = row.phone ? parsePhone(row.phone) : null;
    if (phone?.ok) addresses.add(phone.e164);
  }
  return addresses;
}

/** Confirmed public subscribers of a shipment who have not unsubscribed, its own parties' addresses left out. */
export async function countConfirmed(tx: DbOrTx, shipmentId: string, parties: Set<string>): Promise<number> {
  const rows = await tx
    .select({ address: notificationSubscribers.address })
    .from(notificationSubscribers)
    .where(
      and(
        eq(notificationSubscribers.shipmentId, shipmentId),
        isNotNull(notificationSubscribers.confirmedAt),
        sql`not exists (select 1 from ${notificationUnsubscribes} u where u.shipment_id = ${notificationSubscribers.shipmentId} and u.channel = ${notificationSubscribers.channel} and u.address = ${notificationSubscribers.address} and u.unsubscribed_at is not null)`,
      ),
    );
  return rows.filter((row) => !parties.has(row.address)).length;
}

/** The confirmed subscribers the scheduler tells (oldest first). Unsubscribed ones are skipped there. */
export async function listConfirmedSubscribers({ db, shipmentId }: { db: DbOrTx; shipmentId: string }) {
  return db
    .select({
      id: notificationSubscribers.id,
      channel: notificationSubscribers.channel,
      address: notificationSubscribers.address,
    })
    .from(notificationSubscribers)
    .where(
      and(eq(notificationSubscribers.shipmentId, shipmentId), isNotNull(notificationSubscribers.confirmedAt)),
    )
    .orderBy(asc(notificationSubscribers.createdAt), asc(notificationSubscribers.id));
}

/** Drops unconfirmed subscribers whose link or code has expired (they count for nothing already). */
export async function pruneExpiredSubscribers({ db, now = new Date() }: { db: Db; now?: Date }) {
  const rows = await db
    .delete(notificationSubscribers)
    .where(and(isNull(notificationSubscribers.confirmedAt), lte(notificationSubscribers.expiresAt, now)))
    .returning({ id: notificationSubscribers.id });
  return rows.length;
}
