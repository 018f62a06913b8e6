import { PartyFormPage } from "#app/components/admin/parties/party-form-page.tsx";
import { AdminErrorView } from "#app/components/admin/shell/admin-error.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import { loadNewParty, savePartyForm } from "#app/server/parties/party-pages.server.ts";
import type { Route } from "./+types/parties.new";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta({ title: "New Contact", path: "/admin/parties/new" }, matches);

export function loader({ request, context }: Route.LoaderArgs) {
  return loadNewParty({ request, context });
}

export function action({ request, context }: Route.ActionArgs) {
  return savePartyForm({ request, context });
}

export default function NewParty({ loaderData, actionData }: Route.ComponentProps) {
  return <PartyFormPage {...loaderData} actionData={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} />;
}
