import { and, desc, eq, sql } from "drizzle-orm";
import { PARTY_LANGUAGE_LABELS } from "#app/schemas/party-language.ts";
import { parseShipmentListQuery } from "#app/schemas/shipment-admin.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { consignees, shipmentStatusHistory, shipments, shippers } from "#app/server/db/schema.ts";
import { listConditions } from "#app/server/shipments/shipment-list.server.ts";
import {
  after,
  type Cursor,
  cells,
  EXPORT_PAGE_SIZE,
  keysetPages,
  type TableExport,
} from "#app/server/spreadsheets/exports.server.ts";

export const SHIPMENT_EXPORT_HEADER = [
  "Tracking number",
  "Status",
  "Origin",
  "Destination",
  "Current location",
  "Estimated delivery",
  "Weight (kg)",
  "Dimensions",
  "Pieces",
  "Mode",
  "Goods description",
  "Declared value",
  "Currency",
  "Incoterm",
  "Notes",
  "Shipper name",
  "Shipper company",
  "Shipper email",
  "Shipper phone",
  "Shipper address",
  "Shipper language",
  "Consignee name",
  "Consignee company",
  "Consignee email",
  "Consignee phone",
  "Consignee address",
  "Consignee language",
  "Latest status",
  "Latest status location",
  "Latest status time (UTC)",
  "Created (UTC)",
];

/** The shipments the list shows for `params` (q, status, sort), every page of them, with parties and latest entry. */
export function shipmentExport({ db, params }: { db: Db; params: URLSearchParams }): TableExport {
  const query = parseShipmentListQuery(params);
  const ascending = query.sort === "oldest";
  const where = listConditions({ search: query.q, status: query.status || undefined });
  const order = ascending
    ? [shipments.createdAt, shipments.id]
    : [desc(shipments.createdAt), desc(shipments.id)];
  const latest = db
    .select({
      status: shipmentStatusHistory.status,
      location: shipmentStatusHistory.location,
      timestamp: shipmentStatusHistory.timestamp,
    })
    .from(shipmentStatusHistory)
    .where(eq(shipmentStatusHistory.shipmentId, shipments.id))
    .orderBy(
      desc(shipmentStatusHistory.timestamp),
      desc(shipmentStatusHistory.createdAt),
      desc(shipmentStatusHistory.id),
    )
    .limit(1)
    .as("latest");
  const read = (cursor: Cursor | null) =>
    db
      .select({
        id: shipments.id,
        cursorAt: sql<string>`${shipments.createdAt}::text`,
        shipment: shipments,
        shipper: shippers,
        consignee: consignees,
        latestStatus: latest.status,
        latestLocation: latest.location,
        latestAt: latest.timestamp,
      })
      .from(shipments)
      .leftJoin(shippers, eq(shippers.id, shipments.shipperId))
      .leftJoin(consignees, eq(consignees.id, shipments.consigneeId))
      .leftJoinLateral(latest, sql`true`)
      .where(and(where, after(shipments, cursor, ascending)))
      .orderBy(...order)
      .limit(EXPORT_PAGE_SIZE);
  return {
    sheetName: "Shipments",
    header: SHIPMENT_EXPORT_HEADER,
    pages: cells(keysetPages(read), ({ shipment: s, shipper, consignee, ...row }) => [
      s.trackingNumber,
      s.status,
      s.originLocation,
      s.destinationLocation,
      s.currentLocation,
      s.estimatedDelivery,
      s.weight,
      s.dimensions,
      s.pieces,
      s.transportMode,
      s.goodsDescription,
      s.declaredValue,
      s.declaredCurrency,
      s.incoterm,
      s.notes,
      shipper?.name,
      shipper?.company,
      shipper?.email,
      shipper?.phone,
      shipper?.address,
      shipper && PARTY_LANGUAGE_LABELS[shipper.language],
      consignee?.name,
      consignee?.company,
      consignee?.email,
      consignee?.phone,
      consignee?.address,
      consignee && PARTY_LANGUAGE_LABELS[consignee.language],
      row.latestStatus,
      row.latestLocation,
      row.latestAt,
      s.createdAt,
    ]),
  };
}
