import { and, asc, count, eq, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import { companyDate, daysPastDelivery } from "#app/lib/shipment-status.ts";
import {
  DEFAULT_STALL_DAYS,
  type ExceptionSettings,
  exceptionSettingsSchema,
} from "#app/schemas/exception-settings.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { shipmentStatusHistory, shipments, siteSettings } from "#app/server/db/schema.ts";
import type { ExceptionKind } from "#app/server/shipments/shipment-views.ts";

// The exceptions board (decision 018): open shipments that need someone's attention. Stalled: no
// status update for N days (shipments.last_event_at, kept by the database). Overdue: past their estimated
// delivery and not delivered. Delayed: their status says so. Each is one query on a partial index.

export const EXCEPTION_KINDS: readonly ExceptionKind[] = ["stalled", "overdue", "delayed"];

export const EXCEPTION_SETTINGS_KEY = "exceptions";
const DAY_MS = 24 * 60 * 60 * 1000;
export const EXCEPTIONS_PAGE_SIZE = 20;

export async function getExceptionSettings({ db }: { db: Pick<Db, "select"> }): Promise<ExceptionSettings> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, EXCEPTION_SETTINGS_KEY));
  const parsed = exceptionSettingsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : { stallDays: DEFAULT_STALL_DAYS };
}

export async function updateExceptionSettings({ db, settings }: { db: Db; settings: ExceptionSettings }) {
  await db
    .insert(siteSettings)
    .values({ key: EXCEPTION_SETTINGS_KEY, value: settings })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: settings, updatedAt: new Date() } });
}

const open = sql`lower(${shipments.status}) <> 'delivered'`;

/**
 * Overdue, the one definition the dashboard, its cards and the board use: not delivered (by status or by a history
 * entry), with an estimated delivery on a day before `today` (companyDate: the company's date, decision 010), as `isDeliveryOverdue` says of one
 * shipment. Estimated deliveries are calendar days at midnight UTC: today's is not overdue yet.
 */
export function overdueCondition(today: Date): SQL {
  return and(
    open,
    isNotNull(shipments.estimatedDelivery),
    lt(shipments.estimatedDelivery, today),
    // A 'Delivered' history entry counts even when the shipment's own status was not moved with it.
    sql`not exists (select 1 from ${shipmentStatusHistory} h where h.shipment_id = ${shipments.id} and lower(h.status) = 'delivered')`,
  )!;
}

type When = { stallDays: number; now: Date; timeZone: string };

/** The condition of a kind, matching its partial index's own (so the planner uses it). */
function kindCondition(kind: ExceptionKind, { stallDays, now, timeZone }: When): SQL {
  switch (kind) {
    case "stalled":
      return and(open, lt(shipments.lastEventAt, new Date(now.getTime() - stallDays * DAY_MS)))!;
    case "overdue":
      return overdueCondition(companyDate(now, timeZone));
    case "delayed":
      return sql`lower(${shipments.status}) = 'delayed'`;
  }
}

/** How many shipments each kind holds (the dashboard's cards and the board's headings). */
export async function countExceptions({
  db,
  stallDays,
  timeZone,
  now = new Date(),
}: {
  db: Db;
  stallDays: number;
  /** The company's (site settings): whose 'today' decides what is overdue. */
  timeZone: string;
  now?: Date;
}): Promise<Record<ExceptionKind, number>> {
  const counts = await Promise.all(
    EXCEPTION_KINDS.map(async (kind) => {
      const [row] = await db
        .select({ n: count() })
        .from(shipments)
        .where(kindCondition(kind, { stallDays, now, timeZone }));
      return [kind, row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(counts) as Record<ExceptionKind, number>;
}

/** One page of a kind, the longest waiting first: the oldest update, or the most overdue. */
export async function findExceptions({
  db,
  kind,
  stallDays,
  timeZone,
  page = 1,
  now = new Date(),
}: {
  db: Db;
  kind: ExceptionKind;
  stallDays: number;
  timeZone: string;
  page?: number;
  now?: Date;
}) {
  const where = kindCondition(kind, { stallDays, now, timeZone });
  const today = companyDate(now, timeZone);
  const order = kind === "overdue" ? asc(shipments.estimatedDelivery) : asc(shipments.lastEventAt);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(shipments).where(where);
  const pageCount = Math.max(1, Math.ceil(total / EXCEPTIONS_PAGE_SIZE));
  const current = Math.min(Math.max(Math.trunc(page) || 1, 1), pageCount);
  const rows = await db
    .select({
      id: shipments.id,
      trackingNumber: shipments.trackingNumber,
      status: shipments.status,
      destinationLocation: shipments.destinationLocation,
      estimatedDelivery: shipments.estimatedDelivery,
      lastEventAt: shipments.lastEventAt,
    })
    .from(shipments)
    .where(where)
    .orderBy(order, asc(shipments.id))
    .limit(EXCEPTIONS_PAGE_SIZE)
    .offset((current - 1) * EXCEPTIONS_PAGE_SIZE);
  return {
    total,
    page: current,
    pageCount,
    rows: rows.map((row) => ({
      ...row,
      /** Whole days since its last update. */
      daysSinceUpdate: Math.floor((now.getTime() - row.lastEventAt.getTime()) / DAY_MS),
      /** Whole days past its estimated delivery in the company's calendar (0 when not past). */
      daysLate: row.estimatedDelivery ? daysPastDelivery(row.estimatedDelivery, today) : 0,
    })),
  };
}
