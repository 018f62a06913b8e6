// `npm run seed`: adds the demo posts and shipments that are missing. Running it twice adds nothing twice.
import { loadConfig } from "../app/server/config.server.ts";
import { migrateDatabase, openDatabase } from "../app/server/db/client.server.ts";
import { seedDemoContent } from "../app/server/seed.server.ts";

try {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : config.DATA_DIR,
    timeoutMs: config.DATABASE_TIMEOUT_MS,
  });
  try {
    await migrateDatabase(database);
    const { postsAdded, shipmentsAdded } = await seedDemoContent({ db: database.db });
    console.log(`Demo content: ${postsAdded} blog posts and ${shipmentsAdded} shipments added.`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof Error && /Config|Locked/.test(error.name) ? error.message : error);
  process.exit(1);
}
