import { and, asc, count, desc, eq, getTableName, type SQL, sql } from "drizzle-orm";
import { languageOfPhone, type PartyLanguage } from "#app/schemas/party-language.ts";
import type { PartyInput } from "#app/schemas/shipment.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { consignees, customerCompanyParties, shipments, shippers } from "#app/server/db/schema.ts";
import { isUuid, likePattern, searchTermOf } from "#app/server/db/text-search.server.ts";
import type { PartyKind } from "#app/server/parties/party-views.ts";

// Parties: the shippers and consignees of shipments. Both share one shape, in two tables; a shipment links
// to at most one of each (shipments.shipper_id, shipments.consignee_id). The address book (/admin/parties)
// lists, searches and edits them outside any shipment.

export type Party = typeof shippers.$inferSelect;

const partyTable = (kind: PartyKind) => (kind === "shipper" ? shippers : consignees);
/** The shipments column that links a shipment to a party of this kind. */
/** A party's own columns (what the party form edits), with its id. */
export const partyDetailColumns = (table: typeof shippers | typeof consignees) => ({
  id: table.id,
  name: table.name,
  company: table.company,
  email: table.email,
  phone: table.phone,
  address: table.address,
  noReminders: table.noReminders,
  selfSignIn: table.selfSignIn,
  language: table.language,
});

const linkColumn = (kind: PartyKind) => (kind === "shipper" ? shipments.shipperId : shipments.consigneeId);

export class PartyNotFoundError extends Error {
  override name = "PartyNotFoundError";
}

/** A shipper or consignee with all its fields; null when unknown. */
export async function getParty({
  db,
  kind,
  id,
}: {
  db: Db;
  kind: PartyKind;
  id: string;
}): Promise<Party | null> {
  if (!isUuid(id)) return null;
  const table = partyTable(kind);
  const [row] = await db.select().from(table).where(eq(table.id, id));
  return row ?? null;
}

/** Throws PartyNotFoundError ("Shipper ID not found", "Consignee ID not found") for an id that names no party. */
export async function assertPartiesExist({
  db,
  shipperId,
  consigneeId,
}: {
  db: Db;
  shipperId?: string | null;
  consigneeId?: string | null;
}) {
  if (shipperId) {
    const [found] = await db.select({ id: shippers.id }).from(shippers).where(eq(shippers.id, shipperId));
    if (!found) throw new PartyNotFoundError("Shipper ID not found");
  }
  if (consigneeId) {
    const [found] = await db
      .select({ id: consignees.id })
      .from(consignees)
      .where(eq(consignees.id, consigneeId));
    if (!found) throw new PartyNotFoundError("Consignee ID not found");
  }
}

/** Every shipper or consignee, by name, for the shipment form's pickers. */
export async function listParties({ db, kind }: { db: Db; kind: PartyKind }) {
  const table = partyTable(kind);
  return db
    .select({ id: table.id, name: table.name, company: table.company })
    .from(table)
    .orderBy(asc(table.name), asc(table.id));
}

/** Every shipper or consignee, by name, with the e-mail and address that picking one fills in (invoices). */
export async function listPartyContacts({ db, kind }: { db: Db; kind: PartyKind }) {
  const table = partyTable(kind);
  return db
    .select({
      id: table.id,
      name: table.name,
      company: table.company,
      email: table.email,
      address: table.address,
    })
    .from(table)
    .orderBy(asc(table.name), asc(table.id));
}

/**
 * A party's fields; `noReminders` and `language` only from the address book's form (elsewhere they are left
 * as they are).
 */
type PartyFields = PartyInput & { noReminders?: boolean; language?: PartyLanguage | undefined };

/** A new party; without a language (the shipment form, the address book's 'From the phone number'), its phone's. */
export async function createParty({ db, kind, input }: { db: Db; kind: PartyKind; input: PartyFields }) {
  const table = partyTable(kind);
  const [row] = await db
    .insert(table)
    .values({ ...input, language: input.language ?? languageOfPhone(input.phone) })
    .returning();
  return row!;
}

export async function updateParty({
  db,
  kind,
  id,
  input,
}: {
  db: Db;
  kind: PartyKind;
  id: string;
  input: PartyFields;
}) {
  if (!isUuid(id)) return null;
  const table = partyTable(kind);
  const [row] = await db
    .update(table)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(table.id, id))
    .returning();
  return row ?? null;
}

/**
 * Removes the party from the database; shipments that referenced it keep no party (ON DELETE SET NULL), and
 * its customer account (decision 029) no longer includes it.
 */
export async function deleteParty({ db, kind, id }: { db: Db; kind: PartyKind; id: string }) {
  if (!isUuid(id)) return false;
  const table = partyTable(kind);
  return db.transaction(async (tx) => {
    const deleted = await tx.delete(table).where(eq(table.id, id)).returning({ id: table.id });
    await tx
      .delete(customerCompanyParties)
      .where(and(eq(customerCompanyParties.partyKind, kind), eq(customerCompanyParties.partyId, id)));
    return deleted.length > 0;
  });
}

// The address book.

/** The search text without control characters (which no field can hold), or "" for none. */
/**
 * Parties whose name, company, email or phone holds the term (case-insensitive, fields never joined into one
 * match). A term of digits and phone punctuation also matches the phone number's digits, so '5550100'
 * finds '+231 555 0100'. Phones are stored in E.164 ('+231886123456'), so a number typed the local way
 * ('0886 123 456') is matched without its leading trunk zero.
 */
function partySearchCondition(table: typeof shippers | typeof consignees, term: string): SQL {
  const pattern = likePattern(term);
  const text = sql`(${table.name} || E'\\x1f' || coalesce(${table.company}, '') || E'\\x1f' || coalesce(${table.email}, '') || E'\\x1f' || coalesce(${table.phone}, ''))`;
  const digits = term.replace(/\D/g, "").replace(/^0+/, "");
  if (/^[\d\s()+./-]+$/.test(term) && digits.length >= 3) {
    return sql`(${text} ilike ${pattern} or regexp_replace(coalesce(${table.phone}, ''), '[^0-9]', '', 'g') like ${likePattern(digits)})`;
  }
  return sql`${text} ilike ${pattern}`;
}

export type PartyListRow = Party & { shipmentCount: number };

/**
 * One page of shippers or consignees by name, each with the number of shipments it is on, and the total.
 * A page past the end is the last page.
 */
export async function findParties({
  db,
  kind,
  search,
  page: requested = 1,
  pageSize: size = 20,
}: {
  db: Db;
  kind: PartyKind;
  search?: string;
  page?: number;
  pageSize?: number;
}) {
  const table = partyTable(kind);
  const pageSize = Math.min(Math.max(Math.trunc(size) || 20, 1), 100);
  const term = searchTermOf(search);
  const where = term ? partySearchCondition(table, term) : undefined;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(table).where(where);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(Math.trunc(requested) || 1, 1), pageCount);
  const link = linkColumn(kind);
  const rows: PartyListRow[] =
    total === 0
      ? []
      : await db
          .select({
            ...partyDetailColumns(table),
            createdAt: table.createdAt,
            updatedAt: table.updatedAt,
            // Spelled out: in a one-table select Drizzle leaves the party's columns unqualified.
            shipmentCount:
              sql<number>`(select count(*) from ${shipments} where ${link} = ${sql.identifier(getTableName(table))}.${sql.identifier("id")})`.mapWith(
                Number,
              ),
          })
          .from(table)
          .where(where)
          .orderBy(asc(table.name), asc(table.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize);
  return { rows, total, page, pageSize, pageCount };
}

/**
 * A party by id alone, whichever table holds it (the address book's URLs name a party by its id);
 * null when unknown.
 */
export async function findPartyById({
  db,
  id,
}: {
  db: Db;
  id: string;
}): Promise<{ kind: PartyKind; party: Party } | null> {
  if (!isUuid(id)) return null;
  const shipper = await getParty({ db, kind: "shipper", id });
  if (shipper) return { kind: "shipper", party: shipper };
  const consignee = await getParty({ db, kind: "consignee", id });
  return consignee ? { kind: "consignee", party: consignee } : null;
}

/** One page of the shipments a party is on (as the shipper, or as the consignee), newest first, and their number. */
export async function findPartyShipments({
  db,
  kind,
  id,
  page: requested = 1,
  pageSize: size = 20,
}: {
  db: Db;
  kind: PartyKind;
  id: string;
  page?: number;
  pageSize?: number;
}) {
  const pageSize = Math.min(Math.max(Math.trunc(size) || 20, 1), 100);
  if (!isUuid(id)) return { rows: [], total: 0, page: 1, pageSize, pageCount: 1 };
  const where = eq(linkColumn(kind), id);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(shipments).where(where);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(Math.trunc(requested) || 1, 1), pageCount);
  const rows =
    total === 0
      ? []
      : await db
          .select({
            id: shipments.id,
            trackingNumber: shipments.trackingNumber,
            status: shipments.status,
            originLocation: shipments.originLocation,
            destinationLocation: shipments.destinationLocation,
            createdAt: shipments.createdAt,
          })
          .from(shipments)
          .where(where)
          .orderBy(desc(shipments.createdAt), desc(shipments.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize);
  return { rows, total, page, pageSize, pageCount };
}

/**
 * Removes a shipment's link to its shipper or consignee, only while that party is the one linked (a page
 * that is out of date unlinks nothing). The party stays in the address book. True when a link was removed.
 */
export async function unlinkParty({
  db,
  kind,
  shipmentId,
  partyId,
}: {
  db: Db;
  kind: PartyKind;
  shipmentId: string;
  partyId: string;
}): Promise<boolean> {
  if (!isUuid(shipmentId) || !isUuid(partyId)) return false;
  const link = linkColumn(kind);
  const changes = kind === "shipper" ? { shipperId: null } : { consigneeId: null };
  const updated = await db
    .update(shipments)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(shipments.id, shipmentId), eq(link, partyId)))
    .returning({ id: shipments.id });
  return updated.length > 0;
}
