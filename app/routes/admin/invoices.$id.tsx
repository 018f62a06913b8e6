import { InvoicePage } from "#app/components/admin/invoices/invoice-pages.tsx";
import { AdminErrorView } from "#app/components/admin/shell/admin-error.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import { invoicePageAction, loadInvoicePage } from "#app/server/invoices/invoice-pages.server.ts";
import { invoicePaymentsCard } from "#app/server/payments/payment-pages.server.ts";
import type { Route } from "./+types/invoices.$id";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  adminMeta({ title: "Invoice", path: location.pathname }, matches);

/** One invoice or credit note (decision 026): a draft's form and 'Issue', or the issued document, credit, void. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadInvoicePage({ request, context, id: params.id, paymentsCard: invoicePaymentsCard });
}

export function action({ request, context, params }: Route.ActionArgs) {
  return invoicePageAction({ request, context, id: params.id, paymentsCard: invoicePaymentsCard });
}

export default function InvoiceRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <InvoicePage data={loaderData} actionData={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} />;
}
