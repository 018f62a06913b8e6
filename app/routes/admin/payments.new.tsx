import { PaymentForm } from "#app/components/admin/payments/payment-form.tsx";
import { AdminErrorView } from "#app/components/admin/shell/admin-error.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import { loadNewPaymentPage, newPaymentAction } from "#app/server/payments/payment-form.server.ts";
import type { Route } from "./+types/payments.new";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  adminMeta({ title: "Record payment", path: location.pathname }, matches);

/** 'Record payment' for an issued invoice (`?invoice=`) and the customer's other open invoices (decision 026). */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadNewPaymentPage({ request, context });
}

export function action({ request, context }: Route.ActionArgs) {
  return newPaymentAction({ request, context });
}

export default function NewPaymentRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <PaymentForm data={loaderData} actionData={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} />;
}
