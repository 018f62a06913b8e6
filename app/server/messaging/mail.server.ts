import fs from "node:fs";
import path from "node:path";
import type { SiteSettings } from "#app/schemas/site-settings.ts";
import { afterCommit } from "#app/server/db/after-commit.server.ts";
import type { DbOrTx } from "#app/server/db/client.server.ts";
import type { OutboundAttachment } from "#app/server/messaging/channel.server.ts";
import type { MailFrom } from "#app/server/messaging/email-channel.server.ts";
import { enqueueMessage } from "#app/server/messaging/outbox.server.ts";
import type { Config } from "#app/server/platform/config.server.ts";
import type { Logger } from "#app/server/platform/logger.server.ts";

type MailConfig = Pick<Config, "SMTP_URL" | "OUTBOX_DIR" | "siteUrl">;

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /** Files sent with it (a quote's PDF), stored with the message. */
  attachments?: OutboundAttachment[];
};

/** Shown to staff on the message (a shipment's Notifications card): a clerk's words, the variable in the README. */
export const NO_SMTP_NOTE = "Not sent: no mail server is set up for this site";

/**
 * What queueMail did: stored the message (`queued`: false when it was kept without SMTP_URL), or stored
 * nothing because the outbox refused it (`reason`, for staff: an address that is not an e-mail address).
 */
export type QueueMailResult =
  | { ok: true; id: string; messageId: string; queued: boolean }
  | { ok: false; reason: string };

/**
 * Puts an e-mail in the outbox; a worker sends it (and retries it) through SMTP when `SMTP_URL` is set.
 * Without it the message is kept (status 'cancelled', so it never goes out later by surprise) and logged,
 * never dropped. With OUTBOX_DIR set (development, end-to-end tests) it is also written there as a file.
 * An address the outbox refuses (enqueueMessage's `{ ok: false }`) stores nothing and is returned as such:
 * callers decide (a notification skips that recipient; nothing throws inside their transaction).
 */
export async function queueMail({
  db,
  config,
  logger,
  mail,
  expiresAt,
  dedupeKey,
  now = new Date(),
}: {
  db: DbOrTx;
  config: MailConfig;
  logger: Pick<Logger, "info">;
  mail: Mail;
  /** Not sent after this (a reset link's expiry). */
  expiresAt?: Date;
  dedupeKey?: string;
  now?: Date;
}): Promise<QueueMailResult> {
  const row = await enqueueMessage({
    db,
    // E-mail only: whether it can leave depends on SMTP_URL alone.
    config: { SMTP_URL: config.SMTP_URL, SMS_ALLOWED_COUNTRIES: [] },
    message: { channel: "email", ...mail, expiresAt, dedupeKey },
    siteHost: new URL(config.siteUrl).hostname,
    keepWithReason: config.SMTP_URL ? undefined : NO_SMTP_NOTE,
    now,
  });
  if (!row.ok) return row;
  if (row.created && config.OUTBOX_DIR) {
    const { attachments, ...rest } = mail;
    const dir = config.OUTBOX_DIR;
    // Once the row is committed: whoever reads the file (a developer, an end-to-end test) finds the message,
    // and a transaction that rolls back leaves no file behind.
    afterCommit(db, () =>
      writeOutboxFile(dir, {
        id: row.id,
        messageId: row.messageId,
        createdAt: now.toISOString(),
        ...rest,
        // The files by name and size (the bytes stay in the database).
        attachments: (attachments ?? []).map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          bytes: file.content.byteLength,
        })),
      }),
    );
  }
  if (!config.SMTP_URL && row.created) {
    // Which message, never what it says: subjects and texts carry sign-in codes and link tokens, and decision
    // 029 keeps those out of the log; the text stays readable in the outbox table (and OUTBOX_DIR's file).
    logger.info(
      { outboxId: row.id, to: maskAddress(mail.to) },
      "E-mail kept in the outbox (SMTP_URL is not set)",
    );
  }
  return { ok: true, id: row.id, messageId: row.messageId, queued: row.status === "queued" };
}

/**
 * An e-mail address or a phone number as a page or the log may show it: 'o•••@example.com', '•••0142'
 * (the code pages say where a code went without spelling out the address).
 */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf("@");
  if (at > 0) return `${address[0]}•••${address.slice(at)}`;
  return address.length > 4 ? `•••${address.slice(-4)}` : "•••";
}

/** The close of a message to a customer: the company's name, then its e-mail and phone on one line. */
export function mailSignature(settings: Pick<SiteSettings, "companyName" | "email" | "phone">): string {
  return `${settings.companyName}\n${settings.email}${settings.phone ? ` · ${settings.phone}` : ""}`;
}

/** The From of outgoing mail: MAIL_FROM when set, otherwise the company's name and e-mail from the site settings. */
export function resolveMailFrom({
  config,
  settings,
}: {
  config: Pick<Config, "MAIL_FROM">;
  settings: Pick<SiteSettings, "companyName" | "email">;
}): MailFrom {
  return config.MAIL_FROM ?? { name: settings.companyName, address: settings.email };
}

/** The address alone of a From: MAIL_FROM's `Name <address>` or bare address, or the settings' address. */
export function mailboxAddress(from: MailFrom): string {
  const raw = typeof from === "string" ? (/<([^<>]*)>\s*$/.exec(from)?.[1] ?? from) : from.address;
  return raw.replace(/[\p{Cc}<>"\s]/gu, "");
}

/**
 * `"Name" <address>` with the name quoted (quotes and backslashes escaped, control characters, CR and LF
 * made spaces), so it is one header line that nodemailer reads back as this name and address, and encodes.
 */
export function formatMailbox(name: string, address: string): string {
  const clean = name
    .replace(/\p{Cc}+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[\\"]/g, "\\$&");
  return `"${clean}" <${address}>`;
}

/**
 * The headers that name a message's own sender, kept in the outbox row's `headers` and used by the e-mail
 * channel instead of the default From (email-channel.server.ts): `From` with `senderName` and the address of
 * `from` (MAIL_FROM or the site's e-mail) when a sender name is set; `Reply-To` when an address is set.
 */
export function senderHeaders({
  from,
  senderName,
  replyTo,
}: {
  from: MailFrom;
  senderName: string;
  replyTo: string;
}): Record<string, string> {
  const headers: Record<string, string> = {};
  if (senderName.trim() !== "") headers.From = formatMailbox(senderName, mailboxAddress(from));
  const reply = replyTo.replace(/[\p{Cc}<>"\s]/gu, "");
  if (reply !== "") headers["Reply-To"] = reply;
  return headers;
}

function writeOutboxFile(
  dir: string,
  message: Omit<Mail, "attachments"> & {
    id: string;
    messageId: string;
    createdAt: string;
    attachments: { filename: string; contentType: string; bytes: number }[];
  },
) {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${message.createdAt.replace(/[:.]/g, "-")}-${message.id}.json`);
  fs.writeFileSync(file, `${JSON.stringify(message, null, 2)}\n`);
}
