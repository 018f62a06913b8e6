import { PartyFormPage } from "#app/components/admin/parties/party-form-page.tsx";
import { AdminErrorView } from "#app/components/admin/shell/admin-error.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import { customerAccountCard } from "#app/server/customers/customer-account-card.server.ts";
import { loadPartyPage, savePartyForm } from "#app/server/parties/party-pages.server.ts";
import type { Route } from "./+types/parties.$id";

export const meta: Route.MetaFunction = ({ matches, params, loaderData }) =>
  adminMeta(
    {
      title: loaderData?.party ? loaderData.party.name : "Contact",
      path: `/admin/parties/${encodeURIComponent(params.id)}`,
    },
    matches,
  );

export function loader({ request, params, context }: Route.LoaderArgs) {
  return loadPartyPage({ request, context, id: params.id, accountCard: customerAccountCard });
}

export function action({ request, params, context }: Route.ActionArgs) {
  return savePartyForm({ request, context, id: params.id, accountCard: customerAccountCard });
}

export default function PartyPage({ loaderData, actionData }: Route.ComponentProps) {
  return <PartyFormPage {...loaderData} actionData={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} />;
}
