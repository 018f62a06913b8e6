// Longer than 450 lines: the shipment rows and their status history are written together in one transaction;
// its three marked sections are shipments, status history and the dashboard.
import crypto from "node:crypto";
import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { companyDate } from "#app/lib/shipment-status.ts";
import { trackingKey } from "#app/lib/tracking-number.ts";
import { sameStatus, stepOfStatus } from "#app/lib/tracking-progress.ts";
import type { ShipmentInput } from "#app/schemas/shipment.ts";
import { COMMON_STATUSES, type StatusUpdateInput } from "#app/schemas/shipment-status.ts";
import type { Db, DbOrTx, Tx } from "#app/server/db/client.server.ts";
import { isUniqueViolation } from "#app/server/db/errors.server.ts";
import { consignees, shipmentStatusHistory, shipments, shippers } from "#app/server/db/schema.ts";
import { isUuid, likePattern, searchTermOf } from "#app/server/db/text-search.server.ts";
import { assertPartiesExist, getParty } from "#app/server/parties/parties.server.ts";
import { overdueCondition } from "#app/server/shipments/exceptions.server.ts";
import {
  estimateMoved,
  recordShipmentChange,
  recordStatusEntry,
} from "#app/server/shipments/shipment-changes.server.ts";

// Shipments and their status history. Their shippers and consignees are in parties.server.ts.

/** The searchable text of a shipment; the same expression as the trigram index in drizzle/0001. */
const searchText = sql`(${shipments.trackingNumber} || E'\\x1f' || ${shipments.status} || E'\\x1f' || ${shipments.originLocation} || E'\\x1f' || ${shipments.destinationLocation})`;

/** A shipper's or consignee's searchable text (name and company); the expression of the trigram indexes in drizzle/0006. */
const partySearchText = (table: typeof shippers | typeof consignees) =>
  sql`(${table.name} || E'\\x1f' || coalesce(${table.company}, ''))`;

/**
 * A shipment whose own fields, or whose shipper's or consignee's name or company, hold the pattern. The
 * matching parties' ids are collected first (their trigram indexes), as arrays, so the shipment side is a
 * bitmap OR of its trigram index and the shipper_id / consignee_id indexes.
 */
function searchCondition(pattern: string): SQL {
  const partyIds = (table: typeof shippers | typeof consignees) =>
    sql`array(select ${table.id} from ${table} where ${partySearchText(table)} ilike ${pattern})`;
  return sql`(${searchText} ilike ${pattern} or ${shipments.shipperId} = any(${partyIds(shippers)}) or ${shipments.consigneeId} = any(${partyIds(consignees)}))`;
}

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

/** The most matches a search counts (and pages through); a broader search says "1,000+". */
export const SEARCH_COUNT_CAP = 1000;

export type ShipmentListFilter = {
  search?: string;
  /** "active" (not Delivered), or an exact status (case-insensitive). */
  status?: string;
  sort?: "newest" | "oldest";
  page?: number;
  pageSize?: number;
};

/** The search text without control characters (which no field can hold), or "" for none. */
/** The list's search and status filter in SQL (also what a bulk update on "all matching" applies to). */
export function listConditions({ search, status }: ShipmentListFilter): SQL | undefined {
  const conditions: SQL[] = [];
  const term = searchTermOf(search);
  if (term) conditions.push(searchCondition(likePattern(term)));
  if (status === "active") conditions.push(sql`lower(${shipments.status}) <> 'delivered'`);
  else if (status) conditions.push(sql`lower(${shipments.status}) = lower(${status})`);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * One page of shipments, newest first by default, with the parties' names and the total count. The
 * page's ids come first from the (created_at, id) index, so only those rows are joined.
 */
export async function findShipments({ db, ...filter }: { db: Db } & ShipmentListFilter) {
  const pageSize = Math.min(Math.max(filter.pageSize ?? 20, 1), 100);
  const where = listConditions(filter);
  const order =
    filter.sort === "oldest"
      ? [asc(shipments.createdAt), asc(shipments.id)]
      : [desc(shipments.createdAt), desc(shipments.id)];
  const requested = Math.max(Math.trunc(filter.page ?? 1) || 1, 1);

  const pageIds = (q: Pick<Db, "select">, page: number) =>
    q
      .select({ id: shipments.id })
      .from(shipments)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .then((rows) => rows.map((row) => row.id));

  // The plain list: the page from the (created_at, id) index, then the count (a short first page is the
  // whole list: no count needed).
  const list = async () => {
    const firstTry = await pageIds(db, requested);
    const total =
      requested === 1 && firstTry.length < pageSize
        ? firstTry.length
        : (await db.select({ total: count() }).from(shipments).where(where))[0]!.total;
    const pageCount = Math.max(1, Math.ceil(total / pageSize));
    const page = Math.min(requested, pageCount);
    return {
      ids: page === requested ? firstTry : await pageIds(db, page),
      capped: false,
      total,
      pageCount,
      page,
    };
  };

  // A search collects its matches through the trigram indexes (the shipments', and the parties' whose ids
  // then pick shipments through the shipper and consignee indexes), at most SEARCH_COUNT_CAP + 1 of them, and
  // counts and pages them in the same statement: a rare term costs a few index lookups whatever the
  // page. A broad one (over the cap) is dense in every stretch of the table, so its page comes from
  // the (created_at, id) index after a few rows; past the cap, staff refine the search. The planner is
  // kept off full-table scans: it underestimates how selective the trigram index is.
  const search = () =>
    db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const direction = filter.sort === "oldest" ? sql`asc` : sql`desc`;
      const collect = async (page: number) => {
        const result = await tx.execute<{ total: number; id: string | null }>(sql`
          with matches as materialized (
            select ${shipments.id} as id, ${shipments.createdAt} as created_at
            from ${shipments} where ${where} limit ${SEARCH_COUNT_CAP + 1}
          )
          select t.total::int as total, p.id
          from (select count(*) as total from matches) t
          left join lateral (
            select id from matches order by created_at ${direction}, id ${direction}
            limit ${pageSize} offset ${(page - 1) * pageSize}
          ) p on true`);
        const total = Number(result.rows[0]?.total ?? 0);
        return { total, ids: result.rows.flatMap((row) => (row.id ? [row.id] : [])) };
      };
      const first = await collect(requested);
      const capped = first.total > SEARCH_COUNT_CAP;
      const total = Math.min(first.total, SEARCH_COUNT_CAP);
      const pageCount = Math.max(1, Math.ceil(total / pageSize));
      const page = Math.min(requested, pageCount);
      const ids = capped
        ? await pageIds(tx, page)
        : page === requested
          ? first.ids
          : (await collect(page)).ids;
      return { ids, capped, total, pageCount, page };
    });

  const { ids, capped, total, pageCount, page } = searchTermOf(filter.search) ? await search() : await list();
  if (ids.length === 0) return { rows: [], total, capped, page, pageSize, pageCount };

  const joined = await db
    .select({
      id: shipments.id,
      trackingNumber: shipments.trackingNumber,
      status: shipments.status,
      originLocation: shipments.originLocation,
      destinationLocation: shipments.destinationLocation,
      createdAt: shipments.createdAt,
      estimatedDelivery: shipments.estimatedDelivery,
      pieces: shipments.pieces,
      shipperName: shippers.name,
      consigneeName: consignees.name,
    })
    .from(shipments)
    .leftJoin(shippers, eq(shippers.id, shipments.shipperId))
    .leftJoin(consignees, eq(consignees.id, shipments.consigneeId))
    .where(inArray(shipments.id, ids));
  const position = new Map(ids.map((id, index) => [id, index]));
  const rows = joined.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  return { rows, total, capped, page, pageSize, pageCount };
}

/** All shipments, and the active ones (any status other than Delivered). */
export async function countShipments({ db }: { db: Db }) {
  const [row] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where lower(${shipments.status}) <> 'delivered')`.mapWith(Number),
    })
    .from(shipments);
  return { total: row?.total ?? 0, active: row?.active ?? 0 };
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

/** The cargo fields of issue 16 (all optional): a caller that does not give them leaves them as they are. */
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

// Dashboard.

/**
 * What staff look at first: counts by status, shipments created per week over the last 12 weeks
 * (weeks start on Monday, UTC), and the overdue ones (`overdueCondition` of the exceptions board).
 */
export async function getShipmentStats({
  db,
  timeZone,
  now = new Date(),
}: {
  db: Db;
  /** The company's: whose 'today' decides what is overdue. */
  timeZone: string;
  now?: Date;
}) {
  const weekStart = new Date(now);
  weekStart.setUTCHours(0, 0, 0, 0);
  weekStart.setUTCDate(weekStart.getUTCDate() - ((weekStart.getUTCDay() + 6) % 7));
  const since = new Date(weekStart.getTime() - 11 * 7 * 24 * 60 * 60 * 1000);

  const [byStatus, perWeek, overdue] = await Promise.all([
    db
      .select({ status: shipments.status, count: count() })
      .from(shipments)
      .groupBy(shipments.status)
      .orderBy(desc(count()), asc(shipments.status)),
    db
      .select({
        week: sql<string>`to_char(date_trunc('week', ${shipments.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`,
        count: count(),
      })
      .from(shipments)
      .where(sql`${shipments.createdAt} >= ${since.toISOString()}::timestamptz`)
      .groupBy(sql`1`),
    db
      .select({
        id: shipments.id,
        trackingNumber: shipments.trackingNumber,
        status: shipments.status,
        estimatedDelivery: shipments.estimatedDelivery,
        destinationLocation: shipments.destinationLocation,
      })
      .from(shipments)
      .where(
        // The exceptions board's definition, so the dashboard's list and its 'past estimated delivery' agree.
        overdueCondition(companyDate(now, timeZone)),
      )
      .orderBy(asc(shipments.estimatedDelivery))
      .limit(50),
  ]);

  const counts = new Map(perWeek.map((row) => [row.week, row.count]));
  const weeks = Array.from({ length: 12 }, (_, i) => {
    const start = new Date(since.getTime() + i * 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    return { weekStart: start, count: counts.get(start) ?? 0 };
  });
  return { byStatus, weeks, overdue };
}
