import { ShipmentPage, ShipmentPageError } from "#app/components/account/shipments/shipment-page.tsx";
import { localizedSeo, translateFromMatches } from "#app/lib/seo.ts";
import {
  loadShipmentPage,
  updateShipmentNotifications,
} from "#app/server/customers/customer-shipment-pages.server.ts";
import { accountShipmentPath } from "#app/server/customers/customer-shipment-views.ts";
import type { Route } from "./+types/shipments.$tracking-number";

// One of the company's shipments: what the tracking page shows, and the full details only its
// customers see. Another company's tracking number is a 404, like one that does not exist.

export const meta: Route.MetaFunction = (args) =>
  localizedSeo(args, {
    title: translateFromMatches(args.matches)("Shipment {number}", { number: args.params.trackingNumber }),
    description: "Your shipment's status, details and documents.",
    path: accountShipmentPath(args.params.trackingNumber),
    noindex: true,
  });

export function loader({ params, request, context }: Route.LoaderArgs) {
  return loadShipmentPage({ request, context, trackingNumber: params.trackingNumber });
}

export function action({ request, params, context }: Route.ActionArgs) {
  return updateShipmentNotifications({ request, context, trackingNumber: params.trackingNumber });
}

export default function AccountShipment({ loaderData, actionData }: Route.ComponentProps) {
  return <ShipmentPage data={loaderData} reply={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShipmentPageError error={error} />;
}
