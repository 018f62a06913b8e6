import { servicesContext } from "#app/context.ts";
import { applyProviderEvent, readCallbackForm } from "#app/server/messaging/callbacks.server.ts";
import { parseTwilioCallback, verifyTwilioSignature } from "#app/server/messaging/twilio.server.ts";
import type { Route } from "./+types/webhooks.twilio.$kind";

/**
 * Twilio's callbacks (decision 012): `/webhooks/twilio/status`, the StatusCallback of every message we send
 * (delivered, failed with Twilio's reason), and `/webhooks/twilio/inbound`, the incoming-message webhook of
 * our numbers and WhatsApp sender (STOP records an opt-out, START removes it). Each request must carry
 * X-Twilio-Signature computed over the URL Twilio called, which we rebuild from SITE_URL (never from the
 * Host header, which anyone can set); anything else is answered 403 and changes nothing.
 */
const KINDS = new Set(["status", "inbound"]);

const plain = (status: number, text: string) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!KINDS.has(params.kind)) return plain(404, "Not found");
  const { config, db, logger } = context.get(servicesContext);
  if (!config.TWILIO_AUTH_TOKEN) return plain(404, "Twilio is not configured on this site.");
  const form = await readCallbackForm(request);
  if (!form.ok) return form.response;
  const url = new URL(request.url);
  const signedUrl = `${new URL(config.siteUrl).origin}${url.pathname}${url.search}`;
  const genuine = verifyTwilioSignature({
    authToken: config.TWILIO_AUTH_TOKEN,
    url: signedUrl,
    params: form.params,
    signature: request.headers.get("x-twilio-signature"),
  });
  if (!genuine) {
    logger.warn({ path: url.pathname }, "A Twilio callback with a missing or wrong signature was refused");
    return plain(403, "Invalid signature.");
  }
  await applyProviderEvent({
    db,
    logger,
    provider: "twilio",
    event: parseTwilioCallback(form.params),
    outboxId: url.searchParams.get("outbox"),
  });
  if (params.kind === "inbound") {
    // An empty TwiML answer: no automatic reply (Twilio's own STOP handling answers STOP on SMS).
    return new Response('<?xml version="1.0" encoding="UTF-8"?><Response></Response>', {
      headers: { "Content-Type": "text/xml; charset=utf-8" },
    });
  }
  return new Response(null, { status: 204 });
}

export function loader() {
  return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
}
