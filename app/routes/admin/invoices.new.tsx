import { NewInvoicePage } from "#app/components/admin/invoices/invoice-pages.tsx";
import { AdminErrorView } from "#app/components/admin/shell/admin-error.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import { loadNewInvoicePage, newInvoiceAction } from "#app/server/invoices/invoice-pages.server.ts";
import type { Route } from "./+types/invoices.new";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta({ title: "New invoice", path: "/admin/invoices/new" }, matches);

/** A new draft (decision 026): from an accepted quote, a shipment, an invoice to credit, or blank. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadNewInvoicePage({ request, context });
}

export function action({ request, context }: Route.ActionArgs) {
  return newInvoiceAction({ request, context });
}

export default function NewInvoiceRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <NewInvoicePage data={loaderData} actionData={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} />;
}
