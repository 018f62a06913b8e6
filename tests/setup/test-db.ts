import crypto from "node:crypto";
import pg from "pg";
import { RouterContextProvider } from "react-router";
import { inject } from "vitest";
import { requestContext, servicesContext } from "#app/context.ts";
import { loadConfig } from "#app/server/platform/config.server.ts";
import { type Database, openDatabase } from "#app/server/db/client.server.ts";
import { watchDatabaseHealth } from "#app/server/db/health.server.ts";
import { startEventBus } from "#app/server/platform/events.server.ts";
import { createLogger } from "#app/server/platform/logger.server.ts";
import type { Services } from "#app/server/platform/services.server.ts";
import { findNextPublicationTime } from "#app/server/blog-posts.server.ts";
import { createPageCache } from "#app/server/platform/page-cache.server.ts";
import { createSiteSettingsCache } from "#app/server/settings.server.ts";
import { POSTGRES_TEMPLATE, withDatabase } from "./test-server.ts";

/** A fresh, migrated, empty database for one test file, on the run's server (see global-setup.ts). */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = inject("testServerUrl");
  const name = `freight_test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${POSTGRES_TEMPLATE}`);
  await admin.end();
  const database = await openDatabase({ databaseUrl: withDatabase(serverUrl, name) });
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** Services as the app builds them, on a test database, with quiet logs. */
export async function createTestServices(env: Record<string, string> = {}): Promise<Services> {
  const database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", SEED_DEMO: "false", ...env });
  const logger = createLogger("silent");
  const events = await startEventBus({ database, logger });
  const dbHealth = watchDatabaseHealth({ database, logger, timeoutMs: 2000, intervalMs: 60_000 });
  const siteSettings = createSiteSettingsCache({ db: database.db, events });
  const pageCache = createPageCache({
    events,
    logger,
    nextChangeAt: (since) => findNextPublicationTime({ db: database.db, now: since }),
  });
  return {
    config,
    logger,
    database,
    db: database.db,
    events,
    dbHealth,
    siteSettings,
    pageCache,
    async close() {
      pageCache.close();
      siteSettings.close();
      dbHealth.close();
      await events.close();
      await database.close();
    },
  };
}

/** The router context a loader or action receives, for calling them directly in tests. */
export function createTestContext(
  services: Services,
  clientIp = `203.0.113.${Math.floor(Math.random() * 250) + 1}`,
) {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(requestContext, { nonce: "test", requestId: crypto.randomUUID(), clientIp });
  return context;
}
