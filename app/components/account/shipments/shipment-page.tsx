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
import { useLocalePath, useT } from "#app/lib/i18n/use-words.ts";
import {
  type ShipmentNotificationsActionData,
  type ShipmentPageData,
  UPDATES_INTENT,
} from "#app/server/customers/customer-shipment-views.ts";

/** One of the company's shipments: what the tracking page shows, and the full details only its customers see. */
export function ShipmentPage({
  data,
  reply,
}: {
  data: ShipmentPageData;
  reply: ShipmentNotificationsActionData | undefined;
}) {
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
      <ShipmentSummary page={data} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
        <div className="space-y-6">
          <ShipmentCargoDetails page={data} />
          <ShipmentDocuments page={data} />
          <ShipmentQuotesAndInvoices page={data} />
          <ShipmentUpdatesForm page={data} reply={reply} intent={UPDATES_INTENT} />
        </div>
        <div className="space-y-6">
          <ShipmentHistory page={data} />
        </div>
      </div>
      <ShipmentParties page={data} />
    </div>
  );
}

/** A shipment the company does not have (or that could not be shown), with the way back to the list. */
export function ShipmentPageError({ error }: { error: unknown }) {
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
