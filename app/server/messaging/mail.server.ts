import fs from "node:fs";
import path from "node:path";
import type { SiteSettings } from "#app/schemas/site-settings.ts";
import type { Db } from "#app/server/db/client.server.ts";
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
};

export const NO_SMTP_NOTE = "Not sent: SMTP_URL is not set (kept in the outbox and the log)";

/**
 * Puts an e-mail in the outbox; a worker sends it (and retries it) through SMTP when `SMTP_URL` is set.
 * Without it the message is kept (status 'cancelled', so it never goes out later by surprise) and logged,
 * never dropped. With OUTBOX_DIR set (development, end-to-end tests) it is also written there as a file.
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
  db: Db;
  config: MailConfig;
  logger: Pick<Logger, "info">;
  mail: Mail;
  /** Not sent after this (a reset link's expiry). */
  expiresAt?: Date;
  dedupeKey?: string;
  now?: Date;
}): Promise<{ id: string; messageId: string; queued: boolean }> {
  const row = await enqueueMessage({
    db,
    message: { channel: "email", ...mail, expiresAt, dedupeKey },
    siteHost: new URL(config.siteUrl).hostname,
    cancelledReason: config.SMTP_URL ? undefined : NO_SMTP_NOTE,
    now,
  });
  if (row.created && config.OUTBOX_DIR)
    writeOutboxFile(config.OUTBOX_DIR, {
      id: row.id,
      messageId: row.messageId,
      createdAt: now.toISOString(),
      ...mail,
    });
  if (!config.SMTP_URL && row.created) {
    logger.info(
      { outboxId: row.id, to: mail.to, subject: mail.subject, text: mail.text },
      "E-mail kept in the outbox (SMTP_URL is not set)",
    );
  }
  return { id: row.id, messageId: row.messageId, queued: row.status === "queued" };
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

function writeOutboxFile(dir: string, message: Mail & { id: string; messageId: string; createdAt: string }) {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${message.createdAt.replace(/[:.]/g, "-")}-${message.id}.json`);
  fs.writeFileSync(file, `${JSON.stringify(message, null, 2)}\n`);
}
