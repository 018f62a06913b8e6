import {
  ContactSubmissionsInbox,
  MESSAGES_PATH,
} from "#app/components/admin/inbox/contact-submissions-inbox.tsx";
import { InboxFailure, keepListAfterFailure } from "#app/components/admin/inbox/inbox.tsx";
import { AdminErrorView } from "#app/components/admin/shell/admin-error.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import { inboxAction, loadMessageInbox } from "#app/server/inbox/inbox-pages.server.ts";
import type { Route } from "./+types/contact-submissions";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  adminMeta({ title: "Contact Form Submissions", path: location.pathname }, matches);

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadMessageInbox({ request, context });
}

/** Toggle read/unread and delete, for the list and for the details page. */
export async function action({ request, context }: Route.ActionArgs) {
  return inboxAction({ request, context, kind: "message" });
}

export const shouldRevalidate = keepListAfterFailure;

export default function ContactSubmissions({ loaderData }: Route.ComponentProps) {
  return <ContactSubmissionsInbox data={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (error && typeof error === "object" && "status" in error && error.status === 403) {
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
