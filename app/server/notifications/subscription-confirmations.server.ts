// Confirming a 'Get updates' request (decision 014): the e-mail link's page and its 'Confirm' button, and the
// 6-digit code typed for a mobile number. A confirmation takes one of the shipment's places, unless the address is
// its own shipper's or consignee's. Asking is subscription-requests.server.ts; what both share is
// subscriptions.server.ts.
import crypto from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "#app/server/db/client.server.ts";
import { notificationSubscribers, shipments } from "#app/server/db/schema.ts";
import { maskAddress } from "#app/server/messaging/mail.server.ts";
import type { OutboxConfig } from "#app/server/messaging/outbox.server.ts";
import {
  codeHash,
  countConfirmed,
  lockShipmentSubscribers,
  normalizeSubscriberPhone,
  partyAddresses,
  SUBSCRIPTION_LIMITS,
  sha256,
} from "#app/server/notifications/subscriptions.server.ts";
import { isUnsubscribeToken } from "#app/server/notifications/unsubscribe-links.server.ts";
import type { Config } from "#app/server/platform/config.server.ts";
import { consumeRateLimits } from "#app/server/platform/rate-limit.server.ts";

const HOUR = 3600;

export type CodeCheck =
  | { outcome: "invalid"; message: string }
  | { outcome: "rate-limited"; retryAfterSeconds: number }
  | { outcome: "full" }
  | { outcome: "wrong" }
  | { outcome: "confirmed"; address: string };

/** What a confirmation link is about (tracking number, masked address, confirmed), or null when it does not work. */
export async function findEmailSubscription({
  db,
  token,
  now = new Date(),
}: {
  db: Db;
  token: string;
  now?: Date;
}): Promise<{ trackingNumber: string; address: string; confirmed: boolean } | null> {
  if (!isUnsubscribeToken(token)) return null;
  const [row] = await db
    .select({
      trackingNumber: shipments.trackingNumber,
      address: notificationSubscribers.address,
      confirmedAt: notificationSubscribers.confirmedAt,
      expiresAt: notificationSubscribers.expiresAt,
    })
    .from(notificationSubscribers)
    .innerJoin(shipments, eq(shipments.id, notificationSubscribers.shipmentId))
    .where(
      and(
        eq(notificationSubscribers.secretHash, sha256(token)),
        eq(notificationSubscribers.channel, "email"),
      ),
    );
  if (!row) return null;
  if (!row.confirmedAt && (!row.expiresAt || row.expiresAt <= now)) return null;
  return {
    trackingNumber: row.trackingNumber,
    address: maskAddress(row.address),
    confirmed: row.confirmedAt !== null,
  };
}

/** The 'Confirm' button of the link's page (a POST: mail scanners open links). Idempotent. */
export async function confirmEmailSubscription({
  db,
  config,
  token,
  now = new Date(),
}: {
  db: Db;
  config: Pick<Config, "SUBSCRIBERS_PER_SHIPMENT">;
  token: string;
  now?: Date;
}): Promise<"confirmed" | "invalid" | "full"> {
  if (!isUnsubscribeToken(token)) return "invalid";
  const hash = sha256(token);
  const [row] = await db
    .select({ id: notificationSubscribers.id, shipmentId: notificationSubscribers.shipmentId })
    .from(notificationSubscribers)
    .where(and(eq(notificationSubscribers.secretHash, hash), eq(notificationSubscribers.channel, "email")));
  if (!row) return "invalid";
  const maxPlaces = config.SUBSCRIBERS_PER_SHIPMENT;
  return db.transaction(async (tx) => {
    await lockShipmentSubscribers(tx, row.shipmentId);
    const [current] = await tx
      .select()
      .from(notificationSubscribers)
      .where(eq(notificationSubscribers.id, row.id));
    if (!current || current.secretHash !== hash) return "invalid";
    if (current.confirmedAt) return "confirmed";
    if (!current.expiresAt || current.expiresAt <= now) return "invalid";
    const parties = await partyAddresses(tx, row.shipmentId);
    if (!parties.has(current.address) && (await countConfirmed(tx, row.shipmentId, parties)) >= maxPlaces) {
      return "full";
    }
    await tx
      .update(notificationSubscribers)
      .set({ confirmedAt: now, expiresAt: null, updatedAt: now })
      .where(eq(notificationSubscribers.id, row.id));
    return "confirmed";
  });
}

/**
 * The code form: the number it was sent to and the 6 digits typed. Every failure (no code for that number,
 * wrong, expired, tried 5 times) gives the same 'wrong' answer; each wrong code counts against the row.
 */
export async function confirmPhoneSubscription({
  db,
  config,
  trackingNumber,
  phone,
  code,
  clientAddress,
  now = new Date(),
}: {
  db: Db;
  config: OutboxConfig &
    Pick<Config, "SUBSCRIBERS_PER_SHIPMENT" | "SUBSCRIBE_CODE_CHECKS_PER_CLIENT_PER_HOUR">;
  trackingNumber: string;
  phone: unknown;
  code: unknown;
  clientAddress: string;
  now?: Date;
}): Promise<CodeCheck> {
  const number = normalizeSubscriberPhone(phone, config.SMS_ALLOWED_COUNTRIES);
  if (!number.ok) return { outcome: "invalid", message: number.message };
  const typed = typeof code === "string" ? code.replace(/\s/g, "") : "";
  if (!/^\d{6}$/.test(typed))
    return { outcome: "invalid", message: "Enter the 6-digit code from the text message." };
  const retryAfter = await consumeRateLimits({
    db,
    now,
    limits: [
      {
        key: `subscribe:code-client:${clientAddress}`,
        limit: config.SUBSCRIBE_CODE_CHECKS_PER_CLIENT_PER_HOUR,
        windowSeconds: HOUR,
      },
    ],
  });
  if (retryAfter !== null) return { outcome: "rate-limited", retryAfterSeconds: retryAfter };
  const [shipment] = await db
    .select({ id: shipments.id })
    .from(shipments)
    .where(eq(shipments.trackingNumber, trackingNumber));
  if (!shipment) return { outcome: "wrong" };
  return db.transaction(async (tx) => {
    await lockShipmentSubscribers(tx, shipment.id);
    const [row] = await tx
      .select()
      .from(notificationSubscribers)
      .where(
        and(
          eq(notificationSubscribers.shipmentId, shipment.id),
          eq(notificationSubscribers.channel, "sms"),
          eq(notificationSubscribers.address, number.value),
          isNull(notificationSubscribers.confirmedAt),
          gt(notificationSubscribers.expiresAt, now),
        ),
      );
    if (!row || row.attempts >= SUBSCRIPTION_LIMITS.codeTries) return { outcome: "wrong" as const };
    const expected = Buffer.from(row.secretHash ?? "", "hex");
    const given = Buffer.from(codeHash(row.id, typed), "hex");
    if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) {
      await tx
        .update(notificationSubscribers)
        .set({ attempts: row.attempts + 1, updatedAt: now })
        .where(eq(notificationSubscribers.id, row.id));
      return { outcome: "wrong" as const };
    }
    const parties = await partyAddresses(tx, shipment.id);
    if (
      !parties.has(number.value) &&
      (await countConfirmed(tx, shipment.id, parties)) >= config.SUBSCRIBERS_PER_SHIPMENT
    ) {
      return { outcome: "full" as const };
    }
    await tx
      .update(notificationSubscribers)
      .set({ confirmedAt: now, expiresAt: null, updatedAt: now })
      .where(eq(notificationSubscribers.id, row.id));
    return { outcome: "confirmed" as const, address: number.value };
  });
}
