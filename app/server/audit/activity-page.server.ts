import { inArray, sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { servicesContext } from "#app/context.ts";
import {
  actionLabel,
  describeChanges,
  ENTITY_LABELS,
  entityLabel,
  entityPath,
} from "#app/lib/audit-format.ts";
import { formatDate, formatTime } from "#app/lib/format.ts";
import { wallClock } from "#app/lib/time-zone.ts";
import { activityFiltersSchema } from "#app/schemas/audit-settings.ts";
import type { ActivityData, ActivityEntry } from "#app/server/audit/activity-views.ts";
import {
  type AuditEntry,
  findAuditEntries,
  findAuditPeople,
  findShipmentActivity,
} from "#app/server/audit/audit.server.ts";
import type { Db } from "#app/server/db/client.server.ts";
import {
  adminUsers,
  blogPosts,
  consignees,
  contactSubmissions,
  media,
  quoteRequests,
  shipments,
  shippers,
} from "#app/server/db/schema.ts";

// The activity log's pages (decision 021): /admin/activity with its filters, and a shipment's
// Activity card. Entries are prepared here as text, so the server and the browser show the same.

type Ctx = Readonly<RouterContextProvider>;

const LINKED_TABLES = {
  shipments,
  shippers,
  consignees,
  quote_requests: quoteRequests,
  contact_submissions: contactSubmissions,
  blog_posts: blogPosts,
} as const;

/** The ids, of those the entries link to, that still exist ("table:id"). */
async function existingSubjects(db: Db, entries: AuditEntry[]): Promise<Set<string>> {
  const wanted = new Map<keyof typeof LINKED_TABLES, Set<string>>();
  const add = (table: keyof typeof LINKED_TABLES, id: string) => {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return;
    const ids = wanted.get(table) ?? new Set<string>();
    ids.add(id);
    wanted.set(table, ids);
  };
  for (const entry of entries) {
    if (entry.shipmentId) add("shipments", entry.shipmentId);
    else if (entry.entityId && entry.entity in LINKED_TABLES)
      add(entry.entity as keyof typeof LINKED_TABLES, entry.entityId);
  }
  const found = new Set<string>();
  await Promise.all(
    [...wanted].map(async ([name, ids]) => {
      const table = LINKED_TABLES[name];
      const rows = await db
        .select({ id: table.id })
        .from(table)
        .where(inArray(table.id, [...ids]));
      for (const row of rows) found.add(`${name}:${row.id}`);
    }),
  );
  return found;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Columns that hold another record's id, shown by what a person knows it as (a deleted one keeps its id). */
const NAMED_REFERENCES = {
  shipper_id: "shippers",
  consignee_id: "consignees",
  booked_shipment_id: "shipments",
  recorded_by: "admin_users",
  created_by: "admin_users",
  sent_by: "admin_users",
  user_id: "admin_users",
} as const;
type NamedTable = "shipments" | "shippers" | "consignees" | "admin_users" | keyof typeof SUBJECT_LOOKUPS;

/** How each kind of record is named for a person, read from the live row. */
const SUBJECT_LOOKUPS = {
  quote_requests: {
    table: quoteRequests,
    name: sql<string>`${quoteRequests.firstName} || ' ' || ${quoteRequests.lastName}`,
  },
  contact_submissions: { table: contactSubmissions, name: sql<string>`${contactSubmissions.name}` },
  blog_posts: { table: blogPosts, name: sql<string>`${blogPosts.title}` },
  cms_media: { table: media, name: sql<string>`${media.originalName}` },
} as const;

/** The names of the records `wanted` lists ("table:id" → name), each kind looked up once for the page. */
async function lookUpNames(db: Db, wanted: Map<NamedTable, Set<string>>): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  await Promise.all(
    [...wanted].map(async ([kind, set]) => {
      const ids = [...set];
      if (ids.length === 0) return;
      let rows: { id: string; name: string | null }[];
      if (kind === "shipments") {
        rows = await db
          .select({ id: shipments.id, name: shipments.trackingNumber })
          .from(shipments)
          .where(inArray(shipments.id, ids));
      } else if (kind === "shippers" || kind === "consignees") {
        const table = kind === "shippers" ? shippers : consignees;
        rows = (
          await db
            .select({ id: table.id, name: table.name, company: table.company })
            .from(table)
            .where(inArray(table.id, ids))
        ).map((row) => ({ id: row.id, name: row.company ? `${row.name} (${row.company})` : row.name }));
      } else if (kind === "admin_users") {
        rows = (
          await db
            .select({ id: adminUsers.id, name: adminUsers.name, email: adminUsers.email })
            .from(adminUsers)
            .where(inArray(adminUsers.id, ids))
        ).map((row) => ({ id: row.id, name: row.name || row.email }));
      } else {
        const { table, name } = SUBJECT_LOOKUPS[kind];
        rows = await db.select({ id: table.id, name }).from(table).where(inArray(table.id, ids));
      }
      for (const row of rows) if (row.name) names.set(`${kind}:${row.id}`, row.name);
    }),
  );
  return names;
}

/** The table an entry's own subject is named from (its shipment's number first), and that record's id. */
function subjectOf(entry: AuditEntry): [NamedTable, string] | null {
  if (entry.shipmentId) return ["shipments", entry.shipmentId];
  if (!entry.entityId || !UUID.test(entry.entityId)) return null;
  if (
    entry.entity === "shippers" ||
    entry.entity === "consignees" ||
    entry.entity === "admin_users" ||
    entry.entity in SUBJECT_LOOKUPS
  )
    return [entry.entity as NamedTable, entry.entityId];
  return null;
}

/** Every name the page's entries need: their subjects and the ids in their changes. */
async function namesFor(db: Db, entries: AuditEntry[]): Promise<Map<string, string>> {
  const wanted = new Map<NamedTable, Set<string>>();
  const want = (kind: NamedTable, id: unknown) => {
    if (typeof id !== "string" || !UUID.test(id)) return;
    const ids = wanted.get(kind) ?? new Set<string>();
    ids.add(id);
    wanted.set(kind, ids);
  };
  for (const entry of entries) {
    const subject = subjectOf(entry);
    if (subject) want(...subject);
    for (const [field, kind] of Object.entries(NAMED_REFERENCES)) {
      for (const value of entry.changes?.[field] ?? []) want(kind, value);
    }
  }
  return lookUpNames(db, wanted);
}

/** A deleted record's name, from the values the entry recorded (a deletion records the row). */
function recordedName(entry: AuditEntry): string | null {
  for (const field of ["tracking_number", "title", "original_name", "name", "email"]) {
    for (const value of entry.changes?.[field] ?? []) if (typeof value === "string" && value) return value;
  }
  return null;
}

/** The entry's subject as the page names it: 'UTG-1234-5678', 'on UTG-1234-5678', 'Musu Kollie'. */
function subjectName(entry: AuditEntry, names: Map<string, string>): string | null {
  const subject = subjectOf(entry);
  const name = subject ? names.get(`${subject[0]}:${subject[1]}`) : undefined;
  if (entry.shipmentId && entry.entity !== "shipments") return name ? `on ${name}` : null;
  return name ?? recordedName(entry);
}

/**
 * The recorded changes with ids a person cannot read replaced by names ('Zed Shipping (Zed Ltd)', the staff
 * member who recorded a delivery, the booked shipment's number); other ids (a history entry's, a draft's) are
 * left out: they say nothing to a person.
 */
function withNames(changes: AuditEntry["changes"], names: Map<string, string>): AuditEntry["changes"] {
  if (!changes) return changes;
  const out: Record<string, [unknown, unknown]> = {};
  for (const [field, [before, after]] of Object.entries(changes)) {
    const kind = NAMED_REFERENCES[field as keyof typeof NAMED_REFERENCES];
    if (!kind) {
      const isId = (v: unknown) => v === null || v === undefined || (typeof v === "string" && UUID.test(v));
      if (isId(before) && isId(after) && (before || after)) continue;
      out[field] = [before, after];
      continue;
    }
    const name = (value: unknown) =>
      typeof value === "string" ? (names.get(`${kind}:${value}`) ?? value) : value;
    out[field] = [name(before), name(after)];
  }
  return out;
}

function toActivityEntry(
  entry: AuditEntry,
  index: number,
  timeZone: string,
  existing: Set<string>,
  names: Map<string, string>,
): ActivityEntry {
  const local = wallClock(entry.createdAt, timeZone);
  const linked = entry.shipmentId
    ? `shipments:${entry.shipmentId}`
    : entry.entity in LINKED_TABLES
      ? `${entry.entity}:${entry.entityId}`
      : null;
  const href =
    linked && !existing.has(linked) ? null : entityPath(entry.entity, entry.entityId, entry.shipmentId);
  const person =
    entry.action === "sign_in_failed"
      ? (entry.actorEmail ?? "Unknown")
      : entry.actorId
        ? entry.actorName || entry.actorEmail || "Unknown"
        : `Deleted account${entry.actorEmail ? ` (${entry.actorEmail})` : ""}`;
  return {
    key: `${entry.createdAt.toISOString()}:${index}`,
    date: `${formatDate(local)} ${formatTime(local)}`,
    iso: entry.createdAt.toISOString(),
    person,
    personEmail: entry.actorId && entry.actorName ? entry.actorEmail : null,
    address: entry.clientAddress,
    action: actionLabel(entry.action),
    entity: entityLabel(entry.entity),
    subject: subjectName(entry, names),
    href,
    changes: describeChanges(withNames(entry.changes, names), timeZone),
  };
}

/** Prepares entries for a page: text in the company's time zone, links to subjects that still exist. */
export async function toActivityEntries(db: Db, entries: AuditEntry[], timeZone: string) {
  const [existing, names] = await Promise.all([existingSubjects(db, entries), namesFor(db, entries)]);
  return entries.map((entry, index) => toActivityEntry(entry, index, timeZone, existing, names));
}

/** /admin/activity: the log, filtered by the URL's person, entity, shipment and dates, 50 a page. */
export async function loadActivity({
  request,
  context,
}: {
  request: Request;
  context: Ctx;
}): Promise<ActivityData> {
  const { db, siteSettings } = context.get(servicesContext);
  const url = new URL(request.url);
  const filters = activityFiltersSchema.parse(Object.fromEntries(url.searchParams));
  const { timeZone } = await siteSettings.get();
  const [found, people] = await Promise.all([
    findAuditEntries({ db, filters, timeZone }),
    findAuditPeople({ db }),
  ]);
  return {
    filters: {
      person: filters.person ?? "",
      entity: filters.entity ?? "",
      shipment: filters.shipment ?? "",
      from: filters.from ?? "",
      to: filters.to ?? "",
    },
    people,
    entities: Object.entries(ENTITY_LABELS)
      .map(([value, label]) => ({ value, label }))
      .sort((a, b) => a.label.localeCompare(b.label)),
    timeZone,
    total: found.total,
    page: found.page,
    pageCount: found.pageCount,
    entries: await toActivityEntries(db, found.entries, timeZone),
  };
}

/** A shipment's Activity card: its latest 20 entries (its own changes, history, delivery, recipients). */
export async function loadShipmentActivity({
  db,
  shipmentId,
  timeZone,
}: {
  db: Db;
  shipmentId: string;
  timeZone: string;
}): Promise<ActivityEntry[]> {
  const entries = await findShipmentActivity({ db, shipmentId, limit: 20 });
  return toActivityEntries(db, entries, timeZone);
}
