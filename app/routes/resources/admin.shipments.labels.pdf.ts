import { bulkLabelsPageAction, loadBulkLabelsPage } from "#app/server/documents/bulk-labels-page.server.ts";
import type { Route } from "./+types/admin.shipments.labels.pdf";

/** The list's 'Print labels' form posts here; the address alone goes back to the list. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadBulkLabelsPage({ request, context });
}

export function action({ request, context }: Route.ActionArgs) {
  return bulkLabelsPageAction({ request, context });
}
