// Backups of the app's database (`npm run backup`, `npm run restore`), and the row format the PGlite import
// (import-pglite.server.ts) streams through the same restorer.
//
// Why our own format rather than pg_dump: the embedded server comes from npm packages that carry
// `postgres` and `initdb` but no `pg_dump`, and the pg_dump Debian ships (15) refuses to dump a
// PostgreSQL 18 server. So the app writes its backups itself, over an ordinary connection: the same code
// works on the embedded server and on DATABASE_URL (PostgreSQL 15 or later), while the site runs, and
// needs no other program. It reads every table inside one REPEATABLE READ READ ONLY transaction (one
// consistent snapshot), row by row through a cursor, and writes gzip-compressed NDJSON, so memory stays
// flat however large the media library is.
//
// Restore takes an empty database only. In one transaction it migrates it to the file's schema (the
// file names its migration count; drizzle's own migration files and bookkeeping), loads every table in
// foreign-key order and resets sequences; a refused or damaged file changes nothing, not even the schema.
// Then this release's later migrations run. A restored site is marked as seeded ("demo_seeded"), so
// SEED_DEMO never adds demo content to it.
//
// The file (gzip-compressed, one JSON value per line):
//   {"format":"unitrans-freight-backup","formatVersion":1,"createdAt":…,"migrations":{count,lastCreatedAt,
//     lastHash},"tables":[… in foreign-key order],"leftOut":[…]}
//   {"$table":"shippers","columns":["id","name",…]}
//   {"id": "…", "name": "…", …}            one line per row: PostgreSQL's to_jsonb(row), bytea as "\\x…" hex,
//   …                                      timestamps with microseconds, numerics exact
//   {"$end":{"rows":{"shippers":3,…}}}     a file without this last line is incomplete and refused
//
// Left out of backups (TABLES_LEFT_OUT): sessions, password-reset tokens and rate-limit counters, which
// are short-lived and, for the first two, sign-in secrets; and the outbox, whose only messages are
// password-reset e-mails carrying a live reset link: a backup copied off the server must not hold one;
// with it the notification log, whose rows point at outbox messages (the shipments' recipients, pauses,
// pending notifications and unsubscribes are kept: a restored site never messages an address that left), and
// the outbox's attachments (a quote's PDF) with their messages; and the spreadsheets uploaded to import shipments
// (shipment_imports, decision 020), which live a day and may be 10 MB each.
//
// The parts, one module each in backup/: format (the header, markers, limits and summaries), read-database
// (tables in foreign-key order, rows as lines), write-file, read-file, restore, and cli (the command-line tools'
// helpers). This module is what the rest of the app and the scripts import.

export { describeFailure, formatBytes, resolveUserPath } from "#app/server/db/backup/cli.server.ts";
export {
  BackupError,
  type BackupSummary,
  type Query,
  queryWith,
  type RestoreSummary,
  TABLES_LEFT_OUT,
} from "#app/server/db/backup/format.server.ts";
export { streamBackupLines } from "#app/server/db/backup/read-database.server.ts";
export { readBackupHeader } from "#app/server/db/backup/read-file.server.ts";
export { loadBackupLines, restoreBackup } from "#app/server/db/backup/restore.server.ts";
export { nameBackupFile, writeBackup } from "#app/server/db/backup/write-file.server.ts";
