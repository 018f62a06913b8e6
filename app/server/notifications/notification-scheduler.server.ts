import { and, asc, eq, inArray, isNotNull, isNull, lte, or } from "drizzle-orm";
import type { Locale } from "#app/lib/i18n/locale.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import { deliveryNoteLinkText } from "#app/lib/notification-templates.ts";
import { stepOfStatus } from "#app/lib/tracking-progress.ts";
import type { Db, DbOrTx } from "#app/server/db/client.server.ts";
import {
  customerMembers,
  notificationLog,
  notificationSubscribers,
  type PendingNotificationChange,
  shipmentNotificationState,
  shipments,
} from "#app/server/db/schema.ts";
import { translatorFor } from "#app/server/i18n/words.server.ts";
import { queueMail, resolveMailFrom, senderHeaders } from "#app/server/messaging/mail.server.ts";
import { channelOffReason, enqueueMessage, type OutboxConfig } from "#app/server/messaging/outbox.server.ts";
import { whatsappSpeaksFrench } from "#app/server/messaging/provider-config.server.ts";
import { channelsFor, findMemberChoices } from "#app/server/notifications/member-preferences.server.ts";
import { buildNotificationEmail } from "#app/server/notifications/notification-email.server.ts";
import { buildNotificationSms } from "#app/server/notifications/notification-sms.server.ts";
import { listShipmentRecipients } from "#app/server/notifications/notifications.server.ts";
import {
  listConfirmedSubscribers,
  pruneExpiredSubscribers,
} from "#app/server/notifications/subscriptions.server.ts";
import { ensureUnsubscribeToken } from "#app/server/notifications/unsubscribe-links.server.ts";
import type { Config } from "#app/server/platform/config.server.ts";
import type { EventBus } from "#app/server/platform/events.server.ts";
import type { Logger } from "#app/server/platform/logger.server.ts";
import { startWakeLoop } from "#app/server/platform/wake-loop.server.ts";
import {
  getFrenchNotificationTemplates,
  getNotificationSettings,
} from "#app/server/settings/notification-settings.server.ts";
import { getSiteSettings } from "#app/server/settings/settings.server.ts";
import { createDeliveryNoteToken, getShipmentDelivery } from "#app/server/shipments/deliveries.server.ts";
import { GROUPING_WINDOW_MS } from "#app/server/shipments/shipment-changes.server.ts";

type SchedulerContext = {
  db: Db;
  config: Pick<Config, "SMTP_URL" | "OUTBOX_DIR" | "siteUrl" | "MAIL_FROM"> &
    Partial<Pick<Config, "TWILIO_WHATSAPP_TEMPLATE_SID_FR">> &
    OutboxConfig;
  logger: Pick<Logger, "info" | "warn">;
};

/**
 * The languages chosen by the active account members behind some addresses (decision 030): a member's own choice
 * wins over the party's language for the addresses that are theirs.
 */
async function memberLanguages({ db, emails, phones }: { db: DbOrTx; emails: string[]; phones: string[] }) {
  const matches = [
    emails.length ? inArray(customerMembers.email, emails) : undefined,
    phones.length ? inArray(customerMembers.phone, phones) : undefined,
  ].filter((match) => match !== undefined);
  if (matches.length === 0) return new Map<string, Locale>();
  const rows = await db
    .select({
      email: customerMembers.email,
      phone: customerMembers.phone,
      language: customerMembers.language,
    })
    .from(customerMembers)
    .where(and(isNull(customerMembers.removedAt), or(...matches)));
  const languages = new Map<string, Locale>();
  for (const row of rows) {
    if (row.email) languages.set(row.email.toLowerCase(), row.language);
    if (row.phone) languages.set(row.phone, row.language);
  }
  return languages;
}

/**
 * Turns one due pending notification into messages, in one transaction: claims the shipment's row (FOR
 * UPDATE SKIP LOCKED, so another instance takes another row or none), queues one e-mail per recipient in the
 * outbox with the log rows, and keeps the changes not due yet. Exactly once: the messages and the cleared row
 * commit together, and each message's dedupe key names the batch. Returns false when nothing was due.
 */
export async function processNextNotification({
  db,
  config,
  logger,
  now,
}: SchedulerContext & { now: Date }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [state] = await tx
      .select()
      .from(shipmentNotificationState)
      .where(and(isNotNull(shipmentNotificationState.dueAt), lte(shipmentNotificationState.dueAt, now)))
      .orderBy(asc(shipmentNotificationState.dueAt))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!state) return false;
    const shipmentId = state.shipmentId;
    const ready = state.pending.filter((change) => new Date(change.notBefore) <= now);
    const later = state.pending.filter((change) => new Date(change.notBefore) > now);
    const notification = await getNotificationSettings({ db: tx });
    if (!notification.enabled || state.paused) {
      await tx
        .update(shipmentNotificationState)
        .set({ pending: [], dueAt: null, updatedAt: now })
        .where(eq(shipmentNotificationState.shipmentId, shipmentId));
      return true;
    }
    if (ready.length === 0) {
      await tx
        .update(shipmentNotificationState)
        .set({ dueAt: earliest(later), updatedAt: now })
        .where(eq(shipmentNotificationState.shipmentId, shipmentId));
      return true;
    }
    const [shipment] = await tx.select().from(shipments).where(eq(shipments.id, shipmentId));
    const batch = state.batches + 1;
    // Every address told in this batch (channel and address): a party who also subscribed on the tracking
    // page gets one message, not two.
    const told = new Set<string>();
    if (shipment) {
      // One after the other: a transaction is one connection, which runs one query at a time (pg queues
      // the others, and pg 9 will refuse them).
      const settings = await getSiteSettings({ db: tx });
      const recipients = await listShipmentRecipients({ db: tx, shipmentId });
      const french = await getFrenchNotificationTemplates({ db: tx });
      const textChannels = (["sms", "whatsapp"] as const).filter(
        (channel) => !channelOffReason(config, channel),
      );
      const siteHost = new URL(config.siteUrl).host;
      const headers = senderHeaders({
        from: resolveMailFrom({ config, settings }),
        senderName: notification.senderName,
        replyTo: notification.replyTo,
      });
      // A batch telling a delivery that was recorded with its proof (decision 015): the consignee's e-mail
      // carries a link to the signed delivery note (a token of its own per message, valid 30 days).
      const delivery = ready.some((change) => change.kind === "status" && stepOfStatus(change.status) === 3)
        ? await getShipmentDelivery({ db: tx, shipmentId })
        : null;
      /**
       * Queues this batch's message to one address on one channel, with its log row, unless the address
       * unsubscribed from the shipment or was told already. An address the outbox refuses (not an e-mail
       * address, not E.164, a country we do not text) stores nothing: that recipient is skipped, the others
       * are told, and the shipment's row never gets stuck retrying.
       */
      const tell = async ({
        role,
        channel,
        address,
        dedupeKey,
        language,
      }: {
        role: string;
        channel: "email" | "sms" | "whatsapp";
        address: string;
        dedupeKey: string;
        /** The recipient's language (decision 030). */
        language: Locale;
      }) => {
        // WhatsApp speaks French only with a French template approved and set; without, English.
        const locale: Locale =
          channel === "whatsapp" &&
          !whatsappSpeaksFrench({
            TWILIO_WHATSAPP_TEMPLATE_SID_FR: config.TWILIO_WHATSAPP_TEMPLATE_SID_FR,
          })
            ? "en"
            : language;
        const templates = locale === "fr" ? french.templates : notification.templates;
        const key = `${channel}:${address.toLowerCase()}`;
        if (told.has(key)) return;
        const { token, unsubscribed } = await ensureUnsubscribeToken({
          db: tx,
          shipmentId,
          channel,
          address,
          now,
        });
        if (unsubscribed) return;
        let summary: string;
        let queued: { ok: true; id: string } | { ok: false; reason: string };
        if (channel === "email") {
          const deliveryNote =
            delivery && role === "consignee"
              ? {
                  // At the address in the recipient's language: /fr/bon-de-livraison/… prints the French note.
                  url: `${config.siteUrl.replace(/\/+$/, "")}${localizePath(
                    `/delivery-note/${await createDeliveryNoteToken({ db: tx, deliveryId: delivery.id, now })}`,
                    locale,
                  )}`,
                  text: deliveryNoteLinkText(
                    { signed: delivery.hasSignature, receiverName: delivery.receiverName },
                    translatorFor(locale),
                  ),
                }
              : undefined;
          const email = buildNotificationEmail({
            deliveryNote,
            shipment,
            changes: ready,
            settings,
            siteUrl: config.siteUrl,
            unsubscribeUrl: `${config.siteUrl}${localizePath(`/unsubscribe/${token}`, locale)}`,
            templates,
            headers,
            locale,
          });
          summary = email.summary;
          queued = await queueMail({
            db: tx,
            config,
            logger,
            mail: {
              to: address,
              subject: email.subject,
              text: email.text,
              html: email.html,
              headers: email.headers,
            },
            dedupeKey,
            now,
          });
        } else {
          const sms = buildNotificationSms({
            shipment,
            changes: ready,
            settings,
            siteUrl: config.siteUrl,
            template: templates.sms,
            locale,
          });
          summary = sms.summary;
          queued = await enqueueMessage({
            db: tx,
            config,
            siteHost,
            message: {
              channel,
              to: address,
              text: sms.text,
              dedupeKey,
              // The message's language: Twilio picks the WhatsApp template approved in it (twilio.server.ts).
              ...(locale === "en" ? {} : { headers: { "Content-Language": locale } }),
            },
            now,
          });
        }
        if (!queued.ok) {
          logger.warn(
            { shipmentId, role, channel, reason: queued.reason },
            "Shipment notification not queued for this recipient",
          );
          return;
        }
        told.add(key);
        await tx.insert(notificationLog).values({
          shipmentId,
          outboxId: queued.id,
          role,
          channel,
          address: address.toLowerCase(),
          summary,
          createdAt: now,
        });
      };
      // A batch telling only that the shipment was booked goes to its shipper, who booked it.
      const bookedOnly = ready.every((change) => change.kind === "booked");
      // A party's address that belongs to an active customer member follows what the member chose for
      // shipment updates (decision 029): a channel they turned off is not used, and the text channels they turned
      // on reach their own mobile number too. A member who never chose changes nothing.
      const members = await findMemberChoices({
        db: tx,
        emails: recipients.flatMap((recipient) => (recipient.email ? [recipient.email] : [])),
        phones: recipients.flatMap((recipient) => (recipient.phone ? [recipient.phone] : [])),
      });
      // The language of each address: a member's own choice for their addresses, the party's otherwise.
      const languages = await memberLanguages({
        db: tx,
        emails: members.flatMap((member) => (member.email ? [member.email.toLowerCase()] : [])),
        phones: members.flatMap((member) => (member.phone ? [member.phone] : [])),
      });
      for (const recipient of recipients) {
        if (!recipient.enabled || (bookedOnly && recipient.role !== "shipper")) continue;
        const byEmail = members.find((member) => member.email === recipient.email?.toLowerCase());
        const byPhone = members.find((member) => member.phone === recipient.phone);
        const languageOf = (address: string) => languages.get(address.toLowerCase()) ?? recipient.language;
        const phoneChoice = byPhone?.preferences.shipments;
        // SMS and WhatsApp go to a recipient's phone only when the channel has a provider here (decision 012).
        if (recipient.phone)
          for (const channel of textChannels.filter((c) => !phoneChoice || phoneChoice.includes(c)))
            await tell({
              role: recipient.role,
              channel,
              address: recipient.phone,
              dedupeKey: `notification:${shipmentId}:${batch}:${recipient.role}:${channel}`,
              language: languageOf(recipient.phone),
            });
        if (recipient.email && (!byEmail || channelsFor(byEmail.preferences, "shipments").includes("email")))
          await tell({
            role: recipient.role,
            channel: "email",
            address: recipient.email,
            dedupeKey: `notification:${shipmentId}:${batch}:${recipient.role}:email`,
            language: languageOf(recipient.email),
          });
        if (byEmail?.phone)
          for (const channel of textChannels.filter((c) => byEmail.preferences.shipments?.includes(c)))
            await tell({
              role: recipient.role,
              channel,
              address: byEmail.phone,
              dedupeKey: `notification:${shipmentId}:${batch}:${recipient.role}:member:${channel}`,
              language: languages.get(byEmail.email?.toLowerCase() ?? "") ?? recipient.language,
            });
      }
      // Visitors who subscribed on the tracking page and confirmed (decision 014): on their own channel only.
      // Each in the language of the page they subscribed on (decision 030).
      const subscriberLanguages = new Map(
        (
          await tx
            .select({ id: notificationSubscribers.id, language: notificationSubscribers.language })
            .from(notificationSubscribers)
            .where(eq(notificationSubscribers.shipmentId, shipmentId))
        ).map((row) => [row.id, row.language]),
      );
      for (const subscriber of await listConfirmedSubscribers({ db: tx, shipmentId })) {
        if (subscriber.channel === "sms" && !textChannels.includes("sms")) continue;
        await tell({
          role: "subscriber",
          channel: subscriber.channel,
          address: subscriber.address,
          dedupeKey: `notification:${shipmentId}:${batch}:subscriber:${subscriber.id}:${subscriber.channel}`,
          language: subscriberLanguages.get(subscriber.id) ?? "en",
        });
      }
    }
    // Only a batch that told somebody opens the two minutes in which later changes wait to be grouped: a
    // booking with no shipper to tell must not hold back the consignee's next update (decision 013).
    const sent = told.size > 0;
    const nextDue = earliest(later);
    const windowEnd = new Date(now.getTime() + GROUPING_WINDOW_MS);
    await tx
      .update(shipmentNotificationState)
      .set({
        pending: later,
        dueAt: sent && nextDue && nextDue < windowEnd ? windowEnd : nextDue,
        lastSentAt: sent ? now : state.lastSentAt,
        batches: batch,
        updatedAt: now,
      })
      .where(eq(shipmentNotificationState.shipmentId, shipmentId));
    return true;
  });
}

function earliest(changes: PendingNotificationChange[]): Date | null {
  if (changes.length === 0) return null;
  return new Date(Math.min(...changes.map((change) => new Date(change.notBefore).getTime())));
}

/** Processes due notifications until none is left (or `limit`); returns how many rows it handled. */
export async function processDueNotifications({
  limit = 100,
  ...context
}: SchedulerContext & { now: Date; limit?: number }): Promise<number> {
  let handled = 0;
  while (handled < limit && (await processNextNotification(context))) handled++;
  return handled;
}

const SUBSCRIBER_PRUNE_INTERVAL_MS = 10 * 60 * 1000;

/** A job the scheduler's loop runs every `everyMs` besides the notifications (the composition root gives them). */
export type PeriodicJob = { everyMs: number; run: (now: Date) => Promise<unknown> };

export type NotificationScheduler = {
  /** Handles what is due now (tests call it with their clock; the loop does it by itself). */
  runOnce(): Promise<number>;
  wake(): void;
  stop(): Promise<void>;
};

/**
 * The loop of one app instance: every `pollMs`, and at once when the database announces a notification falling
 * due ('notifications.due', drizzle/0008). Several instances share the rows safely (SKIP LOCKED).
 */
export function createNotificationScheduler({
  events,
  now = () => new Date(),
  pollMs = 5000,
  autostart = true,
  jobs = [],
  ...context
}: SchedulerContext & {
  events?: Pick<EventBus, "subscribe">;
  now?: () => Date;
  pollMs?: number;
  autostart?: boolean;
  /**
   * Other domains' periodic work run on this loop (invoice reminders, decision 026). They come as an argument,
   * not an import: notifications sit below invoices in the order of the rooms.
   */
  jobs?: PeriodicJob[];
}): NotificationScheduler {
  // Unconfirmed public subscribers whose link or code expired are dropped every 10 minutes (decision 014).
  const periodic = [
    {
      everyMs: SUBSCRIBER_PRUNE_INTERVAL_MS,
      run: (at: Date) => pruneExpiredSubscribers({ db: context.db, now: at }),
    },
    ...jobs,
  ].map((job) => ({ ...job, ranAt: 0 }));
  const runOnce = async () => {
    const at = now();
    for (const job of periodic) {
      if (at.getTime() - job.ranAt < job.everyMs) continue;
      job.ranAt = at.getTime();
      await job.run(at);
    }
    return processDueNotifications({ ...context, now: at });
  };
  const loop = startWakeLoop({
    round: async () => {
      await runOnce();
      return false;
    },
    pollMs,
    events,
    wakeOn: "notifications.due",
    logger: context.logger,
    failure: "The notification scheduler could not reach the database; it tries again shortly",
    start: autostart,
  });
  return { runOnce, wake: loop.wake, stop: () => loop.stop() };
}
