// Shipments own the trigger of their notifications: every change worth telling (a status update, a moved
// estimate, a delivery) is recorded here, in the shipment's own transaction, as a pending notification row.
// app/server/notifications/ reads those rows and sends; it reads shipments, and never the other way round
// (decision 000, "the rooms"). The master switch it checks is a setting (app/server/settings/).
import { sql } from "drizzle-orm";
import type { Db, Tx } from "#app/server/db/client.server.ts";
import { type PendingNotificationChange, shipmentNotificationState } from "#app/server/db/schema.ts";
import { getNotificationSettings } from "#app/server/settings/notification-settings.server.ts";

/** Changes to one shipment within this long after a message are grouped into one follow-up message. */
export const GROUPING_WINDOW_MS = 2 * 60 * 1000;
/** A status update dated more than this before the newest existing one is a correction: nothing is told. */
export const CORRECTION_MS = 60 * 60 * 1000;
/** An estimated delivery moved by less than this is not worth a message. */
export const ESTIMATE_MOVE_MS = 24 * 60 * 60 * 1000;

/** Whether a new status update dated `timestamp` is a correction of the history (dated over an hour before its newest entry). */
export function isCorrection({ timestamp, newest }: { timestamp: Date; newest: Date | null }): boolean {
  return newest !== null && timestamp.getTime() < newest.getTime() - CORRECTION_MS;
}

/** Whether the estimated delivery moved by a day or more (set or cleared counts as moved). */
export function estimateMoved(before: Date | null, after: Date | null): boolean {
  if (!before || !after) return before !== after && (before !== null || after !== null);
  return Math.abs(after.getTime() - before.getTime()) >= ESTIMATE_MOVE_MS;
}

/**
 * Records a change of a shipment to be told to its recipients, in the caller's transaction (with the change
 * itself, so neither is lost without the other). The shipment's pending notification is due at once (or at
 * the change's own time when it is dated in the future), or, within two minutes of the last message, at the
 * end of that window: the changes in between go out as one follow-up. Nothing is recorded while the master
 * switch is off or the shipment's notifications are paused.
 */
export async function recordShipmentChange({
  tx,
  shipmentId,
  change,
  now,
  enabled,
}: {
  tx: Tx | Db;
  shipmentId: string;
  change: Omit<PendingNotificationChange, "notBefore">;
  now: Date;
  /** The master switch, when the caller read it already (a bulk update reads it once, not once a shipment). */
  enabled?: boolean;
}): Promise<boolean> {
  if (!(enabled ?? (await getNotificationSettings({ db: tx })).enabled)) return false;
  const at = new Date(change.at);
  const notBefore = at.getTime() > now.getTime() ? at : now;
  const pending: PendingNotificationChange = { ...change, notBefore: notBefore.toISOString() };
  const window = sql`${shipmentNotificationState.lastSentAt} + make_interval(secs => ${GROUPING_WINDOW_MS / 1000})`;
  const candidate = sql`greatest(${notBefore.toISOString()}::timestamptz, coalesce(${window}, '-infinity'::timestamptz))`;
  const rows = await tx
    .insert(shipmentNotificationState)
    .values({
      shipmentId,
      pending: [pending],
      dueAt: notBefore,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: shipmentNotificationState.shipmentId,
      set: {
        pending: sql`${shipmentNotificationState.pending} || ${JSON.stringify([pending])}::jsonb`,
        dueAt: sql`least(coalesce(${shipmentNotificationState.dueAt}, 'infinity'::timestamptz), ${candidate})`,
        updatedAt: now,
      },
      setWhere: sql`${shipmentNotificationState.paused} = false`,
    })
    .returning({ shipmentId: shipmentNotificationState.shipmentId });
  return rows.length > 0;
}

/**
 * A new entry of a shipment's status history, recorded to be told (recordShipmentChange) unless it corrects the
 * history: dated over an hour before the shipment's newest entry (`newest`, read before it was added).
 */
export function recordStatusEntry({
  tx,
  shipmentId,
  entry,
  newest,
  now,
  enabled,
}: {
  tx: Tx | Db;
  shipmentId: string;
  entry: { status: string; location: string; notes?: string | null; timestamp: Date };
  newest: Date | null;
  now: Date;
  /** The master switch, when the caller read it already (recordShipmentChange). */
  enabled?: boolean;
}): Promise<boolean> {
  if (isCorrection({ timestamp: entry.timestamp, newest })) return Promise.resolve(false);
  return recordShipmentChange({
    tx,
    shipmentId,
    change: {
      kind: "status",
      status: entry.status,
      location: entry.location,
      notes: entry.notes ?? null,
      at: entry.timestamp.toISOString(),
    },
    now,
    enabled,
  });
}
