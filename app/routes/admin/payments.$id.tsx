import { PaymentPage } from "#app/components/admin/payments/payment-page.tsx";
import { AdminErrorView } from "#app/components/admin/shell/admin-error.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import { loadPaymentPage, paymentPageAction } from "#app/server/payments/payment-pages.server.ts";
import type { Route } from "./+types/payments.$id";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  adminMeta({ title: "Payment", path: location.pathname }, matches);

/** One payment (decision 026): its receipt, what it settled; e-mail the receipt, reverse it. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadPaymentPage({ request, context, id: params.id });
}

export function action({ request, context, params }: Route.ActionArgs) {
  return paymentPageAction({ request, context, id: params.id });
}

export default function PaymentRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <PaymentPage payment={loaderData} actionData={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} />;
}
