import { asc, eq, inArray, max, type SQL, sql } from "drizzle-orm";
import { trackingKey } from "#app/lib/tracking-number.ts";
import type { StatusUpdateInput } from "#app/schemas/shipment-status.ts";
import type { Db } from "#app/server/db/client.server.ts";
import {
  bulkOperations,
  consignees,
  notificationSubscribers,
  shipmentNotificationRecipients,
  shipmentStatusHistory,
  shipments,
  shippers,
} from "#app/server/db/schema.ts";
import { isUuid } from "#app/server/db/text-search.server.ts";
import { getNotificationSettings } from "#app/server/settings/notification-settings.server.ts";
import { recordStatusEntry } from "#app/server/shipments/shipment-changes.server.ts";
import { listConditions, type ShipmentListFilter } from "#app/server/shipments/shipment-list.server.ts";

// Bulk status updates (decision 017): one status update for many shipments at once, chosen in the list, all the list's
// search matches, or scanned at the warehouse one tracking number after another. One transaction: every
// shipment gets its history entry (and its current status, when asked), or none does; once per form.

/** At most this many shipments take one bulk update (stated on the page). */
export const BULK_STATUS_MAX = 10_000;
/** At most this many tracking numbers or ids in one post. */
export const BULK_STATUS_MAX_LISTED = 2_000;

export type BulkStatusTarget =
  | { ids: string[] }
  | { filter: Pick<ShipmentListFilter, "search" | "status"> }
  | { trackingNumbers: string[] };

export type BulkStatusResult =
  /**
   * `told`: how many of the shipments have a customer this update is told to (a shipper or consignee with an
   * e-mail, or a phone while a text channel is on, and their switch on, or a confirmed subscriber on a channel
   * that is on); null for a repeated post, which told no one more.
   */
  | { ok: true; count: number; told: number | null; repeated: boolean }
  | { ok: false; reason: "none" | "too-many" }
  | { ok: false; reason: "unknown"; unknown: string[] };

/** The shipments a target names, for the page: how many, and the first tracking numbers. */
export async function previewBulkTarget({ db, target }: { db: Db; target: BulkStatusTarget }) {
  const where = await targetCondition(db, target);
  if ("unknown" in where) return { count: 0, sample: [], unknown: where.unknown };
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(shipments)
    .where(where.sql);
  const sample = await db
    .select({ trackingNumber: shipments.trackingNumber })
    .from(shipments)
    .where(where.sql)
    .orderBy(asc(shipments.trackingNumber))
    .limit(50);
  return { count: n, sample: sample.map((row) => row.trackingNumber), unknown: [] as string[] };
}

async function targetCondition(
  db: Pick<Db, "select">,
  target: BulkStatusTarget,
): Promise<{ sql: SQL | undefined } | { unknown: string[] }> {
  if ("ids" in target) return { sql: inArray(shipments.id, target.ids.filter(isUuid)) };
  if ("filter" in target) return { sql: listConditions(target.filter) };
  // Scanned numbers: matched as the public tracking page matches them (dashes, spaces and case aside).
  const keys = new Map(target.trackingNumbers.map((number) => [trackingKey(number), number]));
  keys.delete("");
  if (keys.size === 0) return { sql: sql`false` };
  const found = await db
    .select({ key: shipments.trackingKey })
    .from(shipments)
    .where(inArray(shipments.trackingKey, [...keys.keys()]));
  const known = new Set(found.map((row) => row.key));
  const unknown = [...keys].filter(([key]) => !known.has(key)).map(([, number]) => number);
  if (unknown.length > 0) return { unknown };
  return { sql: inArray(shipments.trackingKey, [...keys.keys()]) };
}

/**
 * Adds one status update to every shipment of the target, in one transaction: a history entry each, the current
 * status and location too when asked, and (with `notify`) the same message to each shipment's recipients that a
 * single update sends (a correction dated over an hour before a shipment's newest entry tells no one, as one
 * would). `key` is the form's own: a second post with it changes nothing and answers with the first count.
 */
export async function addStatusUpdates({
  db,
  target,
  input,
  notify,
  key,
  textChannels = NO_TEXT_CHANNELS,
  now = new Date(),
}: {
  db: Db;
  target: BulkStatusTarget;
  input: StatusUpdateInput;
  notify: boolean;
  key: string;
  /**
   * Which text channels have a provider here (the page reads them from the configuration): a phone is reached
   * only by those. None unless said, so the count never claims a text that cannot leave.
   */
  textChannels?: TextChannels;
  now?: Date;
}): Promise<BulkStatusResult> {
  return db
    .transaction(async (tx) => {
      const [claimed] = await tx
        .insert(bulkOperations)
        .values({ key, kind: "status-update", count: 0, createdAt: now })
        .onConflictDoNothing()
        .returning({ key: bulkOperations.key });
      if (!claimed) {
        const [done] = await tx.select().from(bulkOperations).where(eq(bulkOperations.key, key));
        return { ok: true, count: done?.count ?? 0, told: null, repeated: true } as const;
      }
      const where = await targetCondition(tx, target);
      if ("unknown" in where) throw new Refused({ ok: false, reason: "unknown", unknown: where.unknown });
      // Locked in one order, so two bulk updates over the same shipments never deadlock.
      const rows = await tx
        .select({ id: shipments.id })
        .from(shipments)
        .where(where.sql)
        .orderBy(asc(shipments.id))
        .limit(BULK_STATUS_MAX + 1)
        .for("update");
      if (rows.length === 0 || rows.length > BULK_STATUS_MAX) {
        throw new Refused({ ok: false, reason: rows.length === 0 ? "none" : "too-many" });
      }
      const ids = rows.map((row) => row.id);
      const newest = new Map(
        (
          await tx
            .select({ id: shipmentStatusHistory.shipmentId, at: max(shipmentStatusHistory.timestamp) })
            .from(shipmentStatusHistory)
            .where(inArray(shipmentStatusHistory.shipmentId, ids))
            .groupBy(shipmentStatusHistory.shipmentId)
        ).map((row) => [row.id, row.at]),
      );
      for (let i = 0; i < ids.length; i += 1000) {
        await tx.insert(shipmentStatusHistory).values(
          ids.slice(i, i + 1000).map((shipmentId) => ({
            shipmentId,
            status: input.status,
            location: input.location,
            notes: input.notes,
            timestamp: input.timestamp,
            createdAt: now,
            updatedAt: now,
          })),
        );
      }
      await tx
        .update(shipments)
        .set(
          input.alsoSetCurrent
            ? { status: input.status, currentLocation: input.location, updatedAt: now }
            : { updatedAt: now },
        )
        .where(inArray(shipments.id, ids));
      // Told, as a single update is, only when it becomes each shipment's status (decision 013).
      const recorded: string[] = [];
      // The master switch is read once for the whole update, not once a shipment (up to BULK_STATUS_MAX reads).
      if (notify && input.alsoSetCurrent && (await getNotificationSettings({ db: tx })).enabled) {
        for (const shipmentId of ids) {
          const told = await recordStatusEntry({
            tx,
            shipmentId,
            entry: input,
            newest: newest.get(shipmentId) ?? null,
            now,
            enabled: true,
          });
          if (told) recorded.push(shipmentId);
        }
      }
      const told = await countReachable(tx, recorded, textChannels);
      await tx.update(bulkOperations).set({ count: ids.length }).where(eq(bulkOperations.key, key));
      return { ok: true, count: ids.length, told, repeated: false } as const;
    })
    .catch((error: unknown) => {
      // A refusal undoes the transaction (its claim of the key too, so the form can be sent again once fixed).
      if (error instanceof Refused) return error.result;
      throw error;
    });
}

/** Whether SMS and WhatsApp have a provider on this installation (decision 012). */
export type TextChannels = { sms: boolean; whatsapp: boolean };
const NO_TEXT_CHANNELS: TextChannels = { sms: false, whatsapp: false };

/**
 * Of these shipments, how many have someone a status message goes to: the shipper or consignee with an e-mail, or
 * a phone while SMS or WhatsApp is on, and their per-shipment switch on (no row: on), or a confirmed subscriber by
 * e-mail, or by SMS while SMS is on (the scheduler texts no one without a provider). A recorded change with no one
 * to tell is sent to no one, so the page must not say customers were told.
 */
async function countReachable(
  db: Pick<Db, "select">,
  ids: string[],
  textChannels: TextChannels,
): Promise<number> {
  if (ids.length === 0) return 0;
  const texted = textChannels.sms || textChannels.whatsapp;
  const party = (table: typeof shippers | typeof consignees, role: "shipper" | "consignee") =>
    sql`exists (select 1 from ${table} where ${table.id} = ${role === "shipper" ? shipments.shipperId : shipments.consigneeId}
      and (coalesce(${table.email}, '') <> '' or (${texted} and coalesce(${table.phone}, '') <> ''))
      and not exists (select 1 from ${shipmentNotificationRecipients}
        where ${shipmentNotificationRecipients.shipmentId} = ${shipments.id}
        and ${shipmentNotificationRecipients.role} = ${role} and not ${shipmentNotificationRecipients.enabled}))`;
  const subscriber = sql`exists (select 1 from ${notificationSubscribers}
    where ${notificationSubscribers.shipmentId} = ${shipments.id} and ${notificationSubscribers.confirmedAt} is not null
    and (${notificationSubscribers.channel} = 'email' or ${textChannels.sms}))`;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(shipments)
    .where(
      sql`${inArray(shipments.id, ids)} and (${party(shippers, "shipper")} or ${party(consignees, "consignee")} or ${subscriber})`,
    );
  return row?.n ?? 0;
}

class Refused extends Error {
  readonly result: Extract<BulkStatusResult, { ok: false }>;
  constructor(result: Extract<BulkStatusResult, { ok: false }>) {
    super(result.reason);
    this.result = result;
  }
}
