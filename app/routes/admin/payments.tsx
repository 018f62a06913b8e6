import { PaymentList } from "#app/components/admin/payments/payment-list.tsx";
import { AdminErrorView } from "#app/components/admin/shell/admin-error.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import { loadPaymentList } from "#app/server/payments/payment-pages.server.ts";
import type { Route } from "./+types/payments";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta({ title: "Payments", path: "/admin/payments" }, matches);

/** Payments received (decision 026): search and paging. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadPaymentList({ request, context });
}

export default function PaymentsRoute({ loaderData }: Route.ComponentProps) {
  return <PaymentList data={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} />;
}
