import { inArray } from "drizzle-orm";
import type { Db } from "#app/server/db/client.server.ts";
import { consignees, shipments, shippers } from "#app/server/db/schema.ts";
// The shipments the documents are drawn from, read from the database with their parties.
import type { DocumentParty, DocumentShipment } from "#app/server/documents/document-context.server.ts";
import type { Party } from "#app/server/parties/parties.server.ts";
import { getShipmentById } from "#app/server/shipments/shipments.server.ts";

const party = (row: Party | null): DocumentParty | null =>
  row
    ? {
        name: row.name,
        company: row.company,
        email: row.email,
        phone: row.phone,
        address: row.address,
        language: row.language,
      }
    : null;

function toDocumentShipment(
  row: typeof shipments.$inferSelect,
  shipper: Party | null,
  consignee: Party | null,
): DocumentShipment {
  return {
    trackingNumber: row.trackingNumber,
    status: row.status,
    originLocation: row.originLocation,
    destinationLocation: row.destinationLocation,
    weight: row.weight,
    dimensions: row.dimensions,
    notes: row.notes,
    transportMode: row.transportMode,
    pieces: row.pieces,
    goodsDescription: row.goodsDescription,
    declaredValue: row.declaredValue,
    declaredCurrency: row.declaredCurrency,
    incoterm: row.incoterm,
    shipper: party(shipper),
    consignee: party(consignee),
  };
}

/** One shipment as the documents need it; null when unknown. */
export async function getDocumentShipment({ db, id }: { db: Db; id: string }) {
  const row = await getShipmentById({ db, id });
  if (!row) return null;
  return toDocumentShipment(row, row.shipper, row.consignee);
}

/** Several shipments, in the order of `ids` (unknown ids are left out), with their parties, in three queries. */
export async function getDocumentShipments({ db, ids }: { db: Db; ids: string[] }) {
  if (ids.length === 0) return [];
  const rows = await db.select().from(shipments).where(inArray(shipments.id, ids));
  const shipperIds = [...new Set(rows.flatMap((r) => (r.shipperId ? [r.shipperId] : [])))];
  const consigneeIds = [...new Set(rows.flatMap((r) => (r.consigneeId ? [r.consigneeId] : [])))];
  const [shipperRows, consigneeRows] = await Promise.all([
    shipperIds.length ? db.select().from(shippers).where(inArray(shippers.id, shipperIds)) : [],
    consigneeIds.length ? db.select().from(consignees).where(inArray(consignees.id, consigneeIds)) : [],
  ]);
  const byId = <T extends { id: string }>(list: T[]) => new Map(list.map((item) => [item.id, item]));
  const shipperMap = byId(shipperRows);
  const consigneeMap = byId(consigneeRows);
  const rowMap = byId(rows);
  return ids.flatMap((id) => {
    const row = rowMap.get(id);
    if (!row) return [];
    return [
      {
        id,
        shipment: toDocumentShipment(
          row,
          row.shipperId ? (shipperMap.get(row.shipperId) ?? null) : null,
          row.consigneeId ? (consigneeMap.get(row.consigneeId) ?? null) : null,
        ),
      },
    ];
  });
}
