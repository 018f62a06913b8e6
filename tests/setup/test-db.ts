import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { RouterContextProvider } from "react-router";
import { requestContext, servicesContext } from "../../app/context.ts";
import { loadConfig } from "../../app/server/config.server.ts";
import { type Database, openDatabase } from "../../app/server/db/client.server.ts";
import { watchDatabaseHealth } from "../../app/server/db/health.server.ts";
import { startEventBus } from "../../app/server/events.server.ts";
import { createLogger } from "../../app/server/logger.server.ts";
import type { Services } from "../../app/server/services.server.ts";
import { findNextPublicationTime } from "../../app/server/blog-posts.server.ts";
import { createPageCache } from "../../app/server/page-cache.server.ts";
import { createSiteSettingsCache } from "../../app/server/settings.server.ts";

export const PGLITE_SNAPSHOT = path.resolve(".tmp/test/pglite-snapshot.tar");
export const POSTGRES_TEMPLATE = "freight_test_template";

/** "postgres" when the run targets a PostgreSQL server (TEST_DB=postgres with TEST_DATABASE_URL), else "pglite". */
export function testDatabaseKind(): "pglite" | "postgres" {
  if (process.env.TEST_DB === "postgres") {
    if (!process.env.TEST_DATABASE_URL) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
    return "postgres";
  }
  return "pglite";
}

/** A fresh, migrated, empty database for one test file. */
export async function createTestDatabase(): Promise<Database> {
  if (testDatabaseKind() === "pglite") {
    const snapshot = new Blob([fs.readFileSync(PGLITE_SNAPSHOT)]);
    return openDatabase({ loadDataDir: snapshot });
  }
  const url = new URL(process.env.TEST_DATABASE_URL!);
  const name = `freight_test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url.href });
  await admin.connect();
  await admin.query(`create database ${name} template ${POSTGRES_TEMPLATE}`);
  await admin.end();
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.href });
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
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
  const events = await startEventBus({ database, databaseUrl: database.url, logger });
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
