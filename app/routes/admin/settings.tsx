import { SettingsPage } from "#app/components/admin/settings/settings-page.tsx";
import { AdminErrorView } from "#app/components/admin/shell/admin-error.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import { loadSettingsPage, settingsPageAction } from "#app/server/settings/settings-page.server.ts";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta({ title: "Settings", path: "/admin/settings" }, matches);

export function loader({ context }: Route.LoaderArgs) {
  return loadSettingsPage({ context });
}

export function action({ request, context }: Route.ActionArgs) {
  return settingsPageAction({ request, context });
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  return <SettingsPage loaderData={loaderData} actionData={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} />;
}
