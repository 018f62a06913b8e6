// Shipments and their status history: creating, changing and deleting a shipment, and adding, editing and
// deleting its status updates. Both are written in one transaction with what their recipients are told of the
// change (docs/decisions/013). Their shippers and consignees are in parties.server.ts, the staff's list and its
// search in shipment-list.server.ts, the dashboard's figures in shipment-dashboard.server.ts.
import crypto from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { trackingKey } from "#app/lib/tracking-number.ts";
import { sameStatus, stepOfStatus } from "#app/lib/tracking-progress.ts";
import type { ShipmentInput } from "#app/schemas/shipment.ts";
import { COMMON_STATUSES, type StatusUpdateInput } from "#app/schemas/shipment-status.ts";
import type { Db, DbOrTx, Tx } from "#app/server/db/client.server.ts";
import { isUniqueViolation } from "#app/server/db/errors.server.ts";
import { shipmentStatusHistory, shipments } from "#app/server/db/schema.ts";
import { isUuid } from "#app/server/db/text-search.server.ts";
import { assertPartiesExist, getParty } from "#app/server/parties/parties.server.ts";
import {
  estimateMoved,
  recordShipmentChange,
  recordStatusEntry,
} from "#app/server/shipments/shipment-changes.server.ts";

export class DuplicateTrackingNumberError extends Error {
  override name = "DuplicateTrackingNumberError";
}

/**
 * Another shipment's number has the same key (it differs only in spaces, dashes, dots or case, e.g.
 * UTG12-345678 when UTG-1234-5678 exists): the public page could not tell them apart.
 */
export class TrackingKeyTakenError extends DuplicateTrackingNumberError {
  override name = "TrackingKeyTakenError";
  readonly existingTrackingNumber: string | null;
  constructor(existingTrackingNumber: string | null) {
    super(`The tracking number's key is taken by ${existingTrackingNumber ?? "another shipment"}`);
    this.existingTrackingNumber = existingTrackingNumber;
  }
}

/** The error a failed insert or update of a shipment means, when it is a taken tracking number or key. */
async function trackingNumberConflict(db: Db, error: unknown, trackingNumber: string) {
  if (isUniqueViolation(error, "shipments_tracking_number_idx")) return new DuplicateTrackingNumberError();
  if (!isUniqueViolation(error, "shipments_tracking_key_idx")) return null;
  const [other] = await db
    .select({ trackingNumber: shipments.trackingNumber })
    .from(shipments)
    .where(eq(shipments.trackingKey, trackingKey(trackingNumber)))
    .catch(() => []);
  if (other?.trackingNumber === trackingNumber) return new DuplicateTrackingNumberError();
  return new TrackingKeyTakenError(other?.trackingNumber ?? null);
}

/**
 * The order of a status history, newest first: by when the event happened (the entry's timestamp, which staff
 * may backdate), then the entry recorded last, then the id so equal rows still keep one order. The public
 * tracking query (tracking.server.ts) orders the same way.
 */
const HISTORY_ORDER = [
  desc(shipmentStatusHistory.timestamp),
  desc(shipmentStatusHistory.createdAt),
  desc(shipmentStatusHistory.id),
];

/** A shipment with its full shipper and consignee and its history, newest first; null when unknown. */
export async function getShipmentById({ db, id }: { db: Db; id: string }) {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(shipments).where(eq(shipments.id, id));
  if (!row) return null;
  const [shipper, consignee, history] = await Promise.all([
    row.shipperId ? getParty({ db, kind: "shipper", id: row.shipperId }) : null,
    row.consigneeId ? getParty({ db, kind: "consignee", id: row.consigneeId }) : null,
    db
      .select()
      .from(shipmentStatusHistory)
      .where(eq(shipmentStatusHistory.shipmentId, id))
      .orderBy(...HISTORY_ORDER),
  ]);
  return { ...row, shipper, consignee, history };
}

/** A fresh tracking number in the UTG-1234-5678 format that no shipment has yet. */
export async function generateTrackingNumber({ db }: { db: Db }): Promise<string> {
  for (;;) {
    const digits = crypto.randomInt(0, 100_000_000).toString().padStart(8, "0");
    const candidate = `UTG-${digits.slice(0, 4)}-${digits.slice(4)}`;
    const [taken] = await db
      .select({ id: shipments.id })
      .from(shipments)
      .where(eq(shipments.trackingKey, trackingKey(candidate)));
    if (!taken) return candidate;
  }
}

/** The cargo fields (all optional): a caller that does not give them leaves them as they are. */
type CargoKey =
  | "transportMode"
  | "pieces"
  | "goodsDescription"
  | "declaredValue"
  | "declaredCurrency"
  | "incoterm";
export type ShipmentWrite = Omit<ShipmentInput, CargoKey> & Partial<Pick<ShipmentInput, CargoKey>>;

/**
 * Whether a new shipment's status is its booking: the stepper's first step, or a status of staff's own words it
 * does not know ('Awaiting pickup'). A status the form offers past booking that names no step ('Out for
 * Delivery', 'Delayed') is not: its shipper would be told 'Booked' of cargo on its way to the door.
 */
function isBookingStatus(status: string): boolean {
  const step = stepOfStatus(status);
  return step === 0 || (step === null && !COMMON_STATUSES.some((common) => sameStatus(common, status)));
}

/**
 * Creates a shipment. One booked at its first step (a status like Pending or Booked, or staff's own words the stepper does not know)
 * tells its shipper at once, 'Booked', with its tracking number and link, recorded in the same transaction
 * (decision 013, 'Booked'); one entered already in transit or delivered tells nobody.
 */
export async function createShipment({
  db,
  input,
  now = new Date(),
}: {
  db: DbOrTx;
  input: ShipmentWrite;
  now?: Date;
}) {
  await assertPartiesExist({ db, shipperId: input.shipperId, consigneeId: input.consigneeId });
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(shipments).values(input).returning();
      if (isBookingStatus(row!.status)) {
        await recordShipmentChange({
          tx,
          shipmentId: row!.id,
          change: {
            kind: "booked",
            status: row!.status,
            location: row!.originLocation,
            notes: null,
            at: now.toISOString(),
          },
          now,
        });
      }
      return row!;
    });
  } catch (error) {
    throw (await trackingNumberConflict(db, error, input.trackingNumber)) ?? error;
  }
}

/**
 * Updates every field of a shipment; null when the shipment no longer exists. A change of its status, or of
 * its estimated delivery by a day or more, is recorded for its recipients in the same transaction.
 */
export async function updateShipment({
  db,
  id,
  input,
  now = new Date(),
}: {
  db: Db;
  id: string;
  input: ShipmentWrite;
  now?: Date;
}) {
  if (!isUuid(id)) return null;
  await assertPartiesExist({ db, shipperId: input.shipperId, consigneeId: input.consigneeId });
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ status: shipments.status, estimatedDelivery: shipments.estimatedDelivery })
        .from(shipments)
        .where(eq(shipments.id, id))
        .for("update");
      if (!before) return null;
      const [row] = await tx
        .update(shipments)
        .set({ ...input, updatedAt: now })
        .where(eq(shipments.id, id))
        .returning();
      if (!row) return null;
      const statusChanged = before.status !== row.status;
      const moved = estimateMoved(before.estimatedDelivery, row.estimatedDelivery);
      if (statusChanged || moved) {
        await recordShipmentChange({
          tx,
          shipmentId: id,
          change: {
            kind: statusChanged ? "status" : "estimated_delivery",
            status: row.status,
            location: row.currentLocation,
            notes: null,
            at: now.toISOString(),
            estimatedDelivery: row.estimatedDelivery?.toISOString() ?? null,
          },
          now,
        });
      }
      return row;
    });
  } catch (error) {
    throw (await trackingNumberConflict(db, error, input.trackingNumber)) ?? error;
  }
}

/** Deletes the history, then the shipment, in one transaction; returns the deleted tracking number. */
export async function deleteShipment({ db, id }: { db: Db; id: string }): Promise<string | null> {
  if (!isUuid(id)) return null;
  return db.transaction(async (tx) => {
    await tx.delete(shipmentStatusHistory).where(eq(shipmentStatusHistory.shipmentId, id));
    const [row] = await tx
      .delete(shipments)
      .where(eq(shipments.id, id))
      .returning({ trackingNumber: shipments.trackingNumber });
    return row?.trackingNumber ?? null;
  });
}

// Status history.

/**
 * The shipment's row, locked for a change of its history, and its newest entry (id and event time) before the
 * change; null when the shipment is unknown. `following`: the shipment's status and current location were its
 * newest entry's (letter case and spacing aside), read under the same lock, so an edit of the history may move
 * the shipment with it (followNewestEntry); staff who set the status on the shipment's form, or added an entry
 * with 'Also set as current' unticked, chose a status the history must not overwrite (docs/decisions/013).
 */
async function lockHistory(tx: Tx, shipmentId: string) {
  const [shipment] = await tx
    .select({ id: shipments.id, status: shipments.status, location: shipments.currentLocation })
    .from(shipments)
    .where(eq(shipments.id, shipmentId))
    .for("update");
  if (!shipment) return null;
  const [newest] = await tx
    .select({
      id: shipmentStatusHistory.id,
      timestamp: shipmentStatusHistory.timestamp,
      status: shipmentStatusHistory.status,
      location: shipmentStatusHistory.location,
    })
    .from(shipmentStatusHistory)
    .where(eq(shipmentStatusHistory.shipmentId, shipmentId))
    .orderBy(...HISTORY_ORDER)
    .limit(1);
  const following =
    newest !== undefined &&
    sameStatus(shipment.status, newest.status) &&
    // Places compare as statuses do: the same words whatever their case and spacing.
    sameStatus(shipment.location, newest.location);
  return { newestId: newest?.id ?? null, newestAt: newest?.timestamp ?? null, following };
}

/**
 * Adds a status update that happened at `input.timestamp` (now, or backdated). It does not change the
 * shipment's own status (spec) unless `alsoSetCurrent` asks to set the status and current location too, in
 * the same transaction, which then also records it for the shipment's recipients (decision 013): only an
 * update that becomes the shipment's status is told.
 */
export async function addStatusUpdate({
  db,
  shipmentId,
  input,
  now = new Date(),
}: {
  db: DbOrTx;
  shipmentId: string;
  input: StatusUpdateInput;
  now?: Date;
}) {
  if (!isUuid(shipmentId)) return null;
  return db.transaction(async (tx) => {
    const locked = await lockHistory(tx, shipmentId);
    if (!locked) return null;
    const [entry] = await tx
      .insert(shipmentStatusHistory)
      .values({
        shipmentId,
        status: input.status,
        location: input.location,
        notes: input.notes,
        timestamp: input.timestamp,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (input.alsoSetCurrent) {
      await tx
        .update(shipments)
        .set({ status: input.status, currentLocation: input.location, updatedAt: now })
        .where(eq(shipments.id, shipmentId));
    } else {
      await tx.update(shipments).set({ updatedAt: now }).where(eq(shipments.id, shipmentId));
    }
    // Told to the recipients only when it becomes the shipment's status (what the tracking page then shows),
    // and not when it corrects the history (dated over an hour before its newest entry). An entry that does not
    // become current is an earlier step added to the history: a message would name a status the customer's
    // tracking page does not show (decision 013).
    if (input.alsoSetCurrent) {
      await recordStatusEntry({ tx, shipmentId, entry: input, newest: locked.newestAt, now });
    }
    return entry!;
  });
}

/**
 * The shipment's own status and location follow its newest history entry (HISTORY_ORDER) after `entryId` was
 * edited or deleted, when that entry was the newest before or is the newest now, and only when the shipment was
 * at its newest entry before the change (`locked.following`): the tracking page shows the status beside its
 * latest update, and the two must never disagree (docs/decisions/013, 'Editing the newest entry'). With `notify`, a change of what the page shows is told as an added update is. Nothing follows when
 * no entry is left. In the caller's transaction, with the shipment's row locked.
 */
async function followNewestEntry({
  tx,
  shipmentId,
  entryId,
  locked,
  notify,
  now,
}: {
  tx: Tx;
  shipmentId: string;
  entryId: string;
  locked: { newestId: string | null; following: boolean };
  notify: boolean;
  now: Date;
}) {
  // A shipment that was not at its newest entry before the change stays where staff put it: following the
  // history then would move it (and tell its customers) a step they never took.
  if (!locked.following) return;
  const [newest] = await tx
    .select()
    .from(shipmentStatusHistory)
    .where(eq(shipmentStatusHistory.shipmentId, shipmentId))
    .orderBy(...HISTORY_ORDER)
    .limit(1);
  if (locked.newestId !== entryId && newest?.id !== entryId) return;
  if (!newest) return;
  const [before] = await tx
    .select({ status: shipments.status, location: shipments.currentLocation })
    .from(shipments)
    .where(eq(shipments.id, shipmentId));
  if (before?.status === newest.status && before.location === newest.location) return;
  await tx
    .update(shipments)
    .set({ status: newest.status, currentLocation: newest.location, updatedAt: now })
    .where(eq(shipments.id, shipmentId));
  if (notify) await recordStatusEntry({ tx, shipmentId, entry: newest, newest: null, now });
}

/**
 * Changes a status update's status, location, notes and event time; null when it is not this shipment's. The
 * shipment's status and location follow its newest entry (followNewestEntry), told to its customers with `notify`.
 */
export async function updateStatusUpdate({
  db,
  shipmentId,
  id,
  input,
  notify = false,
  now = new Date(),
}: {
  db: Db;
  shipmentId: string;
  id: string;
  input: Omit<StatusUpdateInput, "alsoSetCurrent">;
  notify?: boolean;
  now?: Date;
}) {
  if (!isUuid(id) || !isUuid(shipmentId)) return null;
  return db.transaction(async (tx) => {
    const locked = await lockHistory(tx, shipmentId);
    if (!locked) return null;
    const [row] = await tx
      .update(shipmentStatusHistory)
      .set({
        status: input.status,
        location: input.location,
        notes: input.notes,
        timestamp: input.timestamp,
        updatedAt: now,
      })
      .where(and(eq(shipmentStatusHistory.id, id), eq(shipmentStatusHistory.shipmentId, shipmentId)))
      .returning();
    if (!row) return null;
    await followNewestEntry({ tx, shipmentId, entryId: id, locked, notify, now });
    return row;
  });
}

/**
 * Deletes a status update; false when it is not this shipment's. Deleting the newest entry puts the shipment's
 * status and location back to the entry before it (followNewestEntry), told to its customers with `notify`.
 */
export async function deleteStatusUpdate({
  db,
  shipmentId,
  id,
  notify = false,
  now = new Date(),
}: {
  db: Db;
  shipmentId: string;
  id: string;
  notify?: boolean;
  now?: Date;
}) {
  if (!isUuid(id) || !isUuid(shipmentId)) return false;
  return db.transaction(async (tx) => {
    const locked = await lockHistory(tx, shipmentId);
    if (!locked) return false;
    const deleted = await tx
      .delete(shipmentStatusHistory)
      .where(and(eq(shipmentStatusHistory.id, id), eq(shipmentStatusHistory.shipmentId, shipmentId)))
      .returning({ id: shipmentStatusHistory.id });
    if (deleted.length === 0) return false;
    await followNewestEntry({ tx, shipmentId, entryId: id, locked, notify, now });
    return true;
  });
}
