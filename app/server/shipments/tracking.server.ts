import { eq, sql } from "drizzle-orm";
import { receiverInitials } from "#app/lib/receiver-initials.ts";
import { parseTrackingNumber, trackingKey } from "#app/lib/tracking-number.ts";
import { type Db, preparedPerDatabase } from "#app/server/db/client.server.ts";
import {
  consignees,
  shipmentDeliveries,
  shipmentStatusHistory,
  shipments,
  shippers,
} from "#app/server/db/schema.ts";
import type { PublicParty } from "#app/server/shipments/shipment-views.ts";

type PublicStatusEntry = {
  id: string;
  status: string;
  location: string;
  notes: string | null;
  timestamp: Date;
};

export type PublicShipment = {
  trackingNumber: string;
  status: string;
  originLocation: string;
  destinationLocation: string;
  currentLocation: string | null;
  estimatedDelivery: Date | null;
  weight: number | null;
  dimensions: string | null;
  shipper: PublicParty | null;
  consignee: PublicParty | null;
  /** Newest first by event time (ties: the entry recorded last first, then by id). */
  history: PublicStatusEntry[];
  /** Its newest status entry's event time (the card's 'Latest update'), or its own update time while it has none. */
  lastUpdatedAt: Date;
  /**
   * Who received its latest recorded delivery, as initials ('J. D.'), and whether they drew a signature (a typed
   * name alone is no signature); null when none is recorded.
   */
  receivedBy: { initials: string; signed: boolean } | null;
};

type HistoryJson = { id: string; status: string; location: string; notes: string | null; timestamp: number };

/**
 * The shipment's status history as one JSON array, newest first by event time (the same order as the admin's,
 * shipments.server.ts); timestamps as epoch milliseconds.
 */
const historyJson = sql<HistoryJson[]>`(
  select coalesce(json_agg(json_build_object(
    'id', h.id, 'status', h.status, 'location', h.location, 'notes', h.notes,
    'timestamp', (extract(epoch from h.timestamp) * 1000)::float8
  ) order by h.timestamp desc, h.created_at desc, h.id desc), '[]'::json)
  from ${shipmentStatusHistory} h
  where h.shipment_id = ${shipments.id}
)`;

/**
 * Who received the latest recorded delivery, and whether a signature was drawn: only the name's initials leave
 * this module (receiverInitials).
 */
const receiverSql = sql<{ name: string; signed: boolean } | null>`(
  select json_build_object('name', d.receiver_name, 'signed', d.signature is not null)
  from ${shipmentDeliveries} d
  where d.shipment_id = ${shipments.id}
  order by d.delivered_at desc, d.created_at desc limit 1
)`;

function prepareLookUp(db: Db) {
  return db
    .select({
      trackingNumber: shipments.trackingNumber,
      status: shipments.status,
      originLocation: shipments.originLocation,
      destinationLocation: shipments.destinationLocation,
      currentLocation: shipments.currentLocation,
      estimatedDelivery: shipments.estimatedDelivery,
      weight: shipments.weight,
      dimensions: shipments.dimensions,
      updatedAt: shipments.updatedAt,
      shipperName: shippers.name,
      shipperCompany: shippers.company,
      consigneeName: consignees.name,
      consigneeCompany: consignees.company,
      history: historyJson,
      receiver: receiverSql,
    })
    .from(shipments)
    .leftJoin(shippers, eq(shippers.id, shipments.shipperId))
    .leftJoin(consignees, eq(consignees.id, shipments.consigneeId))
    .where(eq(shipments.trackingKey, sql.placeholder("trackingKey")))
    .limit(1)
    .prepare("public_shipment_by_tracking_key");
}

const lookUpShipment = preparedPerDatabase(prepareLookUp);

/** The tracking key of the only shipment whose key is a letters prefix and then exactly `digits`; else null. */
async function prefixedKey(db: Db, digits: string): Promise<string | null> {
  const rows = await db
    .select({ trackingKey: shipments.trackingKey })
    .from(shipments)
    .where(
      // The expressions of the partial index shipments_tracking_digits_idx (db/schema/shipments.ts), so it is used.
      sql`${shipments.trackingKey} ~ '^[A-Z]+[0-9]+$' and substring(${shipments.trackingKey} from '^[A-Z]+([0-9]+)$') = ${digits}`,
    )
    .limit(2);
  return rows.length === 1 ? rows[0]!.trackingKey : null;
}

/**
 * The shipment behind a tracking number as the public tracking page shows it, or null when there is
 * none (or the input can never be a tracking number). Looked up by the number's key (trackingKey: upper
 * case, letters and digits only), so "utg 1234 5678" finds UTG-1234-5678, and so does "1234-5678" while no other
 * shipment's number is letters and then those digits; the result's trackingNumber is
 * the stored, canonical form. One query on the unique tracking-key index, the parties joined and the history
 * (index on shipment and timestamp) aggregated; only public columns are selected, so contact details
 * never leave the database on this path.
 */
export async function getPublicShipmentByTrackingNumber({
  db,
  trackingNumber,
}: {
  db: Db;
  trackingNumber: unknown;
}): Promise<PublicShipment | null> {
  const parsed = parseTrackingNumber(trackingNumber);
  if (!parsed.ok) return null;
  const key = trackingKey(parsed.value);
  if (key === "") return null;

  let rows = await lookUpShipment(db).execute({ trackingKey: key });
  if (rows.length === 0 && /^[0-9]+$/.test(key)) {
    // Typed without its letters ('1234-5678' for UTG-1234-5678): the one shipment whose number is letters and
    // then exactly these digits. Never a part of the digits, and nothing when two match: no more is found than
    // the full number finds (the caller counts each lookup against the address's rate limit).
    const prefixed = await prefixedKey(db, key);
    if (prefixed) rows = await lookUpShipment(db).execute({ trackingKey: prefixed });
  }
  const [row] = rows;
  if (!row) return null;

  // json from PGlite and node-postgres arrives parsed; a string would mean a driver that does not.
  const rawHistory: HistoryJson[] =
    typeof row.history === "string" ? JSON.parse(row.history) : (row.history ?? []);
  const history: PublicStatusEntry[] = rawHistory.map((entry) => ({
    id: entry.id,
    status: entry.status,
    location: entry.location,
    notes: entry.notes,
    timestamp: new Date(entry.timestamp),
  }));

  // The card says 'Latest update: <newest entry>, <its time>' above 'Last updated <time>': both are the newest
  // entry's, or the card would show two times a minute apart (the entry's event time and the save after it).
  // Only a shipment with no history yet falls back on its own update time.
  const lastUpdatedAt = history[0]?.timestamp ?? row.updatedAt;

  return {
    trackingNumber: row.trackingNumber,
    status: row.status,
    originLocation: row.originLocation,
    destinationLocation: row.destinationLocation,
    currentLocation: row.currentLocation?.trim() ? row.currentLocation : null,
    estimatedDelivery: row.estimatedDelivery,
    weight: row.weight,
    dimensions: row.dimensions?.trim() ? row.dimensions : null,
    shipper: row.shipperName === null ? null : { name: row.shipperName, company: row.shipperCompany },
    consignee: row.consigneeName === null ? null : { name: row.consigneeName, company: row.consigneeCompany },
    history,
    lastUpdatedAt,
    receivedBy: receivedBy(row.receiver),
  };
}

function receivedBy(raw: unknown): PublicShipment["receivedBy"] {
  const receiver = (typeof raw === "string" ? JSON.parse(raw) : raw) as {
    name: string;
    signed: boolean;
  } | null;
  const initials = receiver ? receiverInitials(receiver.name) : "";
  return receiver && initials ? { initials, signed: receiver.signed } : null;
}

const QR_CACHE_SIZE = 500;
const qrCache = new Map<string, string>();

/**
 * A QR code of `url` as an SVG document (served as an image by /track/:number/qr.svg). Generated from
 * our own URL, so it holds no markup of anyone's making; recent ones are kept (about 0.5 ms each to make).
 */
export async function renderQrCodeSvg(url: string): Promise<string> {
  const cached = qrCache.get(url);
  if (cached) {
    qrCache.delete(url);
    qrCache.set(url, cached);
    return cached;
  }
  const { default: QRCode } = await import("qrcode"); // loaded on the first QR code, not at start
  const svg = await QRCode.toString(url, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  qrCache.set(url, svg);
  if (qrCache.size > QR_CACHE_SIZE) qrCache.delete(qrCache.keys().next().value!);
  return svg;
}
