import { inArray } from "drizzle-orm";
import { trackingPath } from "#app/lib/tracking-number.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { consignees, shipments, shippers } from "#app/server/db/schema.ts";
import type { Party } from "#app/server/parties.server.ts";
import { getShipmentById } from "#app/server/shipments.server.ts";

// What the documents are drawn from: the shipment with its parties, the company (site settings) and the public
// address printed links and QR codes open.

export type DocumentParty = Pick<Party, "name" | "company" | "email" | "phone" | "address">;

export type DocumentShipment = {
  trackingNumber: string;
  status: string;
  originLocation: string;
  destinationLocation: string;
  weight: number | null;
  dimensions: string | null;
  notes: string | null;
  transportMode: "air" | "sea" | "road" | null;
  pieces: number | null;
  goodsDescription: string | null;
  declaredValue: number | null;
  declaredCurrency: string | null;
  incoterm: string | null;
  shipper: DocumentParty | null;
  consignee: DocumentParty | null;
};

export type DocumentCompany = { companyName: string; phone: string; email: string; address: string };

/** What is drawn on every document besides the shipment. */
export type DocumentContext = {
  company: DocumentCompany;
  /** SITE_URL (config.siteUrl), without a trailing slash. */
  siteUrl: string;
  /** When the document is printed: its date. */
  now: Date;
  /** The company's time zone: the printed date is its calendar day. */
  timeZone: string;
};

/** The public tracking page of a shipment, as printed links and QR codes open it. */
export const trackingUrl = (siteUrl: string, trackingNumber: string) =>
  `${siteUrl.replace(/\/+$/, "")}${trackingPath(trackingNumber)}`;

/** '23 Nov 2026' in the company's time zone (day first: read the same way on every continent). */
export const printedDate = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone, day: "numeric", month: "short", year: "numeric" }).format(
    date,
  );

const party = (row: Party | null): DocumentParty | null =>
  row
    ? { name: row.name, company: row.company, email: row.email, phone: row.phone, address: row.address }
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

/** A moment as the delivery note prints it, in the company's time zone: '21 Nov 2026' and '15:40'. */
export function printedDateTime(date: Date, timeZone: string) {
  const time = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit" }).format(
    date,
  );
  return { date: printedDate(date, timeZone), time };
}
