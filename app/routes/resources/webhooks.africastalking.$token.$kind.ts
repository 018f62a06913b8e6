import { servicesContext } from "#app/context.ts";
import {
  parseAfricasTalkingCallback,
  verifyAfricasTalkingCallbackToken,
} from "#app/server/messaging/africas-talking.server.ts";
import { applyProviderEvent, readCallbackForm } from "#app/server/messaging/callbacks.server.ts";
import type { Route } from "./+types/webhooks.africastalking.$token.$kind";

/**
 * Africa's Talking's callbacks (decision 012): `/webhooks/africastalking/{token}/delivery` (delivery
 * reports), `/inbound` (incoming messages: STOP records an opt-out, START removes it) and `/optout` (its
 * bulk SMS opt-out notifications). Africa's Talking signs none of them, so the URLs registered in its
 * dashboard carry AFRICASTALKING_CALLBACK_TOKEN, compared in constant time; a wrong one is answered 403
 * and changes nothing. Without the setting the routes do not exist (404).
 */
const KINDS = new Set(["delivery", "inbound", "optout"]);

const plain = (status: number, text: string) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!KINDS.has(params.kind)) return plain(404, "Not found");
  const { config, db, logger } = context.get(servicesContext);
  const expected = config.AFRICASTALKING_CALLBACK_TOKEN;
  if (!expected) return plain(404, "Africa's Talking callbacks are not configured on this site.");
  if (!verifyAfricasTalkingCallbackToken(params.token, expected)) {
    logger.warn({ kind: params.kind }, "An Africa's Talking callback with a wrong token was refused");
    return plain(403, "Invalid token.");
  }
  const form = await readCallbackForm(request);
  if (!form.ok) return form.response;
  await applyProviderEvent({
    db,
    logger,
    provider: "africastalking",
    event: parseAfricasTalkingCallback(form.params),
  });
  return plain(200, "OK");
}

export function loader() {
  return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
}
