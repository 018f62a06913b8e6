import { and, asc, count, eq, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import {
  DEFAULT_STALL_DAYS,
  type ExceptionSettings,
  exceptionSettingsSchema,
} from "#app/schemas/exception-settings.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { shipments, siteSettings } from "#app/server/db/schema.ts";

// The exceptions board (issue 18, decision 018): open shipments that need someone's attention. Stalled: no
// status update for N days (shipments.last_event_at, kept by the database). Overdue: past their estimated
// delivery and not delivered. Delayed: their status says so. Each is one query on a partial index.

export const EXCEPTION_KINDS = ["stalled", "overdue", "delayed"] as const;
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];

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

/** The condition of a kind, matching its partial index's own (so the planner uses it). */
function kindCondition(kind: ExceptionKind, { stallDays, now }: { stallDays: number; now: Date }): SQL {
  switch (kind) {
    case "stalled":
      return and(open, lt(shipments.lastEventAt, new Date(now.getTime() - stallDays * DAY_MS)))!;
    case "overdue":
      return and(
        open,
        isNotNull(shipments.estimatedDelivery),
        lt(shipments.estimatedDelivery, startOfDay(now)),
      )!;
    case "delayed":
      return sql`lower(${shipments.status}) = 'delayed'`;
  }
}

/** Estimated deliveries are calendar dates (midnight UTC): today's is not overdue yet. */
function startOfDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** How many shipments each kind holds (the dashboard's cards and the board's headings). */
export async function countExceptions({
  db,
  stallDays,
  now = new Date(),
}: {
  db: Db;
  stallDays: number;
  now?: Date;
}): Promise<Record<ExceptionKind, number>> {
  const counts = await Promise.all(
    EXCEPTION_KINDS.map(async (kind) => {
      const [row] = await db
        .select({ n: count() })
        .from(shipments)
        .where(kindCondition(kind, { stallDays, now }));
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
  page = 1,
  now = new Date(),
}: {
  db: Db;
  kind: ExceptionKind;
  stallDays: number;
  page?: number;
  now?: Date;
}) {
  const where = kindCondition(kind, { stallDays, now });
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
      /** Whole days past its estimated delivery (0 when not past). */
      daysLate: row.estimatedDelivery
        ? Math.max(0, Math.floor((startOfDay(now).getTime() - row.estimatedDelivery.getTime()) / DAY_MS))
        : 0,
    })),
  };
}
