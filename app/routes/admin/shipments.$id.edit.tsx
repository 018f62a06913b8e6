import type { ShouldRevalidateFunctionArgs } from "react-router";
import { AdminErrorView } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { ShipmentFormPage, shipmentFormShouldRevalidate } from "~/components/admin/shipment-form";
import { loadShipmentForm, saveShipmentForm } from "~/server/shipment-form.server";
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
