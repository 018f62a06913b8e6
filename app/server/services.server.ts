import { scheduleAuditPruning } from "#app/server/audit/audit.server.ts";
import { findNextPublicationTime } from "#app/server/blog/blog-posts.server.ts";
import { type Database, openConfiguredDatabase } from "#app/server/db/client.server.ts";
import { type DatabaseHealth, watchDatabaseHealth } from "#app/server/db/health.server.ts";
import { REMINDER_INTERVAL_MS, sendDueReminders } from "#app/server/invoices/invoice-reminders.server.ts";
import type { ChannelAdapter } from "#app/server/messaging/channel.server.ts";
import { createEmailChannel } from "#app/server/messaging/email-channel.server.ts";
import { resolveMailFrom } from "#app/server/messaging/mail.server.ts";
import { createOutboxWorker, type OutboxWorker } from "#app/server/messaging/outbox-worker.server.ts";
import {
  type AdapterOptions,
  createMessagingAdapters,
} from "#app/server/messaging/provider-config.server.ts";
import {
  createNotificationScheduler,
  type NotificationScheduler,
} from "#app/server/notifications/notification-scheduler.server.ts";
import { sendTestNotification } from "#app/server/notifications/notifications.server.ts";
import {
  createMobileMoneyPoller,
  type MobileMoneyPoller,
} from "#app/server/payments/mobile-money/mobile-money-poller.server.ts";
import {
  createMomoClient,
  describeMobileMoney,
  type MobileMoneyAvailability,
  type MomoClient,
  momoConfigOf,
} from "#app/server/payments/mobile-money/mtn-momo.server.ts";
import { type Config, configWarnings, loadConfig } from "#app/server/platform/config.server.ts";
import { type EventBus, startEventBus } from "#app/server/platform/events.server.ts";
import { createLogger, type Logger } from "#app/server/platform/logger.server.ts";
import { createPageCache, type PageCache } from "#app/server/platform/page-cache.server.ts";
import {
  RATE_LIMIT_PRUNE_INTERVAL_MS,
  scheduleRateLimitPruning,
} from "#app/server/platform/rate-limit.server.ts";
import { prepareDatabase } from "#app/server/prepare-database.server.ts";
import { createSiteSettingsCache, type SiteSettingsCache } from "#app/server/settings/settings.server.ts";

export type Services = {
  config: Config;
  logger: Logger;
  database: Database;
  db: Database["db"];
  /** New quote requests and contact messages, as the database announces them. */
  events: EventBus;
  /** Whether the database answers (a PostgreSQL server can go away; the app then answers 503). */
  dbHealth: DatabaseHealth;
  /** The site settings every page shows, cached and dropped whenever they change. */
  siteSettings: SiteSettingsCache;
  /** Rendered public pages that are the same for everyone, dropped whenever their content changes. */
  pageCache: PageCache;
  /** Rendered tracking pages, each kept until its shipment changes (decision 031). */
  trackingPages: PageCache;
  /**
   * Sends the outbox's messages through the configured channels: e-mail when SMTP_URL is set, SMS and
   * WhatsApp through their provider when configured (provider-config.server.ts).
   */
  outbox: OutboxWorker;
  /** Turns shipments' due pending notifications into outbox messages (decision 013). */
  notifications: NotificationScheduler;
  /**
   * Mobile money online (decision 027): MTN's client, null while its settings are missing (it is then off), and
   * the poller asking MTN about pending requests (in the process that runs the background jobs).
   */
  mobileMoney: {
    client: MomoClient | null;
    poller: MobileMoneyPoller | null;
    /** On (in which currency) or off and why, in a clerk's words (the settings page shows it). */
    availability: MobileMoneyAvailability;
  };
  /**
   * Sends a sample shipment notification to a staff address (Settings → Notifications). Given here, not imported
   * by the settings page: settings sit below notifications in the order of the rooms.
   */
  sendTestNotification(args: {
    to: string;
    settings: Parameters<typeof sendTestNotification>[0]["settings"];
  }): ReturnType<typeof sendTestNotification>;
  close(): Promise<void>;
};

export type OutboxOptions = {
  now?: () => Date;
  pollMs?: number;
  autostart?: boolean;
  providers?: Pick<AdapterOptions, "twilioBaseUrl" | "africasTalkingBaseUrl" | "timeoutMs">;
};

/** How a process of a cluster (WEB_CONCURRENCY > 1) starts its services; the single app process passes none. */
export type WorkerRole = {
  /** Whether this worker runs the background jobs (outbox, notifications, prunings): one worker does. */
  backgroundJobs: boolean;
  /** Said on every log line of this worker (its pid and number), so the lines of N workers can be told apart. */
  logBindings: Record<string, unknown>;
};

/**
 * Validates the configuration, opens and migrates the database and loads starter content once. A cluster
 * worker (`worker` given) joins the database its primary prepared: no migrations, no seeding.
 */
export async function startServices(
  env: Record<string, string | undefined> = process.env,
  worker?: WorkerRole,
): Promise<Services> {
  const config = loadConfig(env);
  const base = createLogger(config.LOG_LEVEL);
  const logger = worker ? base.child(worker.logBindings) : base;
  if (!worker) for (const warning of configWarnings(config)) logger.warn(warning);
  const started = performance.now();
  const database = worker
    ? await openConfiguredDatabase(config, logger)
    : await prepareDatabase({ config, logger });
  const services = await assembleServices({
    config,
    logger,
    database,
    health: { timeoutMs: config.DATABASE_TIMEOUT_MS },
    backgroundJobs: worker?.backgroundJobs ?? true,
  });
  logger.info(
    { database: database.kind, ms: Math.round(performance.now() - started) },
    database.kind === "embedded"
      ? `Database ready (embedded PostgreSQL, ${config.DATA_DIR})`
      : "Database ready (PostgreSQL)",
  );
  if (worker?.backgroundJobs)
    logger.info("This worker runs the background jobs (outbox, notifications, prunings)");
  return services;
}

/**
 * The services around an open, migrated database: the event bus, the health watch, the caches and the
 * housekeeping timers. The app (startServices) and the tests (tests/setup/test-db.ts) both build them here.
 * Closing them closes the database too; so does a failure to start them.
 */
export async function assembleServices({
  config,
  logger,
  database,
  health,
  pruneRateLimitsEveryMs = RATE_LIMIT_PRUNE_INTERVAL_MS,
  outbox: outboxOptions = {},
  notifications: notificationOptions = {},
  mobileMoney: mobileMoneyOptions = {},
  backgroundJobs = true,
}: {
  config: Config;
  logger: Logger;
  database: Database;
  /** How long a health ping may take, and how often the health watch pings (its default unless given). */
  health: { timeoutMs: number; intervalMs?: number };
  pruneRateLimitsEveryMs?: number;
  /**
   * The outbox worker's clock and poll interval (tests), whether it runs by itself, and where the SMS and
   * WhatsApp providers are (tests point them at tests/fakes/).
   */
  outbox?: OutboxOptions;
  /** The notification scheduler's clock and poll interval (tests), and whether it runs by itself. */
  notifications?: { now?: () => Date; pollMs?: number; autostart?: boolean };
  /** The mobile-money poller's clock and poll interval (tests), and whether it runs by itself. */
  mobileMoney?: { now?: () => Date; pollMs?: number; autostart?: boolean };
  /**
   * Whether this process runs the background jobs: the outbox worker and the notification scheduler by
   * themselves, and the rate-limit and activity-log prunings. false in all but one worker of a cluster
   * (decision 022); the others keep the worker objects, stopped, so `services` has the same shape.
   */
  backgroundJobs?: boolean;
}): Promise<Services> {
  let events: EventBus;
  try {
    events = await startEventBus({ database, logger });
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  const dbHealth = watchDatabaseHealth({ database, logger, ...health });
  const siteSettings = createSiteSettingsCache({ db: database.db, events });
  const pageCache = createPageCache({
    events,
    logger,
    nextChangeAt: (since) => findNextPublicationTime({ db: database.db, now: since }),
  });
  // Its own cache, so a crowd on tracking pages never pushes the site's shared pages out (and the reverse);
  // bounded by its bytes (64 MB: some 6,000 pages of ~11 kB compressed beside the stylesheets they share) more than
  // by its count (decision 031).
  const trackingPages = createPageCache({
    events,
    logger,
    maxEntries: 10_000,
    maxBytes: 64 * 1024 * 1024,
  });
  const idle = { close: async () => {} };
  const rateLimitPruning = backgroundJobs
    ? scheduleRateLimitPruning({ db: database.db, logger, intervalMs: pruneRateLimitsEveryMs })
    : idle;
  // The activity log's retention (decision 021): at start and every 24 hours.
  const auditPruning = backgroundJobs ? scheduleAuditPruning({ db: database.db, logger }) : idle;
  const adapters: ChannelAdapter[] = [];
  if (config.SMTP_URL) {
    adapters.push(
      createEmailChannel({
        smtpUrl: config.SMTP_URL,
        from: async () => resolveMailFrom({ config, settings: await siteSettings.get() }),
      }),
    );
  }
  const { providers, ...workerOptions } = outboxOptions;
  const texting = createMessagingAdapters(config, {
    ...(config.AFRICASTALKING_BASE_URL ? { africasTalkingBaseUrl: config.AFRICASTALKING_BASE_URL } : {}),
    ...providers,
    // Twilio reports each message's delivery here; our outbox id in the query finds the row even before
    // its Twilio sid is recorded. SITE_URL's address: the callback route checks the signature against it.
    twilioStatusCallbackUrl: (message) =>
      `${config.siteUrl}/webhooks/twilio/status?outbox=${encodeURIComponent(message.id)}`,
  });
  if (texting.sms) adapters.push(texting.sms);
  if (texting.whatsapp) adapters.push(texting.whatsapp);
  const outbox = createOutboxWorker({
    db: database.db,
    adapters,
    logger,
    events,
    ...workerOptions,
    ...(backgroundJobs ? {} : { autostart: false }),
  });
  const notifications = createNotificationScheduler({
    db: database.db,
    config,
    logger,
    events,
    jobs: [
      {
        everyMs: REMINDER_INTERVAL_MS,
        run: (now) => sendDueReminders({ db: database.db, config, logger, now }),
      },
    ],
    ...notificationOptions,
    ...(backgroundJobs ? {} : { autostart: false }),
  });
  const momoConfig = momoConfigOf(config);
  const momoClient = momoConfig ? createMomoClient({ config: momoConfig }) : null;
  const momoPoller = momoClient
    ? createMobileMoneyPoller({
        db: database.db,
        client: momoClient,
        logger,
        ...mobileMoneyOptions,
        ...(backgroundJobs ? {} : { autostart: false }),
      })
    : null;
  return {
    config,
    logger,
    database,
    db: database.db,
    events,
    dbHealth,
    siteSettings,
    pageCache,
    trackingPages,
    outbox,
    notifications,
    mobileMoney: { client: momoClient, poller: momoPoller, availability: describeMobileMoney(config) },
    sendTestNotification: ({ to, settings }) =>
      sendTestNotification({ db: database.db, config, logger, to, settings }),
    async close() {
      await momoPoller?.stop();
      await notifications.stop();
      await outbox.stop();
      await rateLimitPruning.close();
      await auditPruning.close();
      pageCache.close();
      trackingPages.close();
      siteSettings.close();
      dbHealth.close();
      await events.close();
      await database.close();
    },
  };
}
