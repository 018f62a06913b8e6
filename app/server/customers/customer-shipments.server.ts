// A customer company's shipments (decision 029): the list, one shipment with what hangs off it (its delivery,
// documents, quotes, invoices) and its notification switch, reached through the company's parties
// (customer-scope.server.ts), never an id from the request alone; only columns customer-fields marks visible.
import { and, desc, eq, inArray, isNotNull, or, type SQL, sql } from "drizzle-orm";
import { freightTermLabels } from "#app/lib/freight-terms.ts";
import { formatDateIn, formatMoneyIn, formatTimeIn } from "#app/lib/i18n/format.ts";
import type { Locale } from "#app/lib/i18n/locale.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import { formatDeclaredValueIn } from "#app/lib/i18n/shipment-format.ts";
import { wallClock } from "#app/lib/time-zone.ts";
import { sameStatus } from "#app/lib/tracking-progress.ts";
import { listCompanyParties } from "#app/server/customers/customer-companies.server.ts";
import { type CompanyParties, companyShipmentsWhere } from "#app/server/customers/customer-scope.server.ts";
import type {
  CompanyRole,
  CompanyShipmentRow,
  LinkedInvoice,
  LinkedQuote,
  ShipmentListPage,
  ShipmentParty,
} from "#app/server/customers/customer-shipment-views.ts";
import type { Db, DbOrTx } from "#app/server/db/client.server.ts";
import {
  consignees,
  deliveryPhotos,
  invoiceShipments,
  invoices,
  quotes,
  shipmentNotificationRecipients,
  shipmentStatusHistory,
  shipments,
  shippers,
} from "#app/server/db/schema.ts";
import { isUuid, likePattern, searchTermOf } from "#app/server/db/text-search.server.ts";
import { translatorFor } from "#app/server/i18n/words.server.ts";
import { setRecipientEnabled } from "#app/server/notifications/notifications.server.ts";
import { quoteStatus } from "#app/server/quotes/quotes.server.ts";
import type { ShownTime } from "#app/server/shipments/shipment-views.ts";
import { statusToTranslate } from "#app/server/shipments/standard-status.server.ts";
import { shownTime } from "#app/server/shipments/tracking-view.server.ts";

/** An instant as the account's pages show it, in `timeZone` and the page's language ('14:40' in French). */
export function shownTimeIn(locale: Locale, value: Date, timeZone: string): ShownTime {
  if (locale === "en") return shownTime(value, timeZone);
  const local = wallClock(value, timeZone);
  return { iso: value.toISOString(), date: formatDateIn(locale, local), time: formatTimeIn(locale, local) };
}
export const SHIPMENTS_PAGE_SIZE = 20;
/** The statuses the list's filter offers (status is free text; these are the spec's). */
export const SHIPMENT_FILTER_STATUSES = [
  "Pending",
  "Processing",
  "In Transit",
  "Delayed",
  "Delivered",
] as const;

/** The company's roles on a shipment, from its parties (a shipment between two of its branches has both). */
export function companyRoles(
  parties: CompanyParties,
  shipment: { shipperId: string | null; consigneeId: string | null },
): CompanyRole[] {
  const roles: CompanyRole[] = [];
  if (shipment.shipperId && parties.shipperIds.includes(shipment.shipperId)) roles.push("shipper");
  if (shipment.consigneeId && parties.consigneeIds.includes(shipment.consigneeId)) roles.push("consignee");
  return roles;
}

/** Search by tracking number (as typed, or without its dashes and spaces), origin, destination or status. */
function searchCondition(term: string): SQL {
  const pattern = likePattern(term);
  const key = term.toUpperCase().replace(/[^A-Z0-9]/g, "");
  const conditions = [
    sql`${shipments.trackingNumber} ilike ${pattern}`,
    sql`${shipments.originLocation} ilike ${pattern}`,
    sql`${shipments.destinationLocation} ilike ${pattern}`,
    sql`${shipments.status} ilike ${pattern}`,
  ];
  if (key) conditions.push(sql`${shipments.trackingKey} like ${likePattern(key)}`);
  return or(...conditions)!;
}

/**
 * The newest status history entry of the row's shipment (the order of the tracking page). The outer row's id is
 * written out in full: a select from one table leaves its columns unqualified, and a bare "id" here would be the
 * history's own.
 */
const latestUpdate = sql<{ status: string; location: string; timestamp: number } | null>`(
  select json_build_object('status', h.status, 'location', h.location,
    'timestamp', (extract(epoch from h.timestamp) * 1000)::float8)
  from ${shipmentStatusHistory} h
  where h.shipment_id = "shipments"."id"
  order by h.timestamp desc, h.created_at desc, h.id desc
  limit 1
)`;

/**
 * One page of the company's shipments, newest first, searched by `search` (number, route, status) and filtered
 * by an exact `status` (any case), with the count. A page past the last is the last.
 */
export async function findCompanyShipments({
  db,
  companyId,
  search = "",
  status = "",
  page = 1,
  pageSize = SHIPMENTS_PAGE_SIZE,
  timeZone,
  locale = "en",
}: {
  db: Db;
  companyId: string;
  search?: string;
  status?: string;
  page?: number;
  pageSize?: number;
  timeZone: string;
  locale?: Locale;
}): Promise<ShipmentListPage> {
  const parties = await listCompanyParties({ db, companyId });
  const filters: SQL[] = [];
  const term = searchTermOf(search);
  if (term) filters.push(searchCondition(term));
  if (status) filters.push(sql`lower(${shipments.status}) = lower(${status})`);
  // One branch per role, each through its own index (shipper_id, consignee_id); a shipment between two of the
  // company's parties is in both and counted once (union).
  const branches = [
    parties.shipperIds.length ? inArray(shipments.shipperId, parties.shipperIds) : null,
    parties.consigneeIds.length ? inArray(shipments.consigneeId, parties.consigneeIds) : null,
  ].flatMap((role) =>
    role
      ? [
          sql`select ${shipments.id} as id, ${shipments.createdAt} as created_at from ${shipments} where ${and(role, ...filters)}`,
        ]
      : [],
  );
  if (branches.length === 0) return { rows: [], total: 0, page: 1, pageCount: 1, pageSize };
  // The company's matches are collected once (a few thousand rows at most for one company), then counted and
  // paged in the same statement. Paging them through the (created_at, id) index instead would read every
  // customer's shipments for a late page or a rare search.
  const collect = async (pageNumber: number) => {
    const result = await db.execute<{ total: number; id: string | null }>(sql`
      with matches as materialized (${sql.join(branches, sql` union `)})
      select t.total::int as total, p.id
      from (select count(*) as total from matches) t
      left join lateral (
        select id from matches order by created_at desc, id desc
        limit ${pageSize} offset ${(pageNumber - 1) * pageSize}
      ) p on true`);
    const total = Number(result.rows[0]?.total ?? 0);
    return { total, ids: result.rows.flatMap((row) => (row.id ? [row.id] : [])) };
  };
  const requested = Math.max(Math.trunc(page) || 1, 1);
  const first = await collect(requested);
  const { total } = first;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(requested, pageCount);
  const ids = current === requested ? first.ids : (await collect(current)).ids;
  if (ids.length === 0) return { rows: [], total, page: current, pageCount, pageSize };

  const found = await db
    .select({
      id: shipments.id,
      trackingNumber: shipments.trackingNumber,
      status: shipments.status,
      originLocation: shipments.originLocation,
      destinationLocation: shipments.destinationLocation,
      estimatedDelivery: shipments.estimatedDelivery,
      shipperId: shipments.shipperId,
      consigneeId: shipments.consigneeId,
      latest: latestUpdate,
    })
    .from(shipments)
    .where(inArray(shipments.id, ids));
  const position = new Map(ids.map((id, index) => [id, index]));
  found.sort((a, b) => position.get(a.id)! - position.get(b.id)!);

  const rows: CompanyShipmentRow[] = found.map((row) => {
    const latest = typeof row.latest === "string" ? JSON.parse(row.latest) : row.latest;
    return {
      trackingNumber: row.trackingNumber,
      // The page translates them: a usual status typed in another case reads French too.
      status: statusToTranslate(locale, row.status),
      originLocation: row.originLocation,
      destinationLocation: row.destinationLocation,
      // A calendar day stored at midnight UTC: shown as stored.
      estimatedDelivery: row.estimatedDelivery ? shownTimeIn(locale, row.estimatedDelivery, "UTC") : null,
      // As the tracking page: only an entry that says the shipment's status is its latest update.
      latest:
        latest && sameStatus(latest.status, row.status)
          ? {
              status: statusToTranslate(locale, latest.status),
              location: latest.location,
              at: shownTimeIn(locale, new Date(latest.timestamp), timeZone),
            }
          : null,
      roles: companyRoles(parties, row),
    };
  });
  return { rows, total, page: current, pageCount, pageSize };
}

/** Whether the company has any shipment at all. */
export async function hasCompanyShipments({ db, companyId }: { db: Db; companyId: string }) {
  const parties = await listCompanyParties({ db, companyId });
  const [row] = await db
    .select({ id: shipments.id })
    .from(shipments)
    .where(companyShipmentsWhere(parties))
    .limit(1);
  return !!row;
}

const partyColumns = (table: typeof shippers | typeof consignees) => ({
  name: table.name,
  company: table.company,
  email: table.email,
  phone: table.phone,
  address: table.address,
});

/**
 * The company's shipment by its tracking number (as stored: upper case), with its parties in full and its cargo;
 * null when there is none or it is not the company's (the two look alike).
 */
export async function getCompanyShipment({
  db,
  companyId,
  trackingNumber,
  locale = "en",
}: {
  db: Db;
  companyId: string;
  trackingNumber: string;
  /** The page's language: the cargo's value and incoterm are written in it. */
  locale?: Locale;
}) {
  const parties = await listCompanyParties({ db, companyId });
  const [row] = await db
    .select({
      id: shipments.id,
      trackingNumber: shipments.trackingNumber,
      shipperId: shipments.shipperId,
      consigneeId: shipments.consigneeId,
      quoteId: shipments.quoteId,
      quoteRequestId: shipments.quoteRequestId,
      goodsDescription: shipments.goodsDescription,
      pieces: shipments.pieces,
      declaredValue: shipments.declaredValue,
      declaredCurrency: shipments.declaredCurrency,
      transportMode: shipments.transportMode,
      incoterm: shipments.incoterm,
      notes: shipments.notes,
    })
    .from(shipments)
    .where(and(eq(shipments.trackingNumber, trackingNumber.toUpperCase()), companyShipmentsWhere(parties)));
  if (!row) return null;
  const [shipper, consignee] = await Promise.all([
    row.shipperId
      ? db.select(partyColumns(shippers)).from(shippers).where(eq(shippers.id, row.shipperId))
      : [],
    row.consigneeId
      ? db.select(partyColumns(consignees)).from(consignees).where(eq(consignees.id, row.consigneeId))
      : [],
  ]);
  return {
    ...row,
    roles: companyRoles(parties, row),
    shipper: (shipper[0] ?? null) as ShipmentParty | null,
    consignee: (consignee[0] ?? null) as ShipmentParty | null,
    cargo: {
      goodsDescription: row.goodsDescription,
      pieces: row.pieces,
      ...freightTermLabels(row, {
        locale,
        declared: (value, currency) => formatDeclaredValueIn(locale, value, currency),
      }),
      notes: row.notes,
    },
  };
}

/**
 * The quotes of the shipment's quote request (and the accepted one it was booked from) that were sent to the
 * customer: never a draft. Newest version first.
 */
export async function listShipmentQuotes({
  db,
  shipment,
  locale = "en",
  now = new Date(),
}: {
  db: Db;
  shipment: { quoteId: string | null; quoteRequestId: string | null };
  locale?: Locale;
  now?: Date;
}): Promise<LinkedQuote[]> {
  const links = [
    shipment.quoteId ? eq(quotes.id, shipment.quoteId) : null,
    shipment.quoteRequestId ? eq(quotes.quoteRequestId, shipment.quoteRequestId) : null,
  ].filter((link) => link !== null);
  if (links.length === 0) return [];
  const rows = await db
    .select({
      id: quotes.id,
      version: quotes.version,
      state: quotes.state,
      replacedAt: quotes.replacedAt,
      expiresAt: quotes.expiresAt,
      currency: quotes.currency,
      totalMinor: quotes.totalMinor,
      sentAt: quotes.sentAt,
    })
    .from(quotes)
    .where(and(or(...links), inArray(quotes.state, ["sent", "accepted", "declined"])))
    .orderBy(desc(quotes.version));
  const words = {
    open: "Open",
    accepted: "Accepted",
    declined: "Declined",
    expired: "Expired",
    replaced: "Replaced",
    draft: "Draft",
  } as const;
  const t = translatorFor(locale);
  return rows.map((row) => ({
    href: localizePath(`/account/quotes/${row.id}`, locale),
    version: row.version,
    status: t(words[quoteStatus(row, now)]),
    total: formatMoneyIn(locale, row.totalMinor, row.currency),
    sentOn: row.sentAt ? formatDateIn(locale, row.sentAt) : null,
  }));
}

/**
 * The issued and void invoices and credit notes the shipment is on (invoice_shipments) that are billed to one of
 * the company's parties: never a draft, never the other party's bill.
 */
export async function listShipmentInvoices({
  db,
  shipmentId,
  parties,
  locale = "en",
}: {
  db: Db;
  shipmentId: string;
  parties: CompanyParties;
  locale?: Locale;
}): Promise<LinkedInvoice[]> {
  const billed = [
    parties.shipperIds.length
      ? and(eq(invoices.partyKind, "shipper"), inArray(invoices.partyId, parties.shipperIds))
      : null,
    parties.consigneeIds.length
      ? and(eq(invoices.partyKind, "consignee"), inArray(invoices.partyId, parties.consigneeIds))
      : null,
  ].filter((condition) => condition !== null);
  if (billed.length === 0) return [];
  const rows = await db
    .select({
      id: invoices.id,
      kind: invoices.kind,
      state: invoices.state,
      number: invoices.number,
      currency: invoices.currency,
      totalMinor: invoices.totalMinor,
      issueDate: invoices.issueDate,
    })
    .from(invoiceShipments)
    .innerJoin(invoices, eq(invoices.id, invoiceShipments.invoiceId))
    .where(
      and(
        eq(invoiceShipments.shipmentId, shipmentId),
        inArray(invoices.state, ["issued", "void"]),
        or(...billed),
      ),
    )
    .orderBy(desc(invoices.issueDate), desc(invoices.number));
  const t = translatorFor(locale);
  return rows.map((row) => ({
    href: localizePath(`/account/invoices/${row.id}`, locale),
    title: `${t(row.kind === "credit_note" ? "Credit note" : "Invoice")} ${row.number ?? ""}`.trim(),
    state: t(row.state === "void" ? "Void" : "Issued"),
    total: formatMoneyIn(locale, row.totalMinor, row.currency),
    issuedOn: row.issueDate ? formatDateIn(locale, row.issueDate) : null,
  }));
}

/** Whether each of `roles` gets the shipment's updates (no row = on); on only when every one of them is. */
export async function getShipmentUpdatesEnabled({
  db,
  shipmentId,
  roles,
}: {
  db: DbOrTx;
  shipmentId: string;
  roles: CompanyRole[];
}): Promise<boolean> {
  if (roles.length === 0) return false;
  const rows = await db
    .select({ role: shipmentNotificationRecipients.role, enabled: shipmentNotificationRecipients.enabled })
    .from(shipmentNotificationRecipients)
    .where(
      and(
        eq(shipmentNotificationRecipients.shipmentId, shipmentId),
        inArray(shipmentNotificationRecipients.role, roles),
      ),
    );
  return roles.every((role) => rows.find((row) => row.role === role)?.enabled ?? true);
}

/** Switches the shipment's updates on or off for the company's roles on it (and for no other role). */
export async function setShipmentUpdatesEnabled({
  db,
  shipmentId,
  roles,
  enabled,
}: {
  db: Db;
  shipmentId: string;
  roles: CompanyRole[];
  enabled: boolean;
}): Promise<void> {
  for (const role of roles) await setRecipientEnabled({ db, shipmentId, role, enabled });
}

/** A photo of one of the shipment's recorded deliveries, or null (unknown, pending, or another shipment's). */
export async function getShipmentDeliveryPhoto({
  db,
  shipmentId,
  photoId,
}: {
  db: Db;
  shipmentId: string;
  photoId: string;
}): Promise<{ data: Uint8Array; mimeType: string } | null> {
  if (!isUuid(photoId)) return null;
  const [row] = await db
    .select({ data: deliveryPhotos.data, mimeType: deliveryPhotos.mimeType })
    .from(deliveryPhotos)
    .where(
      and(
        eq(deliveryPhotos.id, photoId),
        eq(deliveryPhotos.shipmentId, shipmentId),
        isNotNull(deliveryPhotos.deliveryId),
      ),
    );
  return row ?? null;
}
