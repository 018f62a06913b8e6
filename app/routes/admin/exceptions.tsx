import { ExceptionsBoard } from "#app/components/admin/exceptions/exceptions-board.tsx";
import { AdminErrorView } from "#app/components/admin/shell/admin-error.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import {
  loadExceptionsBoard,
  saveExceptionSettings,
} from "#app/server/shipments/exceptions-board-page.server.ts";
import type { Route } from "./+types/exceptions";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta({ title: "Exceptions", path: "/admin/exceptions" }, matches);

export function loader({ request, context }: Route.LoaderArgs) {
  return loadExceptionsBoard({ request, context });
}

export function action({ request, context }: Route.ActionArgs) {
  return saveExceptionSettings({ request, context });
}

export default function Exceptions({ loaderData, actionData }: Route.ComponentProps) {
  return <ExceptionsBoard data={loaderData} actionData={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} />;
}
