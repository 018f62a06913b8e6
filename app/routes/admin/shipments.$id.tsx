import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import { ShipmentDetail } from "#app/components/admin/shipments/shipment-detail.tsx";
import { ShipmentErrorView } from "#app/components/admin/shipments/shipment-error.tsx";
import { shipmentNotificationsCard } from "#app/server/notifications/shipment-notifications-card.server.ts";
import {
  loadShipmentDetail,
  shipmentDetailAction,
} from "#app/server/shipments/shipment-detail-page.server.ts";
import type { Route } from "./+types/shipments.$id";

export const meta: Route.MetaFunction = ({ matches, params, loaderData }) =>
  adminMeta(
    {
      title: loaderData ? `Shipment ${loaderData.shipment.trackingNumber}` : "Shipment",
      path: `/admin/shipments/${encodeURIComponent(params.id)}`,
    },
    matches,
  );

export function loader({ request, params, context }: Route.LoaderArgs) {
  return loadShipmentDetail({
    request,
    context,
    id: params.id,
    notificationsCard: shipmentNotificationsCard,
  });
}

export function action({ request, params, context }: Route.ActionArgs) {
  return shipmentDetailAction({
    request,
    context,
    id: params.id,
    notificationsCard: shipmentNotificationsCard,
  });
}

export default function ShipmentDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ShipmentDetail {...loaderData} actionData={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShipmentErrorView error={error} message="Error loading shipment details. Please try again." />;
}
