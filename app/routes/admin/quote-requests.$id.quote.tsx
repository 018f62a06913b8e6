import { QuotePage } from "#app/components/admin/quotes/quote-page.tsx";
import { AdminErrorView } from "#app/components/admin/shell/admin-error.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import { loadQuotePage, quotePageAction } from "#app/server/quotes/quote-page.server.ts";
import type { Route } from "./+types/quote-requests.$id.quote";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  adminMeta({ title: "Quote", path: location.pathname }, matches);

/** A quote request's quote (decision 016): prepare, send, see the customer's answer, book the shipment. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadQuotePage({ request, context, id: params.id });
}

export function action({ request, context, params }: Route.ActionArgs) {
  return quotePageAction({ request, context, id: params.id });
}

export default function QuoteRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <QuotePage data={loaderData} actionData={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} />;
}
