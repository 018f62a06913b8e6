import { and, count, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import { fromLocalDateTime } from "#app/lib/time-zone.ts";
import {
  type ActivityFilters,
  type AuditSettings,
  auditSettingsSchema,
  DEFAULT_AUDIT_RETENTION_DAYS,
} from "#app/schemas/audit-settings.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { adminUsers, auditLog, siteSettings } from "#app/server/db/schema.ts";
import type { Logger } from "#app/server/platform/logger.server.ts";

// The audit log (decision 021). Writes to the audited tables are recorded by database triggers
// (drizzle/0019); this module records what no table row says (sign-ins), reads the log and prunes it.

export const AUDIT_SETTINGS_KEY = "audit";
export const ACTIVITY_PAGE_SIZE = 50;

export type AuditAction =
  | "sign_in"
  | "sign_in_failed"
  | "sign_out"
  | "password_change"
  | "password_reset"
  | "customer_sign_in"
  | "customer_sign_out"
  | "customer_invite";

/**
 * Records a staff event that is not a row change: a sign-in (in the session's transaction), a failed sign-in
 * (with the e-mail typed, never the password), a sign-out, a password change or reset (never the password).
 */
export async function recordAuditEvent({
  db,
  action,
  actor,
  email,
  clientAddress,
  entityId,
}: {
  db: Pick<Db, "insert">;
  action: AuditAction;
  actor?: { id: string; name: string | null; email: string } | null;
  /** For a failed sign-in: the address typed (clipped). */
  email?: string;
  clientAddress: string | null;
  entityId?: string | null;
}): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor?.id ?? null,
    actorName: actor?.name ?? null,
    actorEmail: actor?.email ?? email?.slice(0, 254) ?? null,
    clientAddress,
    action,
    entity: "admin_users",
    entityId: entityId ?? actor?.id ?? null,
  });
}

/**
 * Records what a customer did that staff should see (decision 029): signing in and out of the customer account, and
 * inviting a colleague (no staff actor, so the triggers do not record it).
 * The customer is named in the actor's columns (no staff account, so no actor id).
 */
export async function recordCustomerAuditEvent({
  db,
  action,
  member,
  clientAddress,
  entityId,
}: {
  db: Pick<Db, "insert">;
  action: Extract<AuditAction, "customer_sign_in" | "customer_sign_out" | "customer_invite">;
  member: { id: string; name: string; email: string | null; phone: string | null };
  clientAddress: string | null;
  /** The member acted on (a colleague invited); the acting member when not said. */
  entityId?: string;
}): Promise<void> {
  await db.insert(auditLog).values({
    actorId: null,
    actorName: member.name,
    actorEmail: member.email ?? member.phone,
    clientAddress,
    action,
    entity: "customer_members",
    entityId: entityId ?? member.id,
  });
}

export async function getAuditSettings({ db }: { db: Pick<Db, "select"> }): Promise<AuditSettings> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, AUDIT_SETTINGS_KEY));
  const parsed = auditSettingsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : { retentionDays: DEFAULT_AUDIT_RETENTION_DAYS };
}

export async function updateAuditSettings({ db, settings }: { db: Db; settings: AuditSettings }) {
  await db
    .insert(siteSettings)
    .values({ key: AUDIT_SETTINGS_KEY, value: settings })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: settings, updatedAt: new Date() } });
}

/**
 * Deletes the entries older than the retention (Settings → Activity log); the only way rows leave the log.
 * One DELETE: several instances pruning at once delete each row once. Answers how many went.
 */
export async function pruneAuditLog({ db, now = new Date() }: { db: Db; now?: Date }): Promise<number> {
  const { retentionDays } = await getAuditSettings({ db });
  const before = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000);
  const deleted = await db
    .delete(auditLog)
    .where(lt(auditLog.createdAt, before))
    .returning({ id: auditLog.id });
  return deleted.length;
}

export const AUDIT_PRUNE_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** Prunes at start and every 24 hours until closed (one run at a time; a failed run is logged). */
export function scheduleAuditPruning({
  db,
  logger,
  intervalMs = AUDIT_PRUNE_INTERVAL_MS,
  now = () => new Date(),
}: {
  db: Db;
  logger: Pick<Logger, "warn" | "info">;
  intervalMs?: number;
  now?: () => Date;
}): { close(): Promise<void> } {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= pruneAuditLog({ db, now: now() })
      .then((n) => {
        if (n > 0) logger.info({ deleted: n }, "Dropped activity log entries past their retention");
      })
      .catch((error: unknown) => logger.warn({ err: error }, "Could not prune the activity log"))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(run, 5_000);
  first.unref();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    async close() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}

export type AuditEntry = {
  id: string;
  createdAt: Date;
  actorId: string | null;
  actorName: string | null;
  actorEmail: string | null;
  clientAddress: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  shipmentId: string | null;
  changes: Record<string, [unknown, unknown]> | null;
  /** Whether the account that acted still exists. */
  actorExists: boolean;
};

const entryColumns = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  actorId: auditLog.actorId,
  actorName: auditLog.actorName,
  actorEmail: auditLog.actorEmail,
  clientAddress: auditLog.clientAddress,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  shipmentId: auditLog.shipmentId,
  changes: auditLog.changes,
  actorExists: sql<boolean>`${auditLog.actorId} is not null`,
};

/** The log, newest first, filtered (dates are calendar days in `timeZone`, both ends included) and paged. */
export async function findAuditEntries({
  db,
  filters,
  timeZone,
}: {
  db: Db;
  filters: ActivityFilters;
  timeZone: string;
}): Promise<{ entries: AuditEntry[]; total: number; page: number; pageCount: number }> {
  const conditions: SQL[] = [];
  if (filters.person) conditions.push(eq(auditLog.actorId, filters.person));
  if (filters.entity) conditions.push(eq(auditLog.entity, filters.entity));
  if (filters.shipment) conditions.push(eq(auditLog.shipmentId, filters.shipment));
  const from = filters.from ? fromLocalDateTime(`${filters.from}T00:00`, timeZone) : null;
  if (from) conditions.push(gte(auditLog.createdAt, from));
  const to = filters.to ? fromLocalDateTime(`${filters.to}T00:00`, timeZone) : null;
  if (to) conditions.push(lt(auditLog.createdAt, new Date(to.getTime() + 24 * 60 * 60 * 1000)));
  const where = conditions.length ? and(...conditions) : undefined;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(auditLog).where(where);
  const pageCount = Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE));
  const page = Math.min(filters.page, pageCount);
  const entries = await db
    .select(entryColumns)
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(ACTIVITY_PAGE_SIZE)
    .offset((page - 1) * ACTIVITY_PAGE_SIZE);
  return { entries: entries as AuditEntry[], total, page, pageCount };
}

/** A shipment's latest entries (its own row, its history, deliveries, recipients, subscribers). */
export async function findShipmentActivity({
  db,
  shipmentId,
  limit = 20,
}: {
  db: Db;
  shipmentId: string;
  limit?: number;
}): Promise<AuditEntry[]> {
  const entries = await db
    .select(entryColumns)
    .from(auditLog)
    .where(eq(auditLog.shipmentId, shipmentId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
  return entries as AuditEntry[];
}

/** Everyone who appears in the log or has an account, for the person filter. */
export async function findAuditPeople({ db }: { db: Db }): Promise<{ id: string; label: string }[]> {
  const rows = await db
    .select({ id: adminUsers.id, name: adminUsers.name, email: adminUsers.email })
    .from(adminUsers)
    .orderBy(adminUsers.email);
  return rows.map((row) => ({ id: row.id, label: row.name ? `${row.name} (${row.email})` : row.email }));
}
