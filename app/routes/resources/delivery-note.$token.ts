import { loadDeliveryNoteLink } from "#app/server/documents/delivery-note-link-page.server.ts";
import type { Route } from "./+types/delivery-note.$token";

/** The signed delivery note, through the link in the consignee's delivery message (decision 015). */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return loadDeliveryNoteLink({ request, context, token: params.token });
}
