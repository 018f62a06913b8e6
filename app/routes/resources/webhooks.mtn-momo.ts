import { mtnCallbackAction } from "#app/server/payments/mobile-money/mtn-callback-page.server.ts";
import type { Route } from "./+types/webhooks.mtn-momo";

/** MTN Mobile Money's callback (decision 027): PUT or POST, read by the mobile-money room. */
export function action({ request, context }: Route.ActionArgs) {
  return mtnCallbackAction({ request, context });
}

export function loader() {
  return new Response("Method not allowed", { status: 405, headers: { Allow: "PUT, POST" } });
}
