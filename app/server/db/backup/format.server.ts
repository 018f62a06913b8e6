// The backup file's format (described in ../backup.server.ts): its header, markers and limits, the summaries,
// and the query function every part runs its statements through.
import type pg from "pg";
import { z } from "zod";

export const BACKUP_FORMAT = "unitrans-freight-backup";
export const BACKUP_FORMAT_VERSION = 1;
export const TABLES_LEFT_OUT: readonly string[] = [
  "sessions",
  "password_reset_tokens",
  "rate_limits",
  "outbox",
  "outbox_attachments",
  "notification_log",
  "shipment_imports",
  "customer_sessions",
  "one_time_codes",
  "shipment_detail_grants",
];
/** Throttling counters: rows in it do not make a database "not empty" for a restore. */
export const TABLES_IGNORED_WHEN_EMPTY = ["rate_limits"];
/** The advisory lock migrateDatabase takes (client.server.ts): a restore and a migration never overlap. */
export const MIGRATION_LOCK = 72707369;
/** The marker seed.server.ts writes once demo content was loaded; a restored site is never "new". */
export const DEMO_SEEDED_KEY = "demo_seeded";

export const ROWS_PER_FETCH = 500;
/** Rows holding media bytes can be megabytes each: a few per round trip keeps memory small. */
export const ROWS_PER_FETCH_WITH_BYTES = 4;
export const INSERT_BATCH_ROWS = 500;
export const INSERT_BATCH_BYTES = 8 * 1024 * 1024;
export const MAX_HEADER_BYTES = 1024 * 1024;
export const MAX_LINE_BYTES = 256 * 1024 * 1024;

/** A refusal or a damaged file, with a message for the person running the command (printed without a stack). */
export class BackupError extends Error {
  override name = "BackupError";
}

/** Runs one statement: a pg client or pool, or PGlite (the import reads the old engine through it). */
export type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export type TableCount = { table: string; rows: number };
export type BackupSummary = {
  file: string;
  tables: TableCount[];
  rows: number;
  /** Size of the compressed file. */
  bytes: number;
  leftOut: string[];
};
export type RestoreSummary = {
  tables: TableCount[];
  rows: number;
  migrations: { backup: number; now: number };
};

export type MigrationState = { count: number; lastCreatedAt: number | null; lastHash: string | null };

export const headerSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int().positive(),
  createdAt: z.string(),
  migrations: z.object({
    count: z.number().int().min(0),
    lastCreatedAt: z.number().nullable(),
    lastHash: z.string().nullable(),
  }),
  tables: z.array(z.string()),
  leftOut: z.array(z.string()),
});
export type Header = z.infer<typeof headerSchema>;

export const tableMarkerSchema = z.object({
  $table: z.string().min(1),
  columns: z.array(z.string().min(1)).min(1),
});
export const endMarkerSchema = z.object({
  $end: z.object({ rows: z.record(z.string(), z.number().int().min(0)) }),
});

export function queryWith(client: pg.Pool | pg.PoolClient): Query {
  return (text, params) => client.query(text, params);
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
