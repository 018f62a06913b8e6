import { ReceivablesPage } from "#app/components/admin/receivables/receivables-page.tsx";
import { AdminErrorView } from "#app/components/admin/shell/admin-error.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import { loadReceivablesPage } from "#app/server/receivables/receivables-pages.server.ts";
import type { Route } from "./+types/receivables";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta({ title: "Receivables", path: "/admin/receivables" }, matches);

/** What each customer owes, by age (decision 028): Administrators and Accounts. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadReceivablesPage({ request, context });
}

export default function ReceivablesRoute({ loaderData }: Route.ComponentProps) {
  return <ReceivablesPage data={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} />;
}
