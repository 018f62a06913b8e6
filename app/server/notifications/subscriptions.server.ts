// Longer than 450 lines: the public 'Get updates' path (request, e-mail confirmation, SMS code, caps, prune)
// is one flow over the same rows and limits (decision 014).
import crypto from "node:crypto";
import { and, asc, eq, gt, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { z } from "zod";
import type { Locale } from "#app/lib/i18n/locale.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import { countryNotAllowedMessage, isPhoneAllowed, parsePhone } from "#app/lib/phone.ts";
import { trackingPath } from "#app/lib/tracking-number.ts";
import type { Db, DbOrTx } from "#app/server/db/client.server.ts";
import {
  consignees,
  notificationSubscribers,
  notificationUnsubscribes,
  type SubscriberChannel,
  shipments,
  shippers,
} from "#app/server/db/schema.ts";
import { translatorFor } from "#app/server/i18n/words.server.ts";
import { maskAddress, queueMail } from "#app/server/messaging/mail.server.ts";
import { channelOffReason, enqueueMessage, type OutboxConfig } from "#app/server/messaging/outbox.server.ts";
import { isUnsubscribeToken } from "#app/server/notifications/notifications.server.ts";
import type { Config } from "#app/server/platform/config.server.ts";
import type { Logger } from "#app/server/platform/logger.server.ts";
import { consumeRateLimits } from "#app/server/platform/rate-limit.server.ts";
import { getSiteSettings } from "#app/server/settings/settings.server.ts";

// Public subscriptions on the tracking page (decision 014): a visitor asks for a shipment's updates with an
// e-mail address (confirmed by a link: double opt-in) or a mobile number (confirmed by a 6-digit code). The
// answer never says whether the address was already subscribed; caps and rate limits live in PostgreSQL
// (rate_limits), so every app instance shares them. The scheduler tells confirmed subscribers
// (notification-scheduler.server.ts).

/** What is not a setting: how long a link and a code work, and how many tries a code has (decision 014). */
export const SUBSCRIPTION_LIMITS = {
  /** How long an e-mail confirmation link works (an unconfirmed e-mail subscriber is gone after it). */
  emailLinkMs: 24 * 60 * 60 * 1000,
  /** How long a text-message code works. */
  codeMs: 10 * 60 * 1000,
  /** Wrong codes before a code stops working. */
  codeTries: 5,
} as const;

/** The caps, from the environment (SUBSCRIBERS_* and SUBSCRIBE_*; .env.example and decision 014 explain each). */
export type SubscriptionLimitsConfig = Pick<
  Config,
  | "SUBSCRIBERS_PER_SHIPMENT"
  | "SUBSCRIBERS_PER_CLIENT_PER_SHIPMENT"
  | "SUBSCRIBE_REQUESTS_PER_CLIENT_PER_HOUR"
  | "SUBSCRIBE_REQUESTS_PER_SHIPMENT_PER_HOUR"
  | "SUBSCRIBE_EMAILS_PER_ADDRESS_PER_HOUR"
  | "SUBSCRIBE_EMAILS_PER_DAY"
  | "SUBSCRIBE_CODES_PER_NUMBER_PER_DAY"
  | "SUBSCRIBE_CODES_PER_CLIENT_PER_DAY"
  | "SUBSCRIBE_CODES_PER_DAY"
  | "SUBSCRIBE_CODE_CHECKS_PER_CLIENT_PER_HOUR"
>;

const HOUR = 3600;
const DAY = 24 * HOUR;

export type SubscriptionRequest =
  | { outcome: "invalid"; field: "email" | "phone"; message: string }
  | { outcome: "not-found" }
  | { outcome: "rate-limited"; retryAfterSeconds: number }
  | { outcome: "full" }
  /** The one answer for a good request, whatever the address's state: a link or a code is on its way if it can be. */
  | { outcome: "sent"; channel: SubscriberChannel; address: string };

export type CodeCheck =
  | { outcome: "invalid"; message: string }
  | { outcome: "rate-limited"; retryAfterSeconds: number }
  | { outcome: "full" }
  | { outcome: "wrong" }
  | { outcome: "confirmed"; address: string };

type Context = {
  db: Db;
  config: Pick<Config, "SMTP_URL" | "OUTBOX_DIR" | "siteUrl"> & OutboxConfig & SubscriptionLimitsConfig;
  logger: Pick<Logger, "info" | "warn">;
  now?: Date;
};

/** Whether visitors can subscribe with a phone here: only when an SMS provider is configured. */
export function isSmsSubscriptionAvailable(config: OutboxConfig): boolean {
  return channelOffReason(config, "sms") === undefined;
}

const emailSchema = z
  .string()
  .trim()
  .min(1, "Enter your e-mail address.")
  .max(254, "That e-mail address is too long.")
  .pipe(z.email("Enter a valid e-mail address, e.g. name@example.com."));

/** An e-mail address as typed → lower-cased, or the message for the field. */
export function normalizeEmail(input: unknown): { ok: true; value: string } | { ok: false; message: string } {
  if (typeof input !== "string") return { ok: false, message: "Enter your e-mail address." };
  const parsed = emailSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message };
  return { ok: true, value: parsed.data.toLowerCase() };
}

/** A mobile number as typed → E.164 of a country we text, or the message for the field. */
export function normalizeSubscriberPhone(
  input: unknown,
  allowedCountries: readonly string[],
): { ok: true; value: string } | { ok: false; message: string } {
  if (typeof input !== "string") return { ok: false, message: "Enter a mobile phone number." };
  // Digits and the usual separators only: libphonenumber would read a number out of surrounding text.
  if (!/^[\d\s()+.-]*$/.test(input)) {
    return {
      ok: false,
      message: "That is not a phone number. Use digits, e.g. 0770 123 456 or +231 77 012 3456.",
    };
  }
  const parsed = parsePhone(input);
  if (!parsed.ok) return parsed;
  if (!allowedCountries.includes(parsed.country) || !isPhoneAllowed(parsed.e164, allowedCountries)) {
    return { ok: false, message: countryNotAllowedMessage(parsed.country) };
  }
  return { ok: true, value: parsed.e164 };
}

const sha256 = (value: string) => crypto.createHash("sha256").update(value).digest("hex");
/** The stored form of a 6-digit code: bound to its row, so equal codes of two rows differ (decision 014). */
const codeHash = (rowId: string, code: string) => sha256(`${rowId}:${code}`);

/** Counts a hit on each limit in turn; the first one over its limit answers. */
/** Serialises the subscriptions of one shipment (the 10-subscriber cap) across instances, until commit. */
async function lockShipmentSubscribers(tx: DbOrTx, shipmentId: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`notification_subscribers:${shipmentId}`}, 0))`,
  );
}

/**
 * The addresses of the shipment's own shipper and consignee (lower-cased e-mail, E.164 phone): they follow their
 * shipment whatever strangers did, need no place and take none (issue 32).
 */
async function partyAddresses(tx: DbOrTx, shipmentId: string): Promise<Set<string>> {
  const rows = await tx.execute<{ email: string | null; phone: string | null }>(sql`
    select p.email, p.phone from ${shipments} s
    join ${shippers} p on p.id = s.shipper_id where s.id = ${shipmentId}
    union all
    select p.email, p.phone from ${shipments} s
    join ${consignees} p on p.id = s.consignee_id where s.id = ${shipmentId}`);
  const addresses = new Set<string>();
  for (const row of rows.rows) {
    if (row.email) addresses.add(row.email.trim().toLowerCase());
    const phone = row.phone ? parsePhone(row.phone) : null;
    if (phone?.ok) addresses.add(phone.e164);
  }
  return addresses;
}

/** The rows that hold a place: confirmed and not unsubscribed, or waiting with a link or code that still works. */
const holdsPlace = (now: Date) =>
  sql`((${notificationSubscribers.confirmedAt} is not null and not exists (select 1 from ${notificationUnsubscribes} u where u.shipment_id = ${notificationSubscribers.shipmentId} and u.channel = ${notificationSubscribers.channel} and u.address = ${notificationSubscribers.address} and u.unsubscribed_at is not null))
    or (${notificationSubscribers.confirmedAt} is null and ${notificationSubscribers.expiresAt} > ${now.toISOString()}::timestamptz))`;

/** Confirmed public subscribers of a shipment who have not unsubscribed, its own parties' addresses left out. */
async function countConfirmed(tx: DbOrTx, shipmentId: string, parties: Set<string>): Promise<number> {
  const rows = await tx
    .select({ address: notificationSubscribers.address })
    .from(notificationSubscribers)
    .where(
      and(
        eq(notificationSubscribers.shipmentId, shipmentId),
        isNotNull(notificationSubscribers.confirmedAt),
        sql`not exists (select 1 from ${notificationUnsubscribes} u where u.shipment_id = ${notificationSubscribers.shipmentId} and u.channel = ${notificationSubscribers.channel} and u.address = ${notificationSubscribers.address} and u.unsubscribed_at is not null)`,
      ),
    );
  return rows.filter((row) => !parties.has(row.address)).length;
}

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
 * asked on (issue 30): stored as the subscriber's language, and the link or code goes in it, its links to that
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
    // address may hold only a few of them (issue 32: ten plus-addresses from one client locked everyone out).
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
    // same work and take the same time (issue 32: the shortcut answered measurably faster).
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
      // The language of the page asked on last: the updates go in it (issue 30).
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

/** What a confirmation link is about (tracking number, masked address, confirmed), or null when it does not work. */
export async function findEmailSubscription({
  db,
  token,
  now = new Date(),
}: {
  db: Db;
  token: string;
  now?: Date;
}): Promise<{ trackingNumber: string; address: string; confirmed: boolean } | null> {
  if (!isUnsubscribeToken(token)) return null;
  const [row] = await db
    .select({
      trackingNumber: shipments.trackingNumber,
      address: notificationSubscribers.address,
      confirmedAt: notificationSubscribers.confirmedAt,
      expiresAt: notificationSubscribers.expiresAt,
    })
    .from(notificationSubscribers)
    .innerJoin(shipments, eq(shipments.id, notificationSubscribers.shipmentId))
    .where(
      and(
        eq(notificationSubscribers.secretHash, sha256(token)),
        eq(notificationSubscribers.channel, "email"),
      ),
    );
  if (!row) return null;
  if (!row.confirmedAt && (!row.expiresAt || row.expiresAt <= now)) return null;
  return {
    trackingNumber: row.trackingNumber,
    address: maskAddress(row.address),
    confirmed: row.confirmedAt !== null,
  };
}

/** The 'Confirm' button of the link's page (a POST: mail scanners open links). Idempotent. */
export async function confirmEmailSubscription({
  db,
  config,
  token,
  now = new Date(),
}: {
  db: Db;
  config: Pick<Config, "SUBSCRIBERS_PER_SHIPMENT">;
  token: string;
  now?: Date;
}): Promise<"confirmed" | "invalid" | "full"> {
  if (!isUnsubscribeToken(token)) return "invalid";
  const hash = sha256(token);
  const [row] = await db
    .select({ id: notificationSubscribers.id, shipmentId: notificationSubscribers.shipmentId })
    .from(notificationSubscribers)
    .where(and(eq(notificationSubscribers.secretHash, hash), eq(notificationSubscribers.channel, "email")));
  if (!row) return "invalid";
  const maxPlaces = config.SUBSCRIBERS_PER_SHIPMENT;
  return db.transaction(async (tx) => {
    await lockShipmentSubscribers(tx, row.shipmentId);
    const [current] = await tx
      .select()
      .from(notificationSubscribers)
      .where(eq(notificationSubscribers.id, row.id));
    if (!current || current.secretHash !== hash) return "invalid";
    if (current.confirmedAt) return "confirmed";
    if (!current.expiresAt || current.expiresAt <= now) return "invalid";
    const parties = await partyAddresses(tx, row.shipmentId);
    if (!parties.has(current.address) && (await countConfirmed(tx, row.shipmentId, parties)) >= maxPlaces) {
      return "full";
    }
    await tx
      .update(notificationSubscribers)
      .set({ confirmedAt: now, expiresAt: null, updatedAt: now })
      .where(eq(notificationSubscribers.id, row.id));
    return "confirmed";
  });
}

/**
 * The code form: the number it was sent to and the 6 digits typed. Every failure (no code for that number,
 * wrong, expired, tried 5 times) gives the same 'wrong' answer; each wrong code counts against the row.
 */
export async function confirmPhoneSubscription({
  db,
  config,
  trackingNumber,
  phone,
  code,
  clientAddress,
  now = new Date(),
}: {
  db: Db;
  config: OutboxConfig &
    Pick<Config, "SUBSCRIBERS_PER_SHIPMENT" | "SUBSCRIBE_CODE_CHECKS_PER_CLIENT_PER_HOUR">;
  trackingNumber: string;
  phone: unknown;
  code: unknown;
  clientAddress: string;
  now?: Date;
}): Promise<CodeCheck> {
  const number = normalizeSubscriberPhone(phone, config.SMS_ALLOWED_COUNTRIES);
  if (!number.ok) return { outcome: "invalid", message: number.message };
  const typed = typeof code === "string" ? code.replace(/\s/g, "") : "";
  if (!/^\d{6}$/.test(typed))
    return { outcome: "invalid", message: "Enter the 6-digit code from the text message." };
  const retryAfter = await consumeRateLimits({
    db,
    now,
    limits: [
      {
        key: `subscribe:code-client:${clientAddress}`,
        limit: config.SUBSCRIBE_CODE_CHECKS_PER_CLIENT_PER_HOUR,
        windowSeconds: HOUR,
      },
    ],
  });
  if (retryAfter !== null) return { outcome: "rate-limited", retryAfterSeconds: retryAfter };
  const [shipment] = await db
    .select({ id: shipments.id })
    .from(shipments)
    .where(eq(shipments.trackingNumber, trackingNumber));
  if (!shipment) return { outcome: "wrong" };
  return db.transaction(async (tx) => {
    await lockShipmentSubscribers(tx, shipment.id);
    const [row] = await tx
      .select()
      .from(notificationSubscribers)
      .where(
        and(
          eq(notificationSubscribers.shipmentId, shipment.id),
          eq(notificationSubscribers.channel, "sms"),
          eq(notificationSubscribers.address, number.value),
          isNull(notificationSubscribers.confirmedAt),
          gt(notificationSubscribers.expiresAt, now),
        ),
      );
    if (!row || row.attempts >= SUBSCRIPTION_LIMITS.codeTries) return { outcome: "wrong" as const };
    const expected = Buffer.from(row.secretHash ?? "", "hex");
    const given = Buffer.from(codeHash(row.id, typed), "hex");
    if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) {
      await tx
        .update(notificationSubscribers)
        .set({ attempts: row.attempts + 1, updatedAt: now })
        .where(eq(notificationSubscribers.id, row.id));
      return { outcome: "wrong" as const };
    }
    const parties = await partyAddresses(tx, shipment.id);
    if (
      !parties.has(number.value) &&
      (await countConfirmed(tx, shipment.id, parties)) >= config.SUBSCRIBERS_PER_SHIPMENT
    ) {
      return { outcome: "full" as const };
    }
    await tx
      .update(notificationSubscribers)
      .set({ confirmedAt: now, expiresAt: null, updatedAt: now })
      .where(eq(notificationSubscribers.id, row.id));
    return { outcome: "confirmed" as const, address: number.value };
  });
}

/** The confirmed subscribers the scheduler tells (oldest first). Unsubscribed ones are skipped there. */
export async function listConfirmedSubscribers({ db, shipmentId }: { db: DbOrTx; shipmentId: string }) {
  return db
    .select({
      id: notificationSubscribers.id,
      channel: notificationSubscribers.channel,
      address: notificationSubscribers.address,
    })
    .from(notificationSubscribers)
    .where(
      and(eq(notificationSubscribers.shipmentId, shipmentId), isNotNull(notificationSubscribers.confirmedAt)),
    )
    .orderBy(asc(notificationSubscribers.createdAt), asc(notificationSubscribers.id));
}

/** Drops unconfirmed subscribers whose link or code has expired (they count for nothing already). */
export async function pruneExpiredSubscribers({ db, now = new Date() }: { db: Db; now?: Date }) {
  const rows = await db
    .delete(notificationSubscribers)
    .where(and(isNull(notificationSubscribers.confirmedAt), lte(notificationSubscribers.expiresAt, now)))
    .returning({ id: notificationSubscribers.id });
  return rows.length;
}
