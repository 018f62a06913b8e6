import { isRouteErrorResponse, Link } from "react-router";
import {
  ShipmentCargoDetails,
  ShipmentDocuments,
  ShipmentHistory,
  ShipmentParties,
  ShipmentQuotesAndInvoices,
  ShipmentSummary,
  ShipmentUpdatesForm,
} from "#app/components/account/shipment-details.tsx";
import { localeOf } from "#app/lib/i18n/locale.ts";
import { useLocalePath, useT } from "#app/lib/i18n/use-words.ts";
import { localizedSeo, translateFromMatches } from "#app/lib/seo.ts";
import {
  loadShipmentPage,
  updateShipmentNotifications,
} from "#app/server/customers/customer-shipment-pages.server.ts";
import { accountShipmentPath, UPDATES_INTENT } from "#app/server/customers/customer-shipment-views.ts";
import { wordsFor } from "#app/server/i18n/words.server.ts";
import type { Route } from "./+types/shipments.$tracking-number";

// One of the company's shipments (issue 29): what the tracking page shows, and the full details only its
// customers see. Another company's tracking number is a 404, like one that does not exist.

export const meta: Route.MetaFunction = (args) =>
  localizedSeo(args, {
    title: translateFromMatches(args.matches)("Shipment {number}", { number: args.params.trackingNumber }),
    description: "Your shipment's status, details and documents.",
    path: accountShipmentPath(args.params.trackingNumber),
    noindex: true,
  });

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const page = await loadShipmentPage({ request, context, trackingNumber: params.trackingNumber });
  // The quote's and invoice's words too: their states are shown here.
  return { ...page, words: wordsFor(localeOf(request), "quote", "invoice") };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return updateShipmentNotifications({ request, context, trackingNumber: params.trackingNumber });
}

export default function AccountShipment({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalePath();
  return (
    <div className="space-y-6">
      <Link
        to={to("/account/shipments")}
        className="block w-fit text-sm font-medium text-brand-700 underline underline-offset-4"
      >
        {t("All shipments")}
      </Link>
      <ShipmentSummary page={loaderData} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
        <div className="space-y-6">
          <ShipmentCargoDetails page={loaderData} />
          <ShipmentDocuments page={loaderData} />
          <ShipmentQuotesAndInvoices page={loaderData} />
          <ShipmentUpdatesForm page={loaderData} reply={actionData} intent={UPDATES_INTENT} />
        </div>
        <div className="space-y-6">
          <ShipmentHistory page={loaderData} />
        </div>
      </div>
      <ShipmentParties page={loaderData} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  const to = useLocalePath();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="space-y-3">
      <h1 className="text-2xl font-bold text-brand-900">
        {missing ? t("Shipment not found") : t("This shipment could not be shown")}
      </h1>
      <p className="text-slate-700">
        {missing
          ? t("None of your company's shipments has this tracking number.")
          : t("Please try again in a moment.")}
      </p>
      <Link to={to("/account/shipments")} className="font-medium text-brand-700 underline underline-offset-4">
        {t("All shipments")}
      </Link>
    </div>
  );
}
