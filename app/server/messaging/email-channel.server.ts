import type { Transporter } from "nodemailer";
import type { ChannelAdapter, OutboxMessage, SendResult } from "#app/server/messaging/outbox.server.ts";

export type MailFrom = string | { name: string; address: string };

/**
 * The e-mail channel: SMTP through nodemailer (a pool of up to three connections, loaded on the first
 * message, not at start: it is a hundred modules). Every attempt of a message carries the same Message-ID
 * and Date, so a copy delivered twice (decision 011) is recognisably the same message.
 */
export function createEmailChannel({
  smtpUrl,
  from,
  timeoutMs = 30_000,
}: {
  smtpUrl: string;
  /** Asked at every send, so a change of the site's e-mail in the settings applies to the next message. */
  from: () => Promise<MailFrom>;
  /** Connection, greeting and socket inactivity limits: a send ends long before its claim lapses. */
  timeoutMs?: number;
}): ChannelAdapter {
  let transport: Promise<Transporter> | undefined;
  const transportOf = () => {
    transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: smtpUrl,
        pool: true,
        maxConnections: 3,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs * 2,
      } as Parameters<typeof nodemailer.createTransport>[0]),
    );
    return transport;
  };

  return {
    channel: "email",
    async send(message: OutboxMessage): Promise<SendResult> {
      try {
        const info = await (await transportOf()).sendMail({
          from: await from(),
          to: message.to,
          subject: message.subject ?? "",
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          headers: message.headers,
          messageId: message.messageId,
          date: message.createdAt,
        });
        return { outcome: "accepted", providerMessageId: String(info.response ?? "").slice(0, 300) || null };
      } catch (error) {
        return classifySmtpError(error);
      }
    },
    async close() {
      if (transport) (await transport).close();
    },
  };
}

/**
 * A 5xx answer to the message itself (its recipient or its content) is final; everything else (connection
 * refused or dropped, timeouts, 4xx, a refused login while the operator fixes SMTP_URL) is retried.
 */
export function classifySmtpError(error: unknown): SendResult {
  const { code, responseCode, message } = (error ?? {}) as {
    code?: string;
    responseCode?: number;
    message?: string;
  };
  const text = message ?? String(error);
  const final =
    (code === "EENVELOPE" || code === "EMESSAGE") &&
    typeof responseCode === "number" &&
    responseCode >= 500 &&
    responseCode < 600;
  return final ? { outcome: "permanent", error: text } : { outcome: "transient", error: text };
}
