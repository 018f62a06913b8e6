import { DetailItem } from "#app/components/admin/shipments/shipment-detail-item.tsx";
import { ShipmentStatusBadge } from "#app/components/admin/shipments/shipment-status-badge.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import type { DetailShipment } from "#app/server/shipments/shipment-detail-views.ts";

/** The 'Shipment Details' card: tracking number, status, route, delivery, weight, dimensions, the cargo fields given, notes, creation. */
export function ShipmentDetailsCard({ shipment }: { shipment: DetailShipment }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Shipment Details</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="flex flex-col gap-3">
          <DetailItem label="Tracking Number">{shipment.trackingNumber}</DetailItem>
          <DetailItem label="Status">
            <ShipmentStatusBadge status={shipment.status} />
          </DetailItem>
          <DetailItem label="Origin">{shipment.originLocation}</DetailItem>
          <DetailItem label="Destination">{shipment.destinationLocation}</DetailItem>
          <DetailItem label="Current Location">{shipment.currentLocation || "Unknown"}</DetailItem>
          <DetailItem label="Estimated Delivery">
            {shipment.estimatedDelivery ?? "-"}
            {shipment.overdue ? (
              <span className="ml-2 text-sm font-semibold text-red-700">(overdue)</span>
            ) : null}
          </DetailItem>
          <DetailItem label="Weight">{shipment.weight === null ? "-" : `${shipment.weight} kg`}</DetailItem>
          <DetailItem label="Dimensions">{shipment.dimensions || "-"}</DetailItem>
          {shipment.transportMode ? (
            <DetailItem label="Mode of Transport">{shipment.transportMode}</DetailItem>
          ) : null}
          {shipment.pieces !== null ? <DetailItem label="Pieces">{shipment.pieces}</DetailItem> : null}
          {shipment.goodsDescription ? (
            <DetailItem label="Goods Description">
              <span className="whitespace-pre-line font-normal">{shipment.goodsDescription}</span>
            </DetailItem>
          ) : null}
          {shipment.declaredValue ? (
            <DetailItem label="Declared Value">{shipment.declaredValue}</DetailItem>
          ) : null}
          {shipment.incoterm ? <DetailItem label="Incoterm">{shipment.incoterm}</DetailItem> : null}
          {shipment.notes ? (
            <DetailItem label="Notes">
              <span className="whitespace-pre-line font-normal">{shipment.notes}</span>
            </DetailItem>
          ) : null}
          <DetailItem label="Created">{shipment.createdAt}</DetailItem>
        </dl>
      </CardContent>
    </Card>
  );
}
