// `npm run backup [FILE]`: writes one consistent, gzip-compressed backup of the database (embedded or
// DATABASE_URL) while the site runs. See app/server/db/backup.server.ts for what it holds.
import path from "node:path";
import { parseArgs } from "node:util";
import {
  type BackupSummary,
  describeFailure,
  formatBytes,
  nameBackupFile,
  resolveUserPath,
  writeBackup,
} from "#app/server/db/backup.server.ts";
import { openConfiguredDatabase } from "#app/server/db/client.server.ts";
import { loadConfig } from "#app/server/platform/config.server.ts";

const USAGE = `Usage: npm run backup [-- FILE]

Writes a backup of the whole site (shipments, parties, inboxes, posts, media, settings, staff
accounts) to FILE, by default backup-YYYYMMDD-HHMMSS.ndjson.gz (UTC) in the current folder. Sessions, password-reset links, rate-limit counters and the outbox (with its notification log) are left out.
It works while the site runs. Load it with: npm run restore FILE`;

function parseCommand(argv: string[]): string {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { help: { type: "boolean", short: "h" } },
  });
  if (values.help || positionals.length > 1) {
    console.error(USAGE);
    process.exit(2);
  }
  return resolveUserPath(positionals[0] ?? nameBackupFile());
}

function report(summary: BackupSummary) {
  const tables = summary.tables.map((t) => `${t.table} ${t.rows}`).join(", ");
  console.log(
    `Wrote ${path.relative(resolveUserPath("."), summary.file) || summary.file} (${formatBytes(summary.bytes)}): ` +
      `${summary.rows} rows in ${summary.tables.length} tables (${tables}).`,
  );
  if (summary.leftOut.length > 0) console.log(`Left out by design: ${summary.leftOut.join(", ")}.`);
}

let output: string;
try {
  output = parseCommand(process.argv.slice(2));
} catch (error) {
  console.error(`${(error as Error).message}\n\n${USAGE}`);
  process.exit(2);
}

try {
  const database = await openConfiguredDatabase(loadConfig());
  try {
    report(await writeBackup({ pool: database.pool, output }));
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(describeFailure("The backup failed", error));
  process.exit(1);
}
