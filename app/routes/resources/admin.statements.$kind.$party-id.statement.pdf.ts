import { statementPdfResponse } from "#app/server/receivables/receivables-pages.server.ts";
import type { Route } from "./+types/admin.statements.$kind.$party-id.statement.pdf";

/** A customer's statement as a PDF, for the period in the address (Administrators and Accounts); never cached. */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return statementPdfResponse({ request, context, kind: params.kind, partyId: params.partyId });
}
