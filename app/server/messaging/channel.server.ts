/**
 * The one contract between the outbox worker (decision 011) and every channel, e-mail, SMS and WhatsApp
 * alike: the worker hands an adapter one message and gets one of three answers, never an exception.
 * `accepted`: the provider took it (its id is kept to match delivery callbacks); `transient`: try again
 * later (not before `retryAfterSeconds` when the provider said); `permanent`: do not try this message again
 * (`optOut` when the recipient has unsubscribed: the outbox records the opt-out and stops sending to them).
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { countryNotAllowedMessage, isPhoneAllowed, parsePhone } from "#app/lib/phone.ts";
import type { OutboxChannel } from "#app/server/db/schema.ts";

/** One message as the worker hands it to an adapter (an outbox row is one). */
export type OutboundMessage = {
  /** The outbox row's id. */
  id: string;
  channel: OutboxChannel;
  /** An e-mail address, or an E.164 number ("+231770123456") for SMS and WhatsApp. */
  to: string;
  text: string;
  /** Stable across attempts: the e-mail's Message-ID, and the idempotency key of providers that take one. */
  messageId: string;
  /** E-mail only. */
  subject?: string | null;
  html?: string | null;
  headers?: Record<string, string>;
  createdAt?: Date;
  /** E-mail only: files sent with it (outbox_attachments), read by the worker when it sends. */
  attachments?: OutboundAttachment[];
};

export type OutboundAttachment = { filename: string; contentType: string; content: Uint8Array };

export type SendResult =
  | { kind: "accepted"; providerMessageId: string | null }
  | { kind: "transient"; reason: string; retryAfterSeconds?: number }
  | { kind: "permanent"; reason: string; optOut?: boolean };

export type ChannelAdapter = {
  channel: OutboxChannel;
  /** Resolves, never rejects for a provider's refusal. */
  send(message: OutboundMessage): Promise<SendResult>;
  close?(): Promise<void> | void;
};

export type ChannelName = "sms" | "whatsapp";

/** How long we wait for a provider's answer before calling the attempt transient. */
export const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * Wraps an adapter so that it only ever sends to an E.164 mobile number of an allowed country: a bad number
 * is a permanent failure that costs no request (defence in depth behind the form's own check).
 */
export function restrictRecipients(
  adapter: ChannelAdapter,
  allowedCountries: readonly string[],
): ChannelAdapter {
  return {
    channel: adapter.channel,
    async send(message) {
      if (!/^\+[1-9]\d{6,14}$/.test(message.to)) {
        return {
          kind: "permanent",
          reason: `recipient ${JSON.stringify(message.to)} is not an E.164 number`,
        };
      }
      if (!isPhoneAllowed(message.to, allowedCountries)) {
        const parsed = parsePhone(message.to);
        return {
          kind: "permanent",
          reason: parsed.ok ? countryNotAllowedMessage(parsed.country) : `recipient: ${parsed.message}`,
        };
      }
      return adapter.send(message);
    },
  };
}

/** Retry-After as seconds (RFC 9110: a number of seconds or an HTTP date); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/** What a failed fetch means for a retry: the request may or may not have reached the provider. */
export function networkFailure(provider: string, error: unknown): SendResult {
  const name = error instanceof Error ? error.name : "";
  if (name === "TimeoutError" || name === "AbortError") {
    return {
      kind: "transient",
      reason: `${provider} did not answer in time (the message may have been sent)`,
    };
  }
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return { kind: "transient", reason: `${provider} could not be reached${cause}` };
}

/** Constant-time comparison of two secrets of any length. */
export function secretsEqual(provided: string, expected: string): boolean {
  // Hashing first gives both sides one length, so the comparison time says nothing about the secret.
  const a = createHash("sha256").update(provided).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * What a provider's callback says, in our words. `status`: news of a message we sent (matched by its
 * provider id); `opt-out` / `opt-in`: the person at `from` asked to stop / start messages (STOP, START and
 * the provider's other keywords); `inbound`: any other reply, kept for staff; `ignored`: nothing for us.
 */
export type ProviderEvent =
  | {
      kind: "status";
      providerMessageId: string;
      status: "pending" | "sent" | "delivered" | "read" | "failed";
      errorCode?: string;
      reason?: string;
      /** The recipient has unsubscribed: stop queueing for them. */
      optOut?: boolean;
    }
  | { kind: "opt-out" | "opt-in"; channel: ChannelName; from: string; providerMessageId?: string }
  | { kind: "inbound"; channel: ChannelName; from: string; text: string; providerMessageId?: string }
  | { kind: "ignored"; reason: string };

/**
 * Reply keywords that unsubscribe, and that subscribe again, matched on the whole trimmed reply, any case.
 * Twilio's defaults (https://www.twilio.com/docs/messaging/tutorials/advanced-opt-out): STOP, STOPALL,
 * UNSUBSCRIBE, CANCEL, END, QUIT, REVOKE, OPTOUT; START, UNSTOP, YES. We apply the same words to Africa's
 * Talking replies and to WhatsApp, where no provider filters them for us.
 */
export const OPT_OUT_KEYWORDS: readonly string[] = [
  "STOP",
  "STOPALL",
  "STOP ALL",
  "UNSUBSCRIBE",
  "CANCEL",
  "END",
  "QUIT",
  "REVOKE",
  "OPTOUT",
  "OPT-OUT",
  "OPT OUT",
];
export const OPT_IN_KEYWORDS: readonly string[] = ["START", "UNSTOP", "YES"];

export function keywordOf(text: string): "opt-out" | "opt-in" | undefined {
  const word = text
    .trim()
    .replace(/\s+/g, " ")
    .replace(/[.!]+$/, "")
    .toUpperCase();
  if (OPT_OUT_KEYWORDS.includes(word)) return "opt-out";
  if (OPT_IN_KEYWORDS.includes(word)) return "opt-in";
  return undefined;
}
