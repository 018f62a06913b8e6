/**
 * Africa's Talking bulk SMS and its callbacks.
 *
 * Sending: POST {baseUrl}/version1/messaging with the header `apiKey`, `Accept: application/json` and the form
 * fields username, to, message, from (a registered sender id or short code; the account's default when
 * absent) and bulkSMSMode=1, as the official Node SDK sends them. Live: https://api.africastalking.com,
 * sandbox (username "sandbox"): https://api.sandbox.africastalking.com. A taken request answers 201 with
 * SMSMessageData.Recipients[], one entry per number with statusCode and messageId; each statusCode is
 * mapped below.
 *   http://docs.africastalking.com/sms/sending/nodejs
 *   https://developers.africastalking.com/docs/sms/sending/bulk (recipient status codes)
 *   https://github.com/AfricasTalkingLtd/africastalking-node.js/blob/master/lib/sms.js (what the SDK sends)
 * Rate limits: Africa's Talking documents none for this endpoint; an HTTP 429 (with Retry-After when given)
 * or any 5xx is treated as transient like every other provider's.
 * Idempotency: the endpoint takes no idempotency key; as with Twilio, a timed-out request may have been sent.
 *
 * Callbacks (delivery reports, incoming messages, bulk SMS opt-outs) are POSTed as forms to URLs set in
 * the Africa's Talking dashboard, and carry no signature or other proof of origin:
 *   http://docs.africastalking.com/sms/notifications
 *   http://docs.africastalking.com/sms/deliveryreports
 * So we put a long random secret (AFRICASTALKING_CALLBACK_TOKEN) in the callback URLs we register there and
 * accept a callback only when the secret in its URL matches, compared in constant time
 * (verifyAfricasTalkingCallbackToken). Serve them over HTTPS only, so the secret never travels in clear.
 */
import {
  type ChannelAdapter,
  DEFAULT_TIMEOUT_MS,
  keywordOf,
  networkFailure,
  type ProviderEvent,
  parseRetryAfter,
  type SendResult,
  secretsEqual,
} from "#app/server/messaging/channel.server.ts";

export const AFRICAS_TALKING_LIVE_URL = "https://api.africastalking.com";
export const AFRICAS_TALKING_SANDBOX_URL = "https://api.sandbox.africastalking.com";

export type AfricasTalkingAdapterOptions = {
  username: string;
  apiKey: string;
  /** A registered alphanumeric sender id or short code; Africa's Talking's default sender when absent. */
  from?: string;
  /** Default: the sandbox for the username "sandbox", the live API otherwise. */
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

export function africasTalkingBaseUrl(username: string): string {
  return username === "sandbox" ? AFRICAS_TALKING_SANDBOX_URL : AFRICAS_TALKING_LIVE_URL;
}

export function createAfricasTalkingAdapter(options: AfricasTalkingAdapterOptions): ChannelAdapter {
  const baseUrl = (options.baseUrl ?? africasTalkingBaseUrl(options.username)).replace(/\/+$/, "");
  const endpoint = `${baseUrl}/version1/messaging`;
  const doFetch = options.fetch ?? fetch;

  return {
    channel: "sms",
    async send(message) {
      const form = new URLSearchParams({ username: options.username, to: message.to, message: message.text });
      if (options.from) form.set("from", options.from);
      form.set("bulkSMSMode", "1");
      let response: Response;
      try {
        response = await doFetch(endpoint, {
          method: "POST",
          headers: {
            apiKey: options.apiKey,
            accept: "application/json",
            "content-type": "application/x-www-form-urlencoded",
          },
          body: form,
          signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
        });
      } catch (error) {
        return networkFailure("Africa's Talking", error);
      }
      const text = await response.text().catch(() => "");
      const retryAfterSeconds = parseRetryAfter(response.headers.get("retry-after"));
      const retry = retryAfterSeconds !== undefined ? { retryAfterSeconds } : {};
      const detail = `Africa's Talking ${response.status}${text ? `: ${text.slice(0, 200)}` : ""}`;
      if (response.status === 429) return { kind: "transient", reason: detail, ...retry };
      if (response.status >= 500) return { kind: "transient", reason: detail, ...retry };
      if (response.status === 401 || response.status === 403) {
        return {
          kind: "permanent",
          reason: `${detail} (check AFRICASTALKING_USERNAME and AFRICASTALKING_API_KEY)`,
        };
      }
      if (response.status !== 200 && response.status !== 201) return { kind: "permanent", reason: detail };

      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return {
          kind: "transient",
          reason: `Africa's Talking answered ${response.status} with an unreadable body`,
        };
      }
      const data = isRecord(body) && isRecord(body.SMSMessageData) ? body.SMSMessageData : undefined;
      const recipients = data && Array.isArray(data.Recipients) ? data.Recipients : undefined;
      const recipient =
        recipients?.find((entry) => isRecord(entry) && entry.number === message.to) ?? recipients?.[0];
      if (!isRecord(recipient)) {
        // No recipient entry: the API's summary ("InvalidSenderId", "Invalid phone number"…) says why.
        const summary =
          data && typeof data.Message === "string" ? data.Message : "no recipient in the answer";
        return { kind: "permanent", reason: `Africa's Talking did not take the message: ${summary}` };
      }
      return classifyAfricasTalkingRecipient({
        statusCode: Number(recipient.statusCode),
        status: typeof recipient.status === "string" ? recipient.status : undefined,
        messageId: typeof recipient.messageId === "string" ? recipient.messageId : undefined,
      });
    },
  };
}

/** Recipient status codes: https://developers.africastalking.com/docs/sms/sending/bulk */
const RECIPIENT_STATUS: Record<
  number,
  { name: string; kind: "accepted" | "transient" | "permanent"; why?: string }
> = {
  100: { name: "Processed", kind: "accepted" },
  101: { name: "Sent", kind: "accepted" },
  102: { name: "Queued", kind: "accepted" },
  401: {
    name: "RiskHold",
    kind: "permanent",
    why: "held by Africa's Talking's risk checks; contact their support",
  },
  402: {
    name: "InvalidSenderId",
    kind: "permanent",
    why: "the sender id is not registered for this account",
  },
  403: { name: "InvalidPhoneNumber", kind: "permanent", why: "the recipient's number is invalid" },
  404: {
    name: "UnsupportedNumberType",
    kind: "permanent",
    why: "the recipient's number type is not supported",
  },
  405: { name: "InsufficientBalance", kind: "transient", why: "the account's balance is too low; top it up" },
  406: {
    name: "UserInBlacklist",
    kind: "permanent",
    why: "the recipient has blocked messages from this sender",
  },
  407: { name: "CouldNotRoute", kind: "permanent", why: "no route to the recipient's network" },
  409: { name: "DoNotDisturbRejection", kind: "permanent", why: "the recipient is on a do-not-disturb list" },
  500: { name: "InternalServerError", kind: "transient", why: "Africa's Talking had an internal error" },
  501: { name: "GatewayError", kind: "transient", why: "the operator's gateway failed" },
  502: { name: "RejectedByGateway", kind: "permanent", why: "the operator's gateway rejected the message" },
};

/** Until an operator tops up, retrying every few seconds is pointless; an hour is a reasonable pause. */
export const INSUFFICIENT_BALANCE_RETRY_SECONDS = 3600;

export function classifyAfricasTalkingRecipient(recipient: {
  statusCode: number;
  status?: string;
  messageId?: string;
}): SendResult {
  const known = RECIPIENT_STATUS[recipient.statusCode];
  const label = `${recipient.statusCode} ${known?.name ?? recipient.status ?? "unknown status"}`;
  if (known?.kind === "accepted") {
    if (recipient.messageId && recipient.messageId !== "None") {
      return { kind: "accepted", providerMessageId: recipient.messageId };
    }
    return { kind: "transient", reason: `Africa's Talking ${label} without a message id` };
  }
  if (known?.kind === "transient") {
    return {
      kind: "transient",
      reason: `Africa's Talking ${label}: ${known.why}`,
      ...(recipient.statusCode === 405 ? { retryAfterSeconds: INSUFFICIENT_BALANCE_RETRY_SECONDS } : {}),
    };
  }
  if (known) {
    return {
      kind: "permanent",
      reason: `Africa's Talking ${label}: ${known.why}`,
      ...(recipient.statusCode === 406 ? { optOut: true } : {}),
    };
  }
  // An unknown code: 5xx-like codes are the provider's trouble, anything else is about this message.
  return recipient.statusCode >= 500
    ? { kind: "transient", reason: `Africa's Talking ${label}` }
    : { kind: "permanent", reason: `Africa's Talking ${label}` };
}

/** Whether the secret in a callback's URL is ours (constant-time; a missing one never matches). */
export function verifyAfricasTalkingCallbackToken(
  provided: string | null | undefined,
  expected: string,
): boolean {
  if (!provided || expected.length === 0) return false;
  return secretsEqual(provided, expected);
}

const DELIVERY_STATUS: Record<string, Extract<ProviderEvent, { kind: "status" }>["status"]> = {
  Sent: "sent",
  Submitted: "sent",
  Buffered: "pending",
  Success: "delivered",
  Rejected: "failed",
  Failed: "failed",
};

/**
 * Reads a (token-checked) Africa's Talking callback: a delivery report (id, status, phoneNumber,
 * failureReason), an incoming message (from, to, text, id) or a bulk SMS opt-out (senderId, phoneNumber).
 */
export function parseAfricasTalkingCallback(params: URLSearchParams): ProviderEvent {
  const id = params.get("id") ?? undefined;
  const status = params.get("status");
  if (id && status) {
    const mapped = DELIVERY_STATUS[status];
    if (!mapped) return { kind: "ignored", reason: `unknown delivery status "${status}"` };
    const event: ProviderEvent = { kind: "status", providerMessageId: id, status: mapped };
    const failureReason = params.get("failureReason");
    if (failureReason) {
      event.errorCode = failureReason;
      event.reason = failureReason;
      if (failureReason === "UserInBlackList" || failureReason === "UserInBlacklist") event.optOut = true;
    }
    return event;
  }
  if (params.has("senderId") && params.get("phoneNumber")) {
    return { kind: "opt-out", channel: "sms", from: params.get("phoneNumber") as string };
  }
  const from = params.get("from");
  if (from && params.has("text")) {
    const text = params.get("text") ?? "";
    const keyword = keywordOf(text);
    const messageId = id ? { providerMessageId: id } : {};
    if (keyword) return { kind: keyword, channel: "sms", from, ...messageId };
    return { kind: "inbound", channel: "sms", from, text, ...messageId };
  }
  return { kind: "ignored", reason: "not an Africa's Talking SMS callback" };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}
