// `npm run db:import-pglite`: copies the database of the earlier embedded engine (PGlite) in DATA_DIR into
// the embedded PostgreSQL server, keeping the old files untouched until the copy has committed. See
// app/server/db/import-pglite.server.ts.

import { describeFailure } from "#app/server/db/backup.server.ts";
import { importPglite } from "#app/server/db/import-pglite.server.ts";
import { loadConfig } from "#app/server/platform/config.server.ts";

const USAGE = `Usage: npm run db:import-pglite

Copies the PGlite database of DATA_DIR (the embedded database of earlier releases), media included,
into the embedded PostgreSQL server of the same folder. Stop the site first. The old files are moved
to DATA_DIR/pglite-old/ once the copy has committed; an interrupted import can be run again.`;

if (process.argv.length > 2) {
  console.error(USAGE);
  process.exit(process.argv.includes("--help") || process.argv.includes("-h") ? 0 : 2);
}

try {
  const config = loadConfig();
  if (config.DATABASE_URL) {
    console.log(
      "DATABASE_URL is set: the site uses that server, not an embedded database. The import fills the embedded " +
        "server of DATA_DIR; to move the data to DATABASE_URL, import, then npm run backup with DATABASE_URL " +
        "unset and npm run restore with it set.",
    );
  }
  const result = await importPglite({ dataDir: config.DATA_DIR, log: (message) => console.log(message) });
  if (result.status === "nothing") {
    console.log(result.message);
  } else if (result.status === "finished") {
    console.log(
      `The import had already committed; the PGlite files are now in ${result.oldFilesDir}. ` +
        "Delete that folder once the site works.",
    );
  } else {
    const { summary } = result;
    const tables = summary.tables.map((t) => `${t.table} ${t.rows}`).join(", ");
    console.log(`Imported ${summary.rows} rows in ${summary.tables.length} tables (${tables}).`);
    console.log(
      `The site now runs on PostgreSQL; start it as usual. The old PGlite files are in ${result.oldFilesDir}: ` +
        "delete that folder once the site works.",
    );
  }
} catch (error) {
  console.error(describeFailure("The import failed", error));
  process.exit(1);
}
