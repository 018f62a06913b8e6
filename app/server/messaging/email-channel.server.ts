import type { Transporter } from "nodemailer";
import type { ChannelAdapter, OutboundMessage, SendResult } from "#app/server/messaging/channel.server.ts";

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
    async send(message: OutboundMessage): Promise<SendResult> {
      try {
        // A message may name its own sender (a notification's sender name and reply-to, mail.server.ts's
        // senderHeaders): nodemailer reads them as addresses and encodes the names, never as raw header text.
        const { From: ownFrom, "Reply-To": replyTo, ...headers } = message.headers ?? {};
        const info = await (await transportOf()).sendMail({
          from: ownFrom || (await from()),
          ...(replyTo ? { replyTo } : {}),
          to: message.to,
          subject: message.subject ?? "",
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          headers,
          messageId: message.messageId,
          ...(message.createdAt ? { date: message.createdAt } : {}),
          ...(message.attachments?.length
            ? {
                attachments: message.attachments.map((file) => ({
                  filename: file.filename,
                  contentType: file.contentType,
                  content: Buffer.from(file.content),
                })),
              }
            : {}),
        });
        return { kind: "accepted", providerMessageId: String(info.response ?? "").slice(0, 300) || null };
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
  return final ? { kind: "permanent", reason: text } : { kind: "transient", reason: text };
}
