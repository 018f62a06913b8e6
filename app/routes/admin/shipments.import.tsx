import { AdminErrorView } from "#app/components/admin/shell/admin-error.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import { ShipmentImportPage } from "#app/components/admin/shipments/shipment-import-page.tsx";
import {
  loadShipmentImportPage,
  shipmentImportAction,
} from "#app/server/shipments/shipment-import-page.server.ts";
import type { Route } from "./+types/shipments.import";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta({ title: "Import shipments", path: "/admin/shipments/import" }, matches);

export function loader({ request, context }: Route.LoaderArgs) {
  return loadShipmentImportPage({ request, context });
}

export function action({ request, context }: Route.ActionArgs) {
  return shipmentImportAction({ request, context });
}

export default function ShipmentImport({ loaderData, actionData }: Route.ComponentProps) {
  return <ShipmentImportPage view={loaderData} actionData={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} />;
}
