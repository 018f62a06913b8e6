import { isRouteErrorResponse } from "react-router";
import { InboxFailure, keepListAfterFailure } from "#app/components/admin/inbox/inbox.tsx";
import { QUOTES_PATH, QuoteRequestsInbox } from "#app/components/admin/inbox/quote-requests-inbox.tsx";
import { AdminErrorView } from "#app/components/admin/shell/admin-error.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import { loadQuoteInbox } from "#app/server/inbox/inbox-pages.server.ts";
import type { Route } from "./+types/quote-requests.$id";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  adminMeta({ title: "Quote Request Details", path: location.pathname }, matches);

/** One quote request (its own URL): the list with the details dialog open. Opening it marks it read. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadQuoteInbox({ request, context, id: params.id });
}

export const shouldRevalidate = keepListAfterFailure;

export default function QuoteRequest({ loaderData }: Route.ComponentProps) {
  return <QuoteRequestsInbox data={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && (error.status === 404 || error.status === 403)) {
    return <AdminErrorView error={error} />;
  }
  return (
    <InboxFailure
      title="Quote Requests"
      message="Failed to load quote requests. Please try again."
      href={QUOTES_PATH}
    />
  );
}
