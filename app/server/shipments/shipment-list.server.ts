// The staff's shipment list: its search (the shipments' own fields and their parties' names, through the trigram
// indexes), its status filter, its order and its pages. The same filter picks the shipments of a bulk status
// update and of an export on "all matching".
import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "#app/server/db/client.server.ts";
import { consignees, shipments, shippers } from "#app/server/db/schema.ts";
import { likePattern, searchTermOf } from "#app/server/db/text-search.server.ts";

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
