import { deliveryPhotoAction } from "#app/server/shipments/delivery-form-page.server.ts";
import { auditActorMiddleware, requireAdmin } from "#app/server/staff/staff-guards.server.ts";
import type { Route } from "./+types/admin.shipments.$id.deliver.photos";

/**
 * POST: one delivery photo of a 'Record delivery' draft, sent by the page's script (with upload progress and a
 * retry), kept on the server until 'Save'; or the removal of one. Answers JSON. Checks the session.
 */
// A signed-in upload runs on the audit log's connection (decision 021).
export const middleware: Route.MiddlewareFunction[] = [auditActorMiddleware];

export function action({ request, params, context }: Route.ActionArgs) {
  return deliveryPhotoAction({ request, context, id: params.id });
}

/** Nothing to read here: signed-in staff get 405, anyone else the login page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  return new Response("Send photos with POST.", {
    status: 405,
    headers: {
      Allow: "POST",
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "private, no-store",
    },
  });
}
