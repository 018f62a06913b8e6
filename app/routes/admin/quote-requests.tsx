import { InboxFailure, keepListAfterFailure } from "#app/components/admin/inbox/inbox.tsx";
import { QUOTES_PATH, QuoteRequestsInbox } from "#app/components/admin/inbox/quote-requests-inbox.tsx";
import { AdminErrorView } from "#app/components/admin/shell/admin-error.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import { inboxAction, loadQuoteInbox } from "#app/server/inbox/inbox-pages.server.ts";
import type { Route } from "./+types/quote-requests";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  adminMeta({ title: "Quote Requests", path: location.pathname }, matches);

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadQuoteInbox({ request, context });
}

/** Toggle read/unread and delete, for the list and for the details page. */
export async function action({ request, context }: Route.ActionArgs) {
  return inboxAction({ request, context, kind: "quote" });
}

export const shouldRevalidate = keepListAfterFailure;

export default function QuoteRequests({ loaderData }: Route.ComponentProps) {
  return <QuoteRequestsInbox data={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (error && typeof error === "object" && "status" in error && error.status === 403) {
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
