/**
 * Provider callbacks (delivery reports, STOP/START replies, opt-out reports): reading their bodies safely
 * and acting on what they say. The routes (app/routes/resources/webhooks.*) check who sent them first
 * (Twilio's signature, Africa's Talking's secret token; decision 012) and change nothing otherwise.
 */
import type { Db } from "#app/server/db/client.server.ts";
import type { ProviderEvent } from "#app/server/messaging/channel.server.ts";
import { recordDeliveryReport, recordOptOut, removeOptOut } from "#app/server/messaging/outbox.server.ts";
import type { Logger } from "#app/server/platform/logger.server.ts";

/** Providers' callbacks are a few hundred bytes; nothing legitimate comes near this. */
export const CALLBACK_BODY_LIMIT_BYTES = 16 * 1024;

export type CallbackForm = { ok: true; params: URLSearchParams } | { ok: false; response: Response };

const plain = (status: number, text: string) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * The form-encoded body of a provider callback, or the answer to give instead: 405 for anything but POST,
 * 415 for another content type, 413 past CALLBACK_BODY_LIMIT_BYTES (declared or streamed), 400 for a body
 * that is not UTF-8, has too many fields or a NUL character. Never throws.
 */
export async function readCallbackForm(request: Request): Promise<CallbackForm> {
  if (request.method !== "POST") {
    return {
      ok: false,
      response: new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } }),
    };
  }
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") {
    return { ok: false, response: plain(415, "Expected application/x-www-form-urlencoded.") };
  }
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (!Number.isFinite(declared) || declared > CALLBACK_BODY_LIMIT_BYTES) {
    return { ok: false, response: plain(413, "The request is too large.") };
  }
  let bytes: Uint8Array;
  try {
    bytes = await readLimited(request, CALLBACK_BODY_LIMIT_BYTES);
  } catch (error) {
    if (error instanceof TooLarge) return { ok: false, response: plain(413, "The request is too large.") };
    return { ok: false, response: plain(400, "The request body could not be read.") };
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, response: plain(400, "The request body is not UTF-8.") };
  }
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(text);
  } catch {
    return { ok: false, response: plain(400, "The request body is not a form.") };
  }
  if ([...params.keys()].length > 100) return { ok: false, response: plain(400, "Too many fields.") };
  // PostgreSQL refuses NUL in text: no provider sends one, so such a body is refused here, not at the query.
  for (const [key, value] of params) {
    if (key.includes("\u0000") || value.includes("\u0000")) {
      return { ok: false, response: plain(400, "The request body holds a NUL character.") };
    }
  }
  return { ok: true, params };
}

/**
 * The JSON body of a provider callback sent with PUT or POST (MTN Mobile Money's), or the answer to give
 * instead: 405, 415, 413 and 400 as for a form, and 400 for a body that is not a JSON object. Never throws.
 */
export async function readCallbackJson(
  request: Request,
): Promise<{ ok: true; body: Record<string, unknown> } | { ok: false; response: Response }> {
  if (request.method !== "POST" && request.method !== "PUT") {
    return {
      ok: false,
      response: new Response("Method not allowed", { status: 405, headers: { Allow: "PUT, POST" } }),
    };
  }
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") return { ok: false, response: plain(415, "Expected application/json.") };
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (!Number.isFinite(declared) || declared > CALLBACK_BODY_LIMIT_BYTES) {
    return { ok: false, response: plain(413, "The request is too large.") };
  }
  let body: unknown;
  try {
    const bytes = await readLimited(request, CALLBACK_BODY_LIMIT_BYTES);
    body = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch (error) {
    if (error instanceof TooLarge) return { ok: false, response: plain(413, "The request is too large.") };
    return { ok: false, response: plain(400, "The request body is not JSON.") };
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { ok: false, response: plain(400, "The request body is not a JSON object.") };
  }
  return { ok: true, body: body as Record<string, unknown> };
}

class TooLarge extends Error {}

async function readLimited(request: Request, limit: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new TooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * Acts on one genuine callback: a delivery report updates its outbox row (delivered, or failed with the
 * provider's reason; an unsubscribed recipient is also recorded as opted out); STOP and the provider's
 * opt-out reports record an opt-out of that number for that channel; START removes it. Anything else is
 * only logged. Returns what it did, for the log and the tests.
 */
export async function applyProviderEvent({
  db,
  logger,
  event,
  provider,
  outboxId,
  now = new Date(),
}: {
  db: Db;
  logger: Pick<Logger, "info" | "warn">;
  event: ProviderEvent;
  provider: "twilio" | "africastalking";
  /** Our outbox id, from the StatusCallback URL Twilio was given. */
  outboxId?: string | null;
  now?: Date;
}): Promise<"updated" | "unmatched" | "opted-out" | "opted-in" | "ignored"> {
  if (event.kind === "status") {
    // Provider ids are short (Twilio: 34 characters); a longer one is nobody's.
    if (event.providerMessageId.length > 200) return "ignored";
    const row = await recordDeliveryReport({
      db,
      providerMessageId: event.providerMessageId,
      ...(outboxId ? { outboxId } : {}),
      status: event.status,
      ...(event.reason || event.errorCode ? { reason: event.reason ?? `error ${event.errorCode}` } : {}),
      now,
    });
    if (!row) {
      logger.info(
        { provider, providerMessageId: event.providerMessageId },
        "A delivery report matched no message",
      );
      return "unmatched";
    }
    if (event.optOut && row.channel !== "email" && E164.test(row.to)) {
      await recordOptOut({ db, channel: row.channel, address: row.to, source: "provider", now });
      return "opted-out";
    }
    return "updated";
  }
  if (event.kind === "opt-out" || event.kind === "opt-in") {
    if (!E164.test(event.from)) {
      logger.warn(
        { provider, kind: event.kind },
        "An opt-out/opt-in callback without an E.164 number was ignored",
      );
      return "ignored";
    }
    if (event.kind === "opt-out") {
      await recordOptOut({ db, channel: event.channel, address: event.from, source: "reply", now });
      logger.info({ provider, channel: event.channel }, "A recipient opted out");
      return "opted-out";
    }
    await removeOptOut({ db, channel: event.channel, address: event.from });
    logger.info({ provider, channel: event.channel }, "A recipient opted in again");
    return "opted-in";
  }
  if (event.kind === "inbound") {
    logger.info({ provider, channel: event.channel }, "An incoming message (not a keyword) was received");
  }
  return "ignored";
}
