import { ActivityLog } from "#app/components/admin/activity/activity-log.tsx";
import { AdminErrorView } from "#app/components/admin/shell/admin-error.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import { loadActivity } from "#app/server/audit/activity-page.server.ts";
import type { Route } from "./+types/activity";

// The activity log (decision 021): read only; the admin layout's middleware checks the session.

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta({ title: "Activity", path: "/admin/activity" }, matches);

export function loader({ request, context }: Route.LoaderArgs) {
  return loadActivity({ request, context });
}

export default function Activity({ loaderData }: Route.ComponentProps) {
  return <ActivityLog data={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} />;
}
