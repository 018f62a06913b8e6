import { AdminErrorView } from "#app/components/admin/shell/admin-error.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import { BulkStatusPage } from "#app/components/admin/shipments/bulk-status-page.tsx";
import { loadBulkStatusPage, saveBulkStatus } from "#app/server/shipments/bulk-status-page.server.ts";
import type { Route } from "./+types/shipments.bulk-update";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta({ title: "Bulk status update", path: "/admin/shipments/bulk-update" }, matches);

export function loader({ request, context }: Route.LoaderArgs) {
  return loadBulkStatusPage({ request, context });
}

export function action({ request, context }: Route.ActionArgs) {
  return saveBulkStatus({ request, context });
}

export default function BulkUpdate({ loaderData, actionData }: Route.ComponentProps) {
  return <BulkStatusPage view={loaderData} actionData={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} />;
}
