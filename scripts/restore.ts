// `npm run restore FILE`: loads a backup made by `npm run backup` into an empty database (embedded or
// DATABASE_URL), all or nothing. See app/server/db/backup.server.ts.
import { parseArgs } from "node:util";
import {
  describeFailure,
  type RestoreSummary,
  readBackupHeader,
  resolveUserPath,
  restoreBackup,
} from "#app/server/db/backup.server.ts";
import { openConfiguredDatabase } from "#app/server/db/client.server.ts";
import { loadConfig } from "#app/server/platform/config.server.ts";

const USAGE = `Usage: npm run restore -- FILE

Loads a backup made by npm run backup into an empty database: the embedded one of DATA_DIR (a new
folder), or the database at DATABASE_URL. Either everything is loaded or nothing changes. A database
that already holds data is refused. It works while the site runs.`;

function parseCommand(argv: string[]): string {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { help: { type: "boolean", short: "h" } },
  });
  if (values.help || positionals.length !== 1) {
    console.error(USAGE);
    process.exit(2);
  }
  return resolveUserPath(positionals[0]!);
}

function report(file: string, summary: RestoreSummary) {
  const tables = summary.tables.map((t) => `${t.table} ${t.rows}`).join(", ");
  console.log(`Restored ${file}: ${summary.rows} rows in ${summary.tables.length} tables (${tables}).`);
  const { backup, now } = summary.migrations;
  console.log(
    backup === now
      ? `The database schema is at migration ${now}.`
      : `The backup's schema (migration ${backup}) was brought up to migration ${now}.`,
  );
}

let input: string;
try {
  input = parseCommand(process.argv.slice(2));
} catch (error) {
  console.error(`${(error as Error).message}\n\n${USAGE}`);
  process.exit(2);
}

try {
  // The file is checked before the database is opened: a wrong file never starts a server.
  const header = await readBackupHeader(input);
  console.log(`Restoring the backup of ${header.createdAt} (${header.tables.length} tables)...`);
  const database = await openConfiguredDatabase(loadConfig());
  try {
    report(input, await restoreBackup({ pool: database.pool, input }));
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(describeFailure("The restore failed", error));
  process.exit(1);
}
