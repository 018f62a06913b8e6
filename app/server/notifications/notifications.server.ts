// Shipment notifications for staff and customers: recipients and their switches, the per-shipment pause, the
// messages sent (the log joined to the outbox), resend and the settings' test message. The triggers are
// shipments/shipment-changes.server.ts (shipments own them), the sending is notification-scheduler.server.ts,
// the unsubscribe links are unsubscribe-links.server.ts.
import { and, asc, desc, eq, gt, isNotNull, or } from "drizzle-orm";
import type { Locale } from "#app/lib/i18n/locale.ts";
import { sampleValues } from "#app/lib/notification-templates.ts";
import type { SiteSettings } from "#app/schemas/site-settings.ts";
import type { Db, DbOrTx } from "#app/server/db/client.server.ts";
import {
  consignees,
  NOTIFICATION_ROLES,
  type NotificationRole,
  notificationLog,
  notificationSubscribers,
  notificationUnsubscribes,
  type OutboxChannel,
  type OutboxStatus,
  outbox,
  type SubscriberChannel,
  shipmentNotificationRecipients,
  shipmentNotificationState,
  shipments,
  shippers,
} from "#app/server/db/schema.ts";
import { isUuid } from "#app/server/db/text-search.server.ts";
import { queueMail, resolveMailFrom, senderHeaders } from "#app/server/messaging/mail.server.ts";
import { enqueueMessage, type OutboxConfig } from "#app/server/messaging/outbox.server.ts";
import { composeNotificationEmail } from "#app/server/notifications/notification-email.server.ts";
import { ensureUnsubscribeToken } from "#app/server/notifications/unsubscribe-links.server.ts";
import type { Config } from "#app/server/platform/config.server.ts";
import type { Logger } from "#app/server/platform/logger.server.ts";
import { getNotificationSettings } from "#app/server/settings/notification-settings.server.ts";

export type NotificationRecipient = {
  role: NotificationRole;
  name: string;
  email: string | null;
  phone: string | null;
  enabled: boolean;
  /** The language the party is written to in (decision 030). */
  language: Locale;
};

/** The shipment's shipper and consignee (when it has them) with their e-mail and phone and their per-shipment switch. */
export async function listShipmentRecipients({
  db,
  shipmentId,
}: {
  db: DbOrTx;
  shipmentId: string;
}): Promise<NotificationRecipient[]> {
  const [row] = await db
    .select({
      shipperName: shippers.name,
      shipperEmail: shippers.email,
      shipperPhone: shippers.phone,
      shipperLanguage: shippers.language,
      consigneeName: consignees.name,
      consigneeEmail: consignees.email,
      consigneePhone: consignees.phone,
      consigneeLanguage: consignees.language,
    })
    .from(shipments)
    .leftJoin(shippers, eq(shippers.id, shipments.shipperId))
    .leftJoin(consignees, eq(consignees.id, shipments.consigneeId))
    .where(eq(shipments.id, shipmentId));
  if (!row) return [];
  const switches = await db
    .select({ role: shipmentNotificationRecipients.role, enabled: shipmentNotificationRecipients.enabled })
    .from(shipmentNotificationRecipients)
    .where(eq(shipmentNotificationRecipients.shipmentId, shipmentId));
  const enabledOf = (role: NotificationRole) => switches.find((s) => s.role === role)?.enabled ?? true;
  const recipients: NotificationRecipient[] = [];
  if (row.shipperName !== null)
    recipients.push({
      role: "shipper",
      name: row.shipperName,
      email: row.shipperEmail,
      phone: row.shipperPhone,
      enabled: enabledOf("shipper"),
      language: row.shipperLanguage ?? "en",
    });
  if (row.consigneeName !== null)
    recipients.push({
      role: "consignee",
      name: row.consigneeName,
      email: row.consigneeEmail,
      phone: row.consigneePhone,
      enabled: enabledOf("consignee"),
      language: row.consigneeLanguage ?? "en",
    });
  return recipients;
}

export function isNotificationRole(value: unknown): value is NotificationRole {
  return typeof value === "string" && (NOTIFICATION_ROLES as readonly string[]).includes(value);
}

export async function setRecipientEnabled({
  db,
  shipmentId,
  role,
  enabled,
  now = new Date(),
}: {
  db: Db;
  shipmentId: string;
  role: NotificationRole;
  enabled: boolean;
  now?: Date;
}): Promise<void> {
  await db
    .insert(shipmentNotificationRecipients)
    .values({ shipmentId, role, enabled, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [shipmentNotificationRecipients.shipmentId, shipmentNotificationRecipients.role],
      set: { enabled, updatedAt: now },
    });
}

/** Pauses (or resumes) a shipment's notifications; pausing drops what was waiting to be told. */
export async function setNotificationsPaused({
  db,
  shipmentId,
  paused,
  now = new Date(),
}: {
  db: Db;
  shipmentId: string;
  paused: boolean;
  now?: Date;
}): Promise<void> {
  await db
    .insert(shipmentNotificationState)
    .values({ shipmentId, paused, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: shipmentNotificationState.shipmentId,
      set: paused ? { paused, pending: [], dueAt: null, updatedAt: now } : { paused, updatedAt: now },
    });
}

export type NotificationMessage = {
  id: string;
  role: string;
  channel: OutboxChannel;
  address: string;
  summary: string;
  createdAt: Date;
  status: OutboxStatus;
  attempts: number;
  sentAt: Date | null;
  lastError: string | null;
};

/** The shipment's notification card: paused or not, its recipients (parties and public subscribers), and every message sent to them (newest first, at most 100). */
export async function getShipmentNotifications({ db, shipmentId }: { db: Db; shipmentId: string }) {
  const [state] = await db
    .select({ paused: shipmentNotificationState.paused })
    .from(shipmentNotificationState)
    .where(eq(shipmentNotificationState.shipmentId, shipmentId));
  const [recipients, subscribers, messages, unsubscribed] = await Promise.all([
    listShipmentRecipients({ db, shipmentId }),
    listShipmentSubscribers({ db, shipmentId }),
    db
      .select({
        id: notificationLog.id,
        role: notificationLog.role,
        channel: notificationLog.channel,
        address: notificationLog.address,
        summary: notificationLog.summary,
        createdAt: notificationLog.createdAt,
        status: outbox.status,
        attempts: outbox.attempts,
        sentAt: outbox.sentAt,
        lastError: outbox.lastError,
      })
      .from(notificationLog)
      .innerJoin(outbox, eq(outbox.id, notificationLog.outboxId))
      .where(eq(notificationLog.shipmentId, shipmentId))
      .orderBy(desc(notificationLog.createdAt), desc(notificationLog.id))
      .limit(100),
    db
      .select({ channel: notificationUnsubscribes.channel, address: notificationUnsubscribes.address })
      .from(notificationUnsubscribes)
      .where(
        and(
          eq(notificationUnsubscribes.shipmentId, shipmentId),
          isNotNull(notificationUnsubscribes.unsubscribedAt),
        ),
      ),
  ]);
  return {
    paused: state?.paused ?? false,
    recipients,
    subscribers,
    messages: messages as NotificationMessage[],
    unsubscribed,
  };
}

// Public subscribers (tracking page, decision 014; the public side is in subscriptions.server.ts).

export type ShipmentSubscriber = {
  id: string;
  channel: SubscriberChannel;
  address: string;
  confirmedAt: Date | null;
  expiresAt: Date | null;
  createdAt: Date;
};

/** For staff: the confirmed subscribers and those still waiting to confirm (full addresses). */
export async function listShipmentSubscribers({
  db,
  shipmentId,
  now = new Date(),
}: {
  db: DbOrTx;
  shipmentId: string;
  now?: Date;
}): Promise<ShipmentSubscriber[]> {
  return db
    .select({
      id: notificationSubscribers.id,
      channel: notificationSubscribers.channel,
      address: notificationSubscribers.address,
      confirmedAt: notificationSubscribers.confirmedAt,
      expiresAt: notificationSubscribers.expiresAt,
      createdAt: notificationSubscribers.createdAt,
    })
    .from(notificationSubscribers)
    .where(
      and(
        eq(notificationSubscribers.shipmentId, shipmentId),
        or(isNotNull(notificationSubscribers.confirmedAt), gt(notificationSubscribers.expiresAt, now)),
      ),
    )
    .orderBy(asc(notificationSubscribers.createdAt), asc(notificationSubscribers.id));
}

/** Staff's 'Remove': the subscriber is deleted (and told nothing more). False when it is not this shipment's. */
export async function removeSubscriber({
  db,
  shipmentId,
  id,
}: {
  db: Db;
  shipmentId: string;
  id: string;
}): Promise<boolean> {
  if (!isUuid(id) || !isUuid(shipmentId)) return false;
  const rows = await db
    .delete(notificationSubscribers)
    .where(and(eq(notificationSubscribers.id, id), eq(notificationSubscribers.shipmentId, shipmentId)))
    .returning({ id: notificationSubscribers.id });
  return rows.length > 0;
}

// Staff actions.

type MailContext = {
  db: Db;
  config: Pick<Config, "SMTP_URL" | "OUTBOX_DIR" | "siteUrl"> & OutboxConfig;
  logger: Pick<Logger, "info">;
  now?: Date;
};

/**
 * Sends one logged message again, as a new message (its own Message-ID) with the same content, unless its
 * address has unsubscribed since. Returns why not ("refused": the outbox refused the address), or null
 * when it is queued.
 */
export async function resendNotification({
  db,
  config,
  logger,
  shipmentId,
  logId,
  now = new Date(),
}: MailContext & { shipmentId: string; logId: string }): Promise<
  "unknown" | "unsubscribed" | "refused" | null
> {
  if (!isUuid(logId) || !isUuid(shipmentId)) return "unknown";
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ log: notificationLog, message: outbox })
      .from(notificationLog)
      .innerJoin(outbox, eq(outbox.id, notificationLog.outboxId))
      .where(and(eq(notificationLog.id, logId), eq(notificationLog.shipmentId, shipmentId)));
    if (!row) return "unknown";
    const { unsubscribed } = await ensureUnsubscribeToken({
      db: tx,
      shipmentId,
      channel: row.log.channel,
      address: row.log.address,
      now,
    });
    if (unsubscribed) return "unsubscribed";
    // A text message (SMS, WhatsApp) is queued again on its own channel, to the same phone.
    const queued =
      row.log.channel === "email"
        ? await queueMail({
            db: tx,
            config,
            logger,
            mail: {
              to: row.message.to,
              subject: row.message.subject ?? "",
              text: row.message.text,
              ...(row.message.html ? { html: row.message.html } : {}),
              headers: row.message.headers,
            },
            now,
          })
        : await enqueueMessage({
            db: tx,
            config,
            siteHost: new URL(config.siteUrl).host,
            message: { channel: row.log.channel, to: row.message.to, text: row.message.text },
            now,
          });
    if (!queued.ok) return "refused";
    await tx.insert(notificationLog).values({
      shipmentId,
      outboxId: queued.id,
      role: row.log.role,
      channel: row.log.channel,
      address: row.log.address,
      summary: row.log.summary,
      createdAt: now,
    });
    return null;
  });
}

/**
 * 'Send a test message to me': the notification e-mail as customers get it, from the saved templates, sender
 * name and reply-to, about a sample shipment (UTG-1234-5678 arriving at the Port of Monrovia), marked as a
 * test in its subject. Its unsubscribe link is a sample too; it has no List-Unsubscribe headers.
 */
export async function sendTestNotification({
  db,
  config,
  logger,
  to,
  settings,
  now = new Date(),
}: MailContext & {
  config: Pick<Config, "MAIL_FROM">;
  to: string;
  settings: Pick<SiteSettings, "companyName" | "address" | "phone" | "email">;
}) {
  const notification = await getNotificationSettings({ db });
  const values = sampleValues({
    siteUrl: config.siteUrl,
    companyName: settings.companyName,
    companyAddress: settings.address,
    companyPhone: settings.phone,
  });
  const email = composeNotificationEmail({
    templates: notification.templates,
    values,
    steps: [],
    unsubscribeUrl: `${config.siteUrl.replace(/\/+$/, "")}/unsubscribe/sample`,
  });
  return queueMail({
    db,
    config,
    logger,
    mail: {
      to,
      subject: `Test: ${email.subject}`,
      text: email.text,
      html: email.html,
      headers: senderHeaders({
        from: resolveMailFrom({ config, settings }),
        senderName: notification.senderName,
        replyTo: notification.replyTo,
      }),
    },
    now,
  });
}
