// Unsubscribe links of shipment notifications (decision 013): one token per shipment, channel and address, made
// the first time a message to that address needs a link, and what the link's page reads and does. An address that
// unsubscribed is never messaged about that shipment again, not even when it asks for updates again (decision 014).
import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "#app/server/db/client.server.ts";
import { notificationUnsubscribes, type OutboxChannel, shipments } from "#app/server/db/schema.ts";
import { maskAddress } from "#app/server/messaging/mail.server.ts";

/** The unsubscribe token of an address for one shipment and channel, made on first use (32 random bytes). */
export async function ensureUnsubscribeToken({
  db,
  shipmentId,
  channel,
  address,
  now = new Date(),
}: {
  db: DbOrTx;
  shipmentId: string;
  channel: OutboxChannel;
  address: string;
  now?: Date;
}): Promise<{ token: string; unsubscribed: boolean }> {
  const key = address.toLowerCase();
  await db
    .insert(notificationUnsubscribes)
    .values({
      shipmentId,
      channel,
      address: key,
      token: crypto.randomBytes(32).toString("base64url"),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  const [row] = await db
    .select({
      token: notificationUnsubscribes.token,
      unsubscribedAt: notificationUnsubscribes.unsubscribedAt,
    })
    .from(notificationUnsubscribes)
    .where(
      and(
        eq(notificationUnsubscribes.shipmentId, shipmentId),
        eq(notificationUnsubscribes.channel, channel),
        eq(notificationUnsubscribes.address, key),
      ),
    );
  return { token: row!.token, unsubscribed: row!.unsubscribedAt !== null };
}

/** A token as links carry it: 43 base64url characters. Anything else is unknown without asking the database. */
export function isUnsubscribeToken(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value);
}

/** What an unsubscribe link is about (the tracking number and a masked address), or null for an unknown token. */
export async function findUnsubscribe({ db, token }: { db: Db; token: string }) {
  if (!isUnsubscribeToken(token)) return null;
  const [row] = await db
    .select({
      trackingNumber: shipments.trackingNumber,
      channel: notificationUnsubscribes.channel,
      address: notificationUnsubscribes.address,
      unsubscribedAt: notificationUnsubscribes.unsubscribedAt,
    })
    .from(notificationUnsubscribes)
    .innerJoin(shipments, eq(shipments.id, notificationUnsubscribes.shipmentId))
    .where(eq(notificationUnsubscribes.token, token));
  if (!row) return null;
  return {
    trackingNumber: row.trackingNumber,
    channel: row.channel,
    address: maskAddress(row.address),
    unsubscribed: row.unsubscribedAt !== null,
  };
}

/** Unsubscribes the token's address from its shipment (idempotent); false for an unknown token. */
export async function unsubscribeByToken({
  db,
  token,
  now = new Date(),
}: {
  db: Db;
  token: string;
  now?: Date;
}): Promise<boolean> {
  if (!isUnsubscribeToken(token)) return false;
  const rows = await db
    .update(notificationUnsubscribes)
    .set({
      unsubscribedAt: sql`coalesce(${notificationUnsubscribes.unsubscribedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(eq(notificationUnsubscribes.token, token))
    .returning({ id: notificationUnsubscribes.id });
  return rows.length > 0;
}
