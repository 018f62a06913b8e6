import { isRouteErrorResponse, Link } from "react-router";
import { AdminErrorView } from "#app/components/admin/shell/admin-error.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";

/**
 * The error view of the shipment pages: a friendly 'Shipment not found' for a 404 (unknown or malformed id),
 * the spec's message for anything else, and the admin view for 403.
 */
export function ShipmentErrorView({ error, message }: { error: unknown; message: string }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 403) return <AdminErrorView error={error} />;
  const notFound = status === 404;
  return (
    <section role="alert" className="flex flex-col items-start gap-4 py-10">
      {notFound ? <p className="text-5xl font-bold text-brand-900">404</p> : null}
      <h1 className="text-2xl font-semibold text-slate-900">{notFound ? "Shipment Not Found" : message}</h1>
      <p className="text-slate-700">
        {notFound
          ? "This shipment does not exist, or it was deleted."
          : "Something went wrong on our side. Reload the page, or go back to the list."}
      </p>
      <Link to="/admin/shipments" className={buttonClass()}>
        Back to Shipments
      </Link>
    </section>
  );
}
