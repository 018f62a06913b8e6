import { inArray } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { servicesContext } from "#app/context.ts";
import {
  actionLabel,
  type AuditChangeText,
  describeChanges,
  ENTITY_LABELS,
  entityLabel,
  entityPath,
} from "#app/lib/audit-format.ts";
import { formatDate, formatTime } from "#app/lib/format.ts";
import { wallClock } from "#app/lib/time-zone.ts";
import { activityFiltersSchema } from "#app/schemas/audit-settings.ts";
import {
  type AuditEntry,
  findAuditEntries,
  findAuditPeople,
  findShipmentActivity,
} from "#app/server/audit/audit.server.ts";
import type { Db } from "#app/server/db/client.server.ts";
import {
  blogPosts,
  consignees,
  contactSubmissions,
  quoteRequests,
  shipments,
  shippers,
} from "#app/server/db/schema.ts";

// The activity log's pages (issue 18, decision 021): /admin/activity with its filters, and a shipment's
// Activity card. Entries are prepared here as text, so the server and the browser show the same.

type Ctx = Readonly<RouterContextProvider>;

/** One entry as the page shows it. */
export type ActivityEntry = {
  /** A key for the list (not the entry's id: the page needs none, and ids in a page are a scraper's bait). */
  key: string;
  date: string;
  iso: string;
  /** The person's name (or e-mail); 'Deleted account' when the account is gone. */
  person: string;
  personEmail: string | null;
  address: string | null;
  action: string;
  entity: string;
  /** Where the subject is seen, while it still exists. */
  href: string | null;
  changes: AuditChangeText[];
};

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

/** Columns that hold a party's id, shown by the party's name instead (a deleted party keeps its id). */
const NAMED_REFERENCES = { shipper_id: shippers, consignee_id: consignees } as const;

/** The recorded changes with party ids replaced by 'Name (Company)', looked up once for the page. */
async function namedReferences(db: Db, entries: AuditEntry[]): Promise<Map<string, string>> {
  const ids = { shipper_id: new Set<string>(), consignee_id: new Set<string>() };
  for (const entry of entries) {
    for (const field of Object.keys(ids) as (keyof typeof ids)[]) {
      for (const value of entry.changes?.[field] ?? []) {
        if (typeof value === "string" && /^[0-9a-f-]{36}$/i.test(value)) ids[field].add(value);
      }
    }
  }
  const names = new Map<string, string>();
  await Promise.all(
    (Object.keys(ids) as (keyof typeof ids)[]).map(async (field) => {
      if (ids[field].size === 0) return;
      const table = NAMED_REFERENCES[field];
      const rows = await db
        .select({ id: table.id, name: table.name, company: table.company })
        .from(table)
        .where(inArray(table.id, [...ids[field]]));
      for (const row of rows) names.set(row.id, row.company ? `${row.name} (${row.company})` : row.name);
    }),
  );
  return names;
}

function withNames(changes: AuditEntry["changes"], names: Map<string, string>): AuditEntry["changes"] {
  if (!changes) return changes;
  const out: Record<string, [unknown, unknown]> = {};
  for (const [field, [before, after]] of Object.entries(changes)) {
    const name = (value: unknown) =>
      field in NAMED_REFERENCES && typeof value === "string" ? (names.get(value) ?? value) : value;
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
    href,
    changes: describeChanges(withNames(entry.changes, names), timeZone),
  };
}

/** Prepares entries for a page: text in the company's time zone, links to subjects that still exist. */
export async function toActivityEntries(db: Db, entries: AuditEntry[], timeZone: string) {
  const [existing, names] = await Promise.all([existingSubjects(db, entries), namedReferences(db, entries)]);
  return entries.map((entry, index) => toActivityEntry(entry, index, timeZone, existing, names));
}

/** /admin/activity: the log, filtered by the URL's person, entity, shipment and dates, 50 a page. */
export async function loadActivity({ request, context }: { request: Request; context: Ctx }) {
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
export type ActivityData = Awaited<ReturnType<typeof loadActivity>>;

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
