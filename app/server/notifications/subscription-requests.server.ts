// 'Get updates' on the tracking page (decision 014): the request for a shipment's updates, its caps and rate
// limits, and the link or code it sends. The answer never says whether the address was already subscribed; caps
// and rate limits live in PostgreSQL (rate_limits), so every app instance shares them. Confirming the link or
// code is subscription-confirmations.server.ts; what both share is subscriptions.server.ts.
import crypto from "node:crypto";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Locale } from "#app/lib/i18n/locale.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import { trackingPath } from "#app/lib/tracking-number.ts";
import type { Db, DbOrTx } from "#app/server/db/client.server.ts";
import {
  notificationSubscribers,
  notificationUnsubscribes,
  type SubscriberChannel,
  shipments,
} from "#app/server/db/schema.ts";
import { translatorFor } from "#app/server/i18n/words.server.ts";
import { queueMail } from "#app/server/messaging/mail.server.ts";
import { enqueueMessage, type OutboxConfig } from "#app/server/messaging/outbox.server.ts";
import {
  codeHash,
  countConfirmed,
  isSmsSubscriptionAvailable,
  lockShipmentSubscribers,
  normalizeEmail,
  normalizeSubscriberPhone,
  partyAddresses,
  SUBSCRIPTION_LIMITS,
  type SubscriptionLimitsConfig,
  sha256,
} from "#app/server/notifications/subscriptions.server.ts";
import type { Config } from "#app/server/platform/config.server.ts";
import type { Logger } from "#app/server/platform/logger.server.ts";
import { consumeRateLimits } from "#app/server/platform/rate-limit.server.ts";
import { getSiteSettings } from "#app/server/settings/settings.server.ts";

const HOUR = 3600;
const DAY = 24 * HOUR;

export type SubscriptionRequest =
  | { outcome: "invalid"; field: "email" | "phone"; message: string }
  | { outcome: "not-found" }
  | { outcome: "rate-limited"; retryAfterSeconds: number }
  | { outcome: "full" }
  /** The one answer for a good request, whatever the address's state: a link or a code is on its way if it can be. */
  | { outcome: "sent"; channel: SubscriberChannel; address: string };

type Context = {
  db: Db;
  config: Pick<Config, "SMTP_URL" | "OUTBOX_DIR" | "siteUrl"> & OutboxConfig & SubscriptionLimitsConfig;
  logger: Pick<Logger, "info" | "warn">;
  now?: Date;
};

/** The rows that hold a place: confirmed and not unsubscribed, or waiting with a link or code that still works. */
const holdsPlace = (now: Date) =>
  sql`((${notificationSubscribers.confirmedAt} is not null and not exists (select 1 from ${notificationUnsubscribes} u where u.shipment_id = ${notificationSubscribers.shipmentId} and u.channel = ${notificationSubscribers.channel} and u.address = ${notificationSubscribers.address} and u.unsubscribed_at is not null))
    or (${notificationSubscribers.confirmedAt} is null and ${notificationSubscribers.expiresAt} > ${now.toISOString()}::timestamptz))`;

/** The other addresses one client asked for on one shipment that still hold a place (confirmed or waiting). */
async function countHeldByClient(
  tx: DbOrTx,
  {
    shipmentId,
    clientAddress,
    except,
    now,
  }: { shipmentId: string; clientAddress: string; except: string; now: Date },
): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(notificationSubscribers)
    .where(
      and(
        eq(notificationSubscribers.shipmentId, shipmentId),
        eq(notificationSubscribers.clientAddress, clientAddress),
        sql`${notificationSubscribers.address} <> ${except}`,
        holdsPlace(now),
      ),
    );
  return row?.count ?? 0;
}

async function isUnsubscribed(tx: DbOrTx, shipmentId: string, channel: string, address: string) {
  const [row] = await tx
    .select({ id: notificationUnsubscribes.id })
    .from(notificationUnsubscribes)
    .where(
      and(
        eq(notificationUnsubscribes.shipmentId, shipmentId),
        eq(notificationUnsubscribes.channel, channel as SubscriberChannel),
        eq(notificationUnsubscribes.address, address),
        isNotNull(notificationUnsubscribes.unsubscribedAt),
      ),
    );
  return row !== undefined;
}

/**
 * 'Get updates' on /track/:number/updates. Validates the address (an e-mail address, or a mobile number of a
 * country on SMS_ALLOWED_COUNTRIES when SMS is on), counts the caps, and sends a confirmation link (e-mail,
 * 24 h) or a 6-digit code (SMS, 10 min) through the outbox. The answer is 'sent' for every good request: an
 * address already confirmed, or unsubscribed from this shipment, gets nothing and the same answer. A
 * shipment with 10 confirmed subscribers answers 'full' to everyone. `locale` is the language of the page they
 * asked on (decision 030): stored as the subscriber's language, and the link or code goes in it, its links to that
 * language's pages.
 */
export async function requestSubscription({
  db,
  config,
  logger,
  trackingNumber,
  channel,
  address,
  clientAddress,
  locale = "en",
  now = new Date(),
}: Context & {
  trackingNumber: string;
  channel: SubscriberChannel;
  address: unknown;
  clientAddress: string;
  locale?: Locale;
}): Promise<SubscriptionRequest> {
  const normalized =
    channel === "email"
      ? normalizeEmail(address)
      : isSmsSubscriptionAvailable(config)
        ? normalizeSubscriberPhone(address, config.SMS_ALLOWED_COUNTRIES)
        : {
            ok: false as const,
            message: "Updates by text message are not available; use an e-mail address.",
          };
  if (!normalized.ok) {
    return {
      outcome: "invalid",
      field: channel === "email" ? "email" : "phone",
      message: normalized.message,
    };
  }
  const to = normalized.value;
  const [shipment] = await db
    .select({ id: shipments.id, trackingNumber: shipments.trackingNumber })
    .from(shipments)
    .where(eq(shipments.trackingNumber, trackingNumber));
  if (!shipment) return { outcome: "not-found" };

  const retryAfter = await consumeRateLimits({
    db,
    now,
    limits: [
      {
        key: `subscribe:client:${clientAddress}`,
        limit: config.SUBSCRIBE_REQUESTS_PER_CLIENT_PER_HOUR,
        windowSeconds: HOUR,
      },
      {
        key: `subscribe:shipment:${shipment.id}`,
        limit: config.SUBSCRIBE_REQUESTS_PER_SHIPMENT_PER_HOUR,
        windowSeconds: HOUR,
      },
      ...(channel === "email"
        ? [
            {
              key: `subscribe:email:${to}`,
              limit: config.SUBSCRIBE_EMAILS_PER_ADDRESS_PER_HOUR,
              windowSeconds: HOUR,
            },
            { key: "subscribe:email-site", limit: config.SUBSCRIBE_EMAILS_PER_DAY, windowSeconds: DAY },
          ]
        : [
            {
              key: `subscribe:sms-number:${to}`,
              limit: config.SUBSCRIBE_CODES_PER_NUMBER_PER_DAY,
              windowSeconds: DAY,
            },
            {
              key: `subscribe:sms-client:${clientAddress}`,
              limit: config.SUBSCRIBE_CODES_PER_CLIENT_PER_DAY,
              windowSeconds: DAY,
            },
            { key: "subscribe:sms-site", limit: config.SUBSCRIBE_CODES_PER_DAY, windowSeconds: DAY },
          ]),
    ],
  });
  if (retryAfter !== null) {
    logger.warn({ clientAddress, channel }, "Subscription request refused by a rate limit");
    return { outcome: "rate-limited", retryAfterSeconds: retryAfter };
  }

  const settings = await getSiteSettings({ db });
  return db.transaction(async (tx) => {
    await lockShipmentSubscribers(tx, shipment.id);
    const parties = await partyAddresses(tx, shipment.id);
    // The shipment's own shipper and consignee always get in; a stranger needs a free place, and one client
    // address may hold only a few of them (the security review: ten plus-addresses from one client locked everyone out).
    if (!parties.has(to)) {
      if ((await countConfirmed(tx, shipment.id, parties)) >= config.SUBSCRIBERS_PER_SHIPMENT) {
        return { outcome: "full" };
      }
      const held = await countHeldByClient(tx, { shipmentId: shipment.id, clientAddress, except: to, now });
      if (held >= config.SUBSCRIBERS_PER_CLIENT_PER_SHIPMENT) return { outcome: "full" };
    }
    const sent = { outcome: "sent" as const, channel, address: to };
    // An address unsubscribed from this shipment is never messaged about it again (decision 014).
    if (await isUnsubscribed(tx, shipment.id, channel, to)) return sent;
    const [existing] = await tx
      .select()
      .from(notificationSubscribers)
      .where(
        and(
          eq(notificationSubscribers.shipmentId, shipment.id),
          eq(notificationSubscribers.channel, channel),
          eq(notificationSubscribers.address, to),
        ),
      );
    const company = settings.companyName;
    const number = shipment.trackingNumber;
    const t = translatorFor(locale);
    const trackUrl = `${config.siteUrl}${localizePath(trackingPath(number), locale)}`;
    const askedOn = t(
      "Someone, we hope you, asked on {company}'s website for updates about shipment {number} at this address.",
      { company, number },
    );
    const trackLine = t("Track the shipment: {url}", { url: trackUrl });
    // An address already following the shipment is told so, through the same outbox, so both answers do the
    // same work and take the same time (the security review: the shortcut answered measurably faster).
    if (existing?.confirmedAt) {
      await tx
        .update(notificationSubscribers)
        .set({ updatedAt: now })
        .where(eq(notificationSubscribers.id, existing.id));
      const notice = t(
        "You already receive updates about shipment {number} from {company}: nothing more to do.",
        { number, company },
      );
      await queueSubscriberMessage({
        tx,
        config,
        logger,
        channel,
        to,
        subject: t("Updates about shipment {number}", { number }),
        email: `${askedOn}

${notice} ${t("Each update has a link to stop them.")}

${trackLine}

${company}`,
        sms: notice,
        expiresAt: new Date(
          now.getTime() +
            (channel === "email" ? SUBSCRIPTION_LIMITS.emailLinkMs : SUBSCRIPTION_LIMITS.codeMs),
        ),
        now,
      });
      return sent;
    }

    const id = existing?.id ?? crypto.randomUUID();
    const secret =
      channel === "email"
        ? crypto.randomBytes(32).toString("base64url")
        : String(crypto.randomInt(0, 1_000_000)).padStart(6, "0");
    const expiresAt = new Date(
      now.getTime() + (channel === "email" ? SUBSCRIPTION_LIMITS.emailLinkMs : SUBSCRIPTION_LIMITS.codeMs),
    );
    const values = {
      secretHash: channel === "email" ? sha256(secret) : codeHash(id, secret),
      attempts: 0,
      expiresAt,
      clientAddress,
      // The language of the page asked on last: the updates go in it (decision 030).
      language: locale,
      updatedAt: now,
    };
    if (existing) {
      await tx.update(notificationSubscribers).set(values).where(eq(notificationSubscribers.id, id));
    } else {
      await tx
        .insert(notificationSubscribers)
        .values({ id, shipmentId: shipment.id, channel, address: to, ...values, createdAt: now });
    }

    await queueSubscriberMessage({
      tx,
      config,
      logger,
      channel,
      to,
      subject: t("Confirm updates about shipment {number}", { number }),
      email: `${askedOn}

${t("To receive them, open this link and press 'Confirm':")}
${config.siteUrl}${localizePath(`/subscribe/${secret}`, locale)}

${t("The link works for 24 hours. If you did not ask, ignore this message: nothing more will be sent.")}

${trackLine}

${company}`,
      sms: t(
        "{code} is your code for updates about shipment {number} from {company}. It works for 10 minutes.",
        {
          code: secret,
          number,
          company,
        },
      ),
      // A link or code that arrives after it stopped working is useless: not sent after that.
      expiresAt,
      now,
    });
    return sent;
  });
}

/** One message to a (would-be) subscriber through the outbox, on its own channel, in the caller's transaction. */
async function queueSubscriberMessage({
  tx,
  config,
  logger,
  channel,
  to,
  subject,
  email,
  sms,
  expiresAt,
  now,
}: Pick<Context, "config" | "logger"> & {
  tx: DbOrTx;
  channel: SubscriberChannel;
  to: string;
  subject: string;
  email: string;
  sms: string;
  expiresAt: Date;
  now: Date;
}) {
  const queued =
    channel === "email"
      ? await queueMail({ db: tx, config, logger, mail: { to, subject, text: email }, expiresAt, now })
      : await enqueueMessage({
          db: tx,
          config,
          siteHost: new URL(config.siteUrl).host,
          message: { channel: "sms", to, text: sms, expiresAt },
          now,
        });
  if (!queued.ok) logger.warn({ channel, reason: queued.reason }, "Subscription message not queued");
  else logger.info({ channel }, "Subscription message queued");
}
