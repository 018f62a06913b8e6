import { isRouteErrorResponse } from "react-router";
import {
  ContactSubmissionsInbox,
  MESSAGES_PATH,
} from "#app/components/admin/inbox/contact-submissions-inbox.tsx";
import { InboxFailure, keepListAfterFailure } from "#app/components/admin/inbox/inbox.tsx";
import { AdminErrorView } from "#app/components/admin/shell/admin-error.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import { loadMessageInbox } from "#app/server/inbox/inbox-pages.server.ts";
import type { Route } from "./+types/contact-submissions.$id";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  adminMeta({ title: "Contact Message Details", path: location.pathname }, matches);

/** One contact message (its own URL): the list with the details dialog open. Opening it marks it read. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadMessageInbox({ request, context, id: params.id });
}

export const shouldRevalidate = keepListAfterFailure;

export default function ContactSubmission({ loaderData }: Route.ComponentProps) {
  return <ContactSubmissionsInbox data={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && (error.status === 404 || error.status === 403)) {
    return <AdminErrorView error={error} />;
  }
  return (
    <InboxFailure
      title="Contact Form Submissions"
      message="Failed to load contact submissions. Please try again."
      href={MESSAGES_PATH}
    />
  );
}
