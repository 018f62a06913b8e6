import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import { ShipmentErrorView } from "#app/components/admin/shipments/shipment-error.tsx";
import { ShipmentList } from "#app/components/admin/shipments/shipment-list.tsx";
import {
  loadShipmentListPage,
  shipmentListPageAction,
} from "#app/server/shipments/shipment-list-page.server.ts";
import type { Route } from "./+types/shipments";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta({ title: "Shipments", path: "/admin/shipments" }, matches);

export function loader({ request, context }: Route.LoaderArgs) {
  return loadShipmentListPage({ request, context });
}

export function action({ request, context }: Route.ActionArgs) {
  return shipmentListPageAction({ request, context });
}

export default function Shipments({ loaderData }: Route.ComponentProps) {
  return <ShipmentList {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShipmentErrorView error={error} message="Error loading shipments" />;
}
