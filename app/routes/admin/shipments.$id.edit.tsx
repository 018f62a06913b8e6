import type { ShouldRevalidateFunctionArgs } from "react-router";
import { AdminErrorView } from "#app/components/admin/shell/admin-error.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import {
  ShipmentFormPage,
  shipmentFormShouldRevalidate,
} from "#app/components/admin/shipments/shipment-form.tsx";
import { loadShipmentForm, saveShipmentForm } from "#app/server/shipments/shipment-form-page.server.ts";
import type { Route } from "./+types/shipments.$id.edit";

export const meta: Route.MetaFunction = ({ matches, params }) =>
  adminMeta(
    { title: "Edit Shipment", path: `/admin/shipments/${encodeURIComponent(params.id)}/edit` },
    matches,
  );

export function loader({ params, context }: Route.LoaderArgs) {
  return loadShipmentForm({ context, id: params.id });
}

export function action({ request, params, context }: Route.ActionArgs) {
  return saveShipmentForm({ request, context, id: params.id });
}

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return shipmentFormShouldRevalidate(args);
}

export default function EditShipment({ loaderData, actionData }: Route.ComponentProps) {
  return <ShipmentFormPage {...loaderData} actionData={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} />;
}
