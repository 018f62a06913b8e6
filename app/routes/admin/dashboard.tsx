import { DashboardPage } from "#app/components/admin/dashboard/dashboard-page.tsx";
import { AdminErrorView } from "#app/components/admin/shell/admin-error.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import { loadDashboardPage } from "#app/server/dashboard/dashboard-page.server.ts";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta({ title: "Dashboard", path: "/admin/dashboard" }, matches);

export function loader({ request, context }: Route.LoaderArgs) {
  return loadDashboardPage({ request, context });
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return <DashboardPage data={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} />;
}
