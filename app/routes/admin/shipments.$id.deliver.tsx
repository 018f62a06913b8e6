import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import { RecordDelivery } from "#app/components/admin/shipments/record-delivery.tsx";
import { ShipmentErrorView } from "#app/components/admin/shipments/shipment-error.tsx";
import { deliveryPageAction, loadDeliveryPage } from "#app/server/shipments/delivery-form-page.server.ts";
import type { Route } from "./+types/shipments.$id.deliver";

export const meta: Route.MetaFunction = ({ matches, params, loaderData }) =>
  adminMeta(
    {
      title: loaderData ? `Record delivery: ${loaderData.shipment.trackingNumber}` : "Record delivery",
      path: `/admin/shipments/${encodeURIComponent(params.id)}/deliver`,
    },
    matches,
  );

export function loader({ request, params, context }: Route.LoaderArgs) {
  return loadDeliveryPage({ request, context, id: params.id });
}

export function action({ request, params, context }: Route.ActionArgs) {
  return deliveryPageAction({ request, context, id: params.id });
}

export default function RecordDeliveryPage({ loaderData, actionData }: Route.ComponentProps) {
  return <RecordDelivery data={loaderData} actionData={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShipmentErrorView error={error} message="Error loading shipment details. Please try again." />;
}
