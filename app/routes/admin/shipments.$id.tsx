import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import { ShipmentDetail } from "#app/components/admin/shipments/shipment-detail.tsx";
import { ShipmentErrorView } from "#app/components/admin/shipments/shipment-error.tsx";
import { formatDate, formatTime } from "#app/lib/format.ts";
import { isDeliveryOverdue } from "#app/lib/shipment-status.ts";
import { loadShipmentDetail, shipmentDetailAction } from "#app/server/handlers/shipment-detail.server.ts";
import type { Route } from "./+types/shipments.$id";

export const meta: Route.MetaFunction = ({ matches, params, loaderData }) =>
  adminMeta(
    {
      title: loaderData ? `Shipment ${loaderData.shipment.trackingNumber}` : "Shipment",
      path: `/admin/shipments/${encodeURIComponent(params.id)}`,
    },
    matches,
  );

const party = (
  row: {
    id: string;
    name: string;
    company: string | null;
    email: string | null;
    phone: string | null;
    address: string | null;
  } | null,
) =>
  row
    ? {
        id: row.id,
        name: row.name,
        company: row.company ?? "",
        email: row.email ?? "",
        phone: row.phone ?? "",
        address: row.address ?? "",
      }
    : null;

export async function loader({ params, context }: Route.LoaderArgs) {
  const shipment = await loadShipmentDetail({ context, id: params.id });
  // Dates formatted here so the server and the browser show the same text.
  return {
    // A new key after every change clears the 'Add Status Update' form (a refused post keeps what was typed).
    formKey: Date.now(),
    shipment: {
      id: shipment.id,
      trackingNumber: shipment.trackingNumber,
      status: shipment.status,
      originLocation: shipment.originLocation,
      destinationLocation: shipment.destinationLocation,
      currentLocation: shipment.currentLocation,
      estimatedDelivery: shipment.estimatedDelivery ? formatDate(shipment.estimatedDelivery) : null,
      weight: shipment.weight,
      dimensions: shipment.dimensions,
      notes: shipment.notes,
      createdAt: `${formatDate(shipment.createdAt)} ${formatTime(shipment.createdAt)}`,
      overdue: isDeliveryOverdue({
        estimatedDelivery: shipment.estimatedDelivery,
        status: shipment.status,
        history: shipment.history,
      }),
      shipper: party(shipment.shipper),
      consignee: party(shipment.consignee),
      history: shipment.history.map((entry) => ({
        id: entry.id,
        status: entry.status,
        location: entry.location,
        notes: entry.notes ?? "",
        date: `${formatDate(entry.timestamp)} ${formatTime(entry.timestamp)}`,
        iso: entry.timestamp.toISOString(),
      })),
    },
  };
}

export function action({ request, params, context }: Route.ActionArgs) {
  return shipmentDetailAction({ request, context, id: params.id });
}

export default function ShipmentDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ShipmentDetail shipment={loaderData.shipment} formKey={loaderData.formKey} actionData={actionData} />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShipmentErrorView error={error} message="Error loading shipment details. Please try again." />;
}
