import { InvoiceList } from "#app/components/admin/invoices/invoice-list.tsx";
import { AdminErrorView } from "#app/components/admin/shell/admin-error.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import { loadInvoiceList } from "#app/server/invoices/invoice-list.server.ts";
import type { Route } from "./+types/invoices";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta({ title: "Invoices", path: "/admin/invoices" }, matches);

/** Invoices and credit notes (decision 026): search, state filter, paging. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadInvoiceList({ request, context });
}

export default function InvoicesRoute({ loaderData }: Route.ComponentProps) {
  return <InvoiceList data={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} />;
}
