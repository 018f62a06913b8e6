import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { RouterContextProvider } from "react-router";
import { inject } from "vitest";
import { requestContext, servicesContext } from "#app/context.ts";
import {
  type Database,
  migrateDatabase,
  migrationsFolder,
  openDatabase,
} from "#app/server/db/client.server.ts";
import { loadConfig } from "#app/server/platform/config.server.ts";
import { createLogger, type Logger } from "#app/server/platform/logger.server.ts";
import { assembleServices, type OutboxOptions, type Services } from "#app/server/services.server.ts";
import { POSTGRES_TEMPLATE, withDatabase } from "./test-server.ts";

/** A fresh, empty database for one test file on the run's server (see global-setup.ts): migrated, or with no tables at all. */
export async function createTestDatabase({
  migrated = true,
}: {
  migrated?: boolean;
} = {}): Promise<Database> {
  const serverUrl = inject("testServerUrl");
  const name = `freight_test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${migrated ? ` template ${POSTGRES_TEMPLATE}` : ""}`);
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

/**
 * A fresh database migrated up to, not including, the migration `tag` (like '0009_shipment_notifications'): a
 * site as it was before an upgrade. The test then adds its old rows and runs `migrateDatabase(database)`.
 */
export async function createDatabaseBefore(tag: string): Promise<Database> {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"));
  const index = journal.entries.findIndex((entry: { tag: string }) => entry.tag === tag);
  if (index < 1) throw new Error(`No migration ${tag} after the first one.`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-before-"));
  try {
    fs.cpSync(migrationsFolder, dir, { recursive: true });
    const truncated = { ...journal, entries: journal.entries.slice(0, index) };
    fs.writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify(truncated));
    const database = await createTestDatabase({ migrated: false });
    await migrateDatabase(database, dir);
    return database;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Services as the app builds them, on a test database, with quiet logs. Expired rate limits are pruned
 * hourly unless `pruneRateLimitsEveryMs` says otherwise, so no test sees its rows go mid-way.
 */
export async function createTestServices(
  env: Record<string, string> = {},
  {
    pruneRateLimitsEveryMs = 60 * 60 * 1000,
    outbox,
    notifications = { autostart: false },
    mobileMoney = { autostart: false },
    logger = createLogger("silent"),
  }: {
    pruneRateLimitsEveryMs?: number;
    /**
     * The outbox worker's clock; `autostart: false` leaves its rounds to the test (runOnce, drain);
     * `providers` points SMS and WhatsApp at the fakes in tests/fakes/.
     */
    outbox?: OutboxOptions;
    /** The notification scheduler's clock; off by default in tests (they call runOnce). */
    notifications?: { now?: () => Date; pollMs?: number; autostart?: boolean };
    /** The mobile-money poller's clock; off by default in tests (they call runOnce). */
    mobileMoney?: { now?: () => Date; pollMs?: number; autostart?: boolean };
    /** Quiet unless a test reads the log (a logger writing to its own stream). */
    logger?: Logger;
  } = {},
): Promise<Services> {
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", SEED_DEMO: "false", ...env });
  const database = await createTestDatabase();
  return assembleServices({
    config,
    logger,
    database,
    health: { timeoutMs: 2000, intervalMs: 60_000 },
    pruneRateLimitsEveryMs,
    outbox,
    notifications,
    mobileMoney,
  });
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
