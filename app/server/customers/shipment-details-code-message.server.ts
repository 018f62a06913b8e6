// The message that carries a 'Show full details' code (docs/decisions/029): the e-mail's subject and text, and
// the text message, in the page's language, queued in the caller's transaction so the code row and its message
// are made together. Asked for by requestShipmentDetailsCode (shipment-details-access.server.ts).
import type { Locale } from "#app/lib/i18n/locale.ts";
import type { SignInConfig } from "#app/server/customers/customer-sign-in.server.ts";
import type { DbOrTx } from "#app/server/db/client.server.ts";
import { translatorFor } from "#app/server/i18n/words.server.ts";
import { queueMail } from "#app/server/messaging/mail.server.ts";
import { enqueueMessage } from "#app/server/messaging/outbox.server.ts";
import type { Logger } from "#app/server/platform/logger.server.ts";

/** The e-mail's subject and text, and the text message, of a details code, in the page's language. */
export function detailsCodeMessages({
  trackingNumber,
  code,
  locale = "en",
}: {
  trackingNumber: string;
  code: string;
  locale?: Locale;
}) {
  const t = translatorFor(locale);
  const vars = { code, number: trackingNumber };
  return {
    subject: t("{code} is your code for shipment {number}", vars),
    text: [
      t("Your code to see the full details of shipment {number} is {code}.", vars),
      "",
      t("Type it on the tracking page. It works once, for 10 minutes."),
      "",
      t(
        "If you did not ask for it, you can ignore this message: nobody can see the details without the code.",
      ),
    ].join("\n"),
    sms: t(
      "{code} is your code to see the full details of shipment {number}. It works once, for 10 minutes.",
      vars,
    ),
  };
}

/** Queues the code's e-mail or text message in `tx`; one that cannot be queued is logged, not refused. */
export async function sendDetailsCode({
  tx,
  config,
  logger,
  channel,
  address,
  code,
  trackingNumber,
  locale,
  now,
}: {
  tx: DbOrTx;
  config: SignInConfig;
  logger: Pick<Logger, "info" | "warn">;
  channel: "email" | "sms";
  address: string;
  code: { code: string; expiresAt: Date };
  trackingNumber: string;
  locale: Locale;
  now: Date;
}) {
  const messages = detailsCodeMessages({ trackingNumber, code: code.code, locale });
  const queued =
    channel === "email"
      ? await queueMail({
          db: tx,
          config,
          logger,
          mail: { to: address, subject: messages.subject, text: messages.text },
          expiresAt: code.expiresAt,
          now,
        })
      : await enqueueMessage({
          db: tx,
          config,
          siteHost: new URL(config.siteUrl).host,
          message: { channel: "sms", to: address, text: messages.sms, expiresAt: code.expiresAt },
          now,
        });
  if (!queued.ok) logger.warn({ channel, reason: queued.reason }, "Details code not queued");
}
