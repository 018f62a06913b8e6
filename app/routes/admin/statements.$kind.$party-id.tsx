import { StatementPage } from "#app/components/admin/receivables/statement-page.tsx";
import { AdminErrorView } from "#app/components/admin/shell/admin-error.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import { emailStatementAction, loadStatementPage } from "#app/server/receivables/receivables-pages.server.ts";
import type { Route } from "./+types/statements.$kind.$party-id";

export const meta: Route.MetaFunction = ({ matches, params, loaderData }) =>
  adminMeta(
    {
      title: loaderData ? `Statement: ${loaderData.party.name}` : "Statement",
      path: `/admin/statements/${encodeURIComponent(params.kind)}/${encodeURIComponent(params.partyId)}`,
    },
    matches,
  );

/** A customer's statement for a period (decision 028): Administrators and Accounts. */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return loadStatementPage({ request, context, kind: params.kind, partyId: params.partyId });
}

/** 'E-mail statement': the PDF through the outbox, once per form. */
export function action({ request, params, context }: Route.ActionArgs) {
  return emailStatementAction({ request, context, kind: params.kind, partyId: params.partyId });
}

export default function StatementRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <StatementPage data={loaderData} error={actionData?.error ?? null} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} />;
}
