import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import type { Config } from "#app/server/platform/config.server.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { outbox } from "#app/server/db/schema.ts";
import type { Logger } from "#app/server/platform/logger.server.ts";

type MailConfig = Pick<Config, "SMTP_URL" | "MAIL_FROM" | "OUTBOX_DIR">;

export type Mail = { to: string; subject: string; text: string };

const transports = new Map<string, Transporter>();

/** nodemailer is loaded on the first message sent, not at start (it is a hundred modules). */
async function transportFor(url: string): Promise<Transporter> {
  let transport = transports.get(url);
  if (!transport) {
    const { default: nodemailer } = await import("nodemailer");
    transport = nodemailer.createTransport(url);
    transports.set(url, transport);
  }
  return transport;
}

/**
 * Keeps every outgoing message in the outbox table, then sends it through SMTP when `SMTP_URL` is set;
 * otherwise it stays there and is logged, never dropped. `delivered` settles when the SMTP attempt is over
 * (callers answering a visitor need not wait for it; it never rejects).
 */
export async function sendMail({
  db,
  config,
  logger,
  mail,
}: {
  db: Db;
  config: MailConfig;
  logger: Pick<Logger, "info" | "error">;
  mail: Mail;
}): Promise<{ id: string; delivered: Promise<boolean> }> {
  const [row] = await db
    .insert(outbox)
    .values(mail)
    .returning({ id: outbox.id, createdAt: outbox.createdAt });
  const id = row!.id;
  if (config.OUTBOX_DIR)
    writeOutboxFile(config.OUTBOX_DIR, { id, createdAt: row!.createdAt.toISOString(), ...mail });

  if (!config.SMTP_URL) {
    logger.info(
      { outboxId: id, to: mail.to, subject: mail.subject, text: mail.text },
      "E-mail kept in the outbox (SMTP_URL is not set)",
    );
    return { id, delivered: Promise.resolve(false) };
  }
  const delivered = transportFor(config.SMTP_URL)
    .then((transport) => transport.sendMail({ from: config.MAIL_FROM, ...mail }))
    .then(async () => {
      await db.update(outbox).set({ sentAt: new Date(), error: null }).where(eq(outbox.id, id));
      return true;
    })
    .catch(async (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      logger.error(
        { outboxId: id, to: mail.to, err: error },
        "Sending an e-mail failed; it stays in the outbox",
      );
      await db
        .update(outbox)
        .set({ error: message.slice(0, 1000) })
        .where(eq(outbox.id, id))
        .catch(() => {});
      return false;
    });
  return { id, delivered };
}

function writeOutboxFile(dir: string, message: Mail & { id: string; createdAt: string }) {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${message.createdAt.replace(/[:.]/g, "-")}-${message.id}.json`);
  fs.writeFileSync(file, `${JSON.stringify(message, null, 2)}\n`);
}
