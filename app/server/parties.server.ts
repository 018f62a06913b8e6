import { asc, eq } from "drizzle-orm";
import type { PartyInput } from "#app/schemas/shipment.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { consignees, shippers } from "#app/server/db/schema.ts";
import { isUuid } from "#app/server/db/text-search.server.ts";

// Parties: the shippers and consignees of shipments. Both share one shape, in two tables.

export type PartyKind = "shipper" | "consignee";
export type Party = typeof shippers.$inferSelect;

const partyTable = (kind: PartyKind) => (kind === "shipper" ? shippers : consignees);

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

export async function createParty({ db, kind, input }: { db: Db; kind: PartyKind; input: PartyInput }) {
  const table = partyTable(kind);
  const [row] = await db.insert(table).values(input).returning();
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
  input: PartyInput;
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

/** Removes the party from the database; shipments that referenced it keep no party (ON DELETE SET NULL). */
export async function deleteParty({ db, kind, id }: { db: Db; kind: PartyKind; id: string }) {
  if (!isUuid(id)) return false;
  const table = partyTable(kind);
  const deleted = await db.delete(table).where(eq(table.id, id)).returning({ id: table.id });
  return deleted.length > 0;
}
