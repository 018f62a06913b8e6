// `npm run seed`: adds the demo posts and shipments that are missing. Running it twice adds nothing twice.

import { migrateDatabase, openConfiguredDatabase } from "#app/server/db/client.server.ts";
import { loadConfig } from "#app/server/platform/config.server.ts";
import { seedDemoContent } from "#app/server/seed.server.ts";

try {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    await migrateDatabase(database);
    const { postsAdded, shipmentsAdded } = await seedDemoContent({ db: database.db });
    console.log(`Demo content: ${postsAdded} blog posts and ${shipmentsAdded} shipments added.`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(
    error instanceof Error && /^(ConfigError|EmbeddedDatabaseError)$/.test(error.name)
      ? error.message
      : error,
  );
  process.exit(1);
}
