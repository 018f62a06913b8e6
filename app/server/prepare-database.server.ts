// What a start does to the database before anything serves: open it (start or join the embedded server),
// migrate, load the demo content into a new one, create the first staff account. The single app process
// does it in startServices; with WEB_CONCURRENCY > 1 the primary does it once, before it forks the workers
// (server/cluster-primary.ts), and imports nothing else of the app.

import { type Database, migrateDatabase, openConfiguredDatabase } from "#app/server/db/client.server.ts";
import type { Config } from "#app/server/platform/config.server.ts";
import type { Logger } from "#app/server/platform/logger.server.ts";
import { seedOnFirstStart } from "#app/server/seed.server.ts";
import { ensureFirstAdmin } from "#app/server/staff/staff-accounts.server.ts";

/** Opens, migrates and fills the configured database; closes it again when a step fails. */
export async function prepareDatabase({
  config,
  logger,
}: {
  config: Config;
  logger: Logger;
}): Promise<Database> {
  const database = await openConfiguredDatabase(config, logger);
  try {
    await migrateDatabase(database);
    if (config.SEED_DEMO) {
      const seeded = await seedOnFirstStart({ db: database.db });
      if (seeded) logger.info("Loaded the demo content into a new database (SEED_DEMO=false turns this off)");
    }
    await ensureFirstAdmin({ db: database.db, config, logger });
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  return database;
}
