import type { ShouldRevalidateFunctionArgs } from "react-router";
import { AdminErrorView } from "#app/components/admin/shell/admin-error.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import {
  ShipmentFormPage,
  shipmentFormShouldRevalidate,
} from "#app/components/admin/shipments/shipment-form.tsx";
import { loadShipmentForm, saveShipmentForm } from "#app/server/shipments/shipment-form-page.server.ts";
import type { Route } from "./+types/shipments.new";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta({ title: "New Shipment", path: "/admin/shipments/new" }, matches);

/** `?request=<id>`: 'Book shipment' on a quote request (issue 17), the form filled from it, booked once. */
const bookFrom = (request: Request) => new URL(request.url).searchParams.get("request");

export function loader({ request, context }: Route.LoaderArgs) {
  return loadShipmentForm({ context, bookFrom: bookFrom(request) });
}

export function action({ request, context }: Route.ActionArgs) {
  return saveShipmentForm({ request, context, bookFrom: bookFrom(request) });
}

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return shipmentFormShouldRevalidate(args);
}

export default function NewShipment({ loaderData, actionData }: Route.ComponentProps) {
  return <ShipmentFormPage {...loaderData} actionData={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} />;
}
