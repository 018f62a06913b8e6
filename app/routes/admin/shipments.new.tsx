import type { ShouldRevalidateFunctionArgs } from "react-router";
import { AdminErrorView } from "#app/components/admin/shell/admin-error.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import {
  ShipmentFormPage,
  shipmentFormShouldRevalidate,
} from "#app/components/admin/shipments/shipment-form.tsx";
import {
  bookingPrefill,
  bookShipment,
  findShipperByEmail,
  getQuoteRequestForBooking,
} from "#app/server/quotes/bookings.server.ts";
import { loadShipmentForm, saveShipmentForm } from "#app/server/shipments/shipment-form-page.server.ts";
import type { Route } from "./+types/shipments.new";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta({ title: "New Shipment", path: "/admin/shipments/new" }, matches);

/** `?request=<id>`: 'Book shipment' on a quote request (decision 016), the form filled from it, booked once. */
const bookFrom = (request: Request) => new URL(request.url).searchParams.get("request");
const bookings = { bookingPrefill, bookShipment, findShipperByEmail, getQuoteRequestForBooking };

export function loader({ request, context }: Route.LoaderArgs) {
  return loadShipmentForm({ context, bookFrom: bookFrom(request), bookings });
}

export function action({ request, context }: Route.ActionArgs) {
  return saveShipmentForm({ request, context, bookFrom: bookFrom(request), bookings });
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
