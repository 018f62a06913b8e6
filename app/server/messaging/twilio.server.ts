/**
 * Twilio Programmable Messaging: SMS and WhatsApp through the Messages resource, and Twilio's callbacks.
 *
 * Sending: POST {baseUrl}/2010-04-01/Accounts/{AccountSid}/Messages.json, HTTP Basic auth AccountSid:AuthToken,
 * form fields To, From or MessagingServiceSid, Body, StatusCallback; for WhatsApp the addresses read
 * "whatsapp:+231…" and a message a business starts must be an approved template: ContentSid plus
 * ContentVariables (a JSON object of strings). Answers: 201 with the Message resource (sid, status); errors
 * carry { code, message, more_info, status }.
 *   https://www.twilio.com/docs/messaging/api/message-resource
 *   https://www.twilio.com/docs/whatsapp/tutorial/send-whatsapp-notification-messages-templates
 *   https://www.twilio.com/docs/api/errors
 *
 * Idempotency: the Messages resource takes no idempotency key (the I-Twilio-Idempotency-Token header is one
 * Twilio puts on the webhooks it sends us, for our own de-duplication). A request that times out may have
 * been sent, so the outbox retrying it can, rarely, send a message twice; we accept that rather than lose a
 * notification, and the StatusCallback URL carries our message id so callbacks always find their row.
 *
 * Callbacks: every request Twilio makes to us carries X-Twilio-Signature, the base64 HMAC-SHA1 (key: the auth
 * token) of the full URL followed by each POST parameter's name and value, sorted by name.
 *   https://www.twilio.com/docs/usage/webhooks/webhooks-security
 */
import { createHmac } from "node:crypto";
import {
  type ChannelAdapter,
  type ChannelName,
  DEFAULT_TIMEOUT_MS,
  keywordOf,
  networkFailure,
  type OutboundMessage,
  type ProviderEvent,
  parseRetryAfter,
  type SendResult,
  secretsEqual,
} from "#app/server/messaging/channel.server.ts";

export const TWILIO_API_BASE_URL = "https://api.twilio.com";

export type TwilioAdapterOptions = {
  accountSid: string;
  authToken: string;
  channel: ChannelName;
  /** SMS: an E.164 Twilio number or an alphanumeric sender id; WhatsApp: the E.164 WhatsApp sender. */
  from?: string;
  /** A Messaging Service (MG…) that picks the sender; used when `from` is not given. */
  messagingServiceSid?: string;
  /** WhatsApp: the approved Content template (HX…) whose body has one variable, {{1}}, for our text. */
  whatsappContentSid?: string;
  /**
   * WhatsApp: the same template approved in French (decision 030), for a message whose Content-Language is 'fr'
   * (the scheduler marks a French recipient's message so only when this is set).
   */
  whatsappContentSidFr?: string;
  /** Where Twilio should report this message's delivery (our message id in its query, so callbacks match). */
  statusCallbackUrl?: (message: OutboundMessage) => string | undefined;
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

export function createTwilioAdapter(options: TwilioAdapterOptions): ChannelAdapter {
  const baseUrl = (options.baseUrl ?? TWILIO_API_BASE_URL).replace(/\/+$/, "");
  const endpoint = `${baseUrl}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString("base64")}`;
  const doFetch = options.fetch ?? fetch;
  if (!options.from && !options.messagingServiceSid) {
    throw new Error("Twilio needs a sender: a From number or a Messaging Service SID");
  }
  if (options.channel === "whatsapp" && !options.whatsappContentSid) {
    throw new Error("Twilio WhatsApp needs an approved template (Content SID)");
  }

  return {
    channel: options.channel,
    async send(message) {
      const form = twilioMessageForm(options, message);
      let response: Response;
      try {
        response = await doFetch(endpoint, {
          method: "POST",
          headers: {
            authorization,
            accept: "application/json",
            "content-type": "application/x-www-form-urlencoded",
          },
          body: form,
          signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
        });
      } catch (error) {
        return networkFailure("Twilio", error);
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        body = undefined;
      }
      if (response.status === 200 || response.status === 201) {
        const sid = isRecord(body) && typeof body.sid === "string" ? body.sid : undefined;
        if (sid) return { kind: "accepted", providerMessageId: sid };
        return { kind: "transient", reason: `Twilio answered ${response.status} without a message sid` };
      }
      const code = isRecord(body) && typeof body.code === "number" ? body.code : undefined;
      const text = isRecord(body) && typeof body.message === "string" ? body.message : undefined;
      return classifyTwilioError({
        status: response.status,
        code,
        message: text,
        retryAfterSeconds: parseRetryAfter(response.headers.get("retry-after")),
      });
    },
  };
}

/** The form we post for one message (exported for the documentation tests). */
export function twilioMessageForm(options: TwilioAdapterOptions, message: OutboundMessage): URLSearchParams {
  const address = (number: string) => (options.channel === "whatsapp" ? `whatsapp:${number}` : number);
  const form = new URLSearchParams();
  form.set("To", address(message.to));
  if (options.from) form.set("From", address(options.from));
  else if (options.messagingServiceSid) form.set("MessagingServiceSid", options.messagingServiceSid);
  if (options.channel === "whatsapp" && options.whatsappContentSid) {
    const french = message.headers?.["Content-Language"] === "fr" && options.whatsappContentSidFr;
    form.set("ContentSid", french || options.whatsappContentSid);
    form.set("ContentVariables", JSON.stringify({ 1: whatsappVariable(message.text) }));
  } else {
    form.set("Body", message.text);
  }
  const callback = options.statusCallbackUrl?.(message);
  if (callback) form.set("StatusCallback", callback);
  return form;
}

/**
 * WhatsApp refuses template variables with new lines, tabs or more than four spaces in a row; a status text
 * is one paragraph, so runs of white space become one space.
 */
export function whatsappVariable(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Twilio error codes after which the same request will never succeed. https://www.twilio.com/docs/api/errors */
const PERMANENT_CODES: Record<number, string> = {
  20003: "Twilio refused the account SID and auth token",
  20404: "Twilio does not know this account",
  21211: "the recipient's number is not a valid phone number",
  21408: "the account may not send to this region (Twilio's geo permissions)",
  21602: "the message has no text",
  21606: "the sender number is not a valid Twilio sender for this account",
  21610: "the recipient has unsubscribed (replied STOP)",
  21612: "Twilio cannot route to this number",
  21614: "the recipient's number is not a mobile number",
  21617: "the message text is too long",
  21656: "the WhatsApp template variables are invalid",
  21910: "the From and To addresses are not on the same channel",
  63016: "WhatsApp refuses a free-form message outside the 24-hour window; use an approved template",
};

/** Maps one Twilio error answer to transient or permanent. */
export function classifyTwilioError(error: {
  status: number;
  code?: number;
  message?: string;
  retryAfterSeconds?: number;
}): SendResult {
  const detail = `Twilio ${error.status}${error.code ? ` (error ${error.code})` : ""}`;
  if (error.status === 429 || error.code === 20429) {
    return {
      kind: "transient",
      reason: `${detail}: too many requests`,
      ...(error.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
    };
  }
  if (error.status >= 500) {
    return {
      kind: "transient",
      reason: `${detail}: ${error.message ?? "server error"}`,
      ...(error.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
    };
  }
  const known = error.code !== undefined ? PERMANENT_CODES[error.code] : undefined;
  return {
    kind: "permanent",
    reason: `${detail}: ${known ?? error.message ?? "request refused"}`,
    ...(error.code === 21610 ? { optOut: true } : {}),
  };
}

/**
 * Whether a callback really comes from Twilio. `url` is the full URL Twilio called, as configured there
 * (scheme, host, path and query; build it from SITE_URL, never from the request's Host header); `params`
 * the form-decoded POST body. Twilio's own helpers also try the URL with and without the default port.
 */
export function verifyTwilioSignature(input: {
  authToken: string;
  url: string;
  params: URLSearchParams | Record<string, string | string[]>;
  signature: string | null | undefined;
}): boolean {
  if (!input.signature) return false;
  const pairs = paramPairs(input.params);
  return urlVariants(input.url).some((url) =>
    secretsEqual(input.signature as string, twilioSignature(input.authToken, url, pairs)),
  );
}

/** The X-Twilio-Signature value for a URL and its POST parameters. */
export function twilioSignature(authToken: string, url: string, params: Array<[string, string]>): string {
  const sorted = [...params].sort(([keyA, valueA], [keyB, valueB]) =>
    keyA === keyB ? compare(valueA, valueB) : compare(keyA, keyB),
  );
  const data = url + sorted.map(([key, value]) => key + value).join("");
  return createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function paramPairs(params: URLSearchParams | Record<string, string | string[]>): Array<[string, string]> {
  if (params instanceof URLSearchParams) return [...params.entries()];
  return Object.entries(params).flatMap(([key, value]) =>
    Array.isArray(value) ? value.map((v): [string, string] => [key, v]) : [[key, value] as [string, string]],
  );
}

function urlVariants(url: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [url];
  }
  const defaultPort = parsed.protocol === "https:" ? "443" : parsed.protocol === "http:" ? "80" : "";
  if (!defaultPort) return [url];
  const withPort = url.replace(/^(https?:\/\/[^/?#:]+)(?=[/?#]|$)/, `$1:${defaultPort}`);
  const withoutPort = url.replace(new RegExp(`^(https?://[^/?#:]+):${defaultPort}(?=[/?#]|$)`), "$1");
  return [...new Set([url, withPort, withoutPort])];
}

const STATUS: Record<string, Extract<ProviderEvent, { kind: "status" }>["status"]> = {
  accepted: "pending",
  scheduled: "pending",
  queued: "pending",
  sending: "pending",
  sent: "sent",
  delivered: "delivered",
  read: "read",
  undelivered: "failed",
  failed: "failed",
  canceled: "failed",
};

/**
 * Reads a (signature-checked) Twilio callback: a message status callback (MessageSid, MessageStatus,
 * ErrorCode) or an incoming message (From, Body, and OptOutType when the Messaging Service's Advanced
 * Opt-Out is on). https://www.twilio.com/docs/messaging/guides/track-outbound-message-status and
 * https://www.twilio.com/docs/messaging/guides/webhook-request
 */
export function parseTwilioCallback(params: URLSearchParams): ProviderEvent {
  const sid = params.get("MessageSid") ?? params.get("SmsSid") ?? undefined;
  const messageStatus = (params.get("MessageStatus") ?? params.get("SmsStatus") ?? "").toLowerCase();
  const fromField = params.get("From") ?? "";
  const channel: ChannelName = fromField.startsWith("whatsapp:") ? "whatsapp" : "sms";
  const from = fromField.replace(/^whatsapp:/, "");

  if (messageStatus === "received" || (params.has("Body") && !params.has("MessageStatus"))) {
    if (!from) return { kind: "ignored", reason: "incoming message without a sender" };
    const optOutType = (params.get("OptOutType") ?? "").toUpperCase();
    const keyword =
      optOutType === "STOP"
        ? "opt-out"
        : optOutType === "START"
          ? "opt-in"
          : keywordOf(params.get("Body") ?? "");
    const id = sid ? { providerMessageId: sid } : {};
    if (keyword) return { kind: keyword, channel, from, ...id };
    return { kind: "inbound", channel, from, text: params.get("Body") ?? "", ...id };
  }

  const status = STATUS[messageStatus];
  if (!sid || !status)
    return { kind: "ignored", reason: `not a message callback (status "${messageStatus}")` };
  const errorCode = params.get("ErrorCode") ?? undefined;
  const event: ProviderEvent = { kind: "status", providerMessageId: sid, status };
  if (errorCode) {
    event.errorCode = errorCode;
    const known = PERMANENT_CODES[Number(errorCode)];
    if (known) event.reason = known;
    if (errorCode === "21610") event.optOut = true;
  }
  return event;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}
