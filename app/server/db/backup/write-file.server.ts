// Writing a backup file: gzip-compressed lines, synced and published under its name only when complete.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import type pg from "pg";
import {
  BackupError,
  type BackupSummary,
  endMarkerSchema,
  headerSchema,
  queryWith,
} from "#app/server/db/backup/format.server.ts";
import { streamBackupLines } from "#app/server/db/backup/read-database.server.ts";

/** The default file name: backup-YYYYMMDD-HHMMSS.ndjson.gz (UTC). */
export function nameBackupFile(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, "")
    .replaceAll("-", "")
    .replaceAll(":", "");
  return `backup-${stamp.replace("T", "-")}.ndjson.gz`;
}

type Tally = { leftOut: string[]; rows?: Record<string, number> };

/** Notes what the first and the last line say as the lines go by, and ends each line. */
async function* tallyLines(lines: AsyncIterable<string>, tally: Tally) {
  let first = true;
  for await (const line of lines) {
    if (first) tally.leftOut = headerSchema.parse(JSON.parse(line)).leftOut;
    else if (line.startsWith('{"$end"')) tally.rows = endMarkerSchema.parse(JSON.parse(line)).$end.rows;
    first = false;
    yield `${line}\n`;
  }
}

function syncFile(file: string) {
  const fd = fs.openSync(file, "r");
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Puts the finished file in place under its name, never over an existing file. */
function publishFile(temp: string, file: string, label: string) {
  try {
    fs.linkSync(temp, file);
    fs.rmSync(temp, { force: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST")
      throw new BackupError(`${label} already exists; a backup never overwrites a file.`);
    // A file system without hard links: rename (the name was checked to be free at the start).
    fs.renameSync(temp, file);
  }
}

/**
 * Writes a backup of the database to `output` (gzip-compressed NDJSON, mode 0600). It is written under a
 * temporary name and renamed when complete, so a failed backup never leaves a file that looks whole.
 */
export async function writeBackup({
  pool,
  output,
  now = new Date(),
}: {
  pool: pg.Pool;
  output: string;
  now?: Date;
}): Promise<BackupSummary> {
  const file = path.resolve(output);
  if (fs.existsSync(file))
    throw new BackupError(`${output} already exists; a backup never overwrites a file.`);
  if (!fs.existsSync(path.dirname(file)))
    throw new BackupError(`The folder ${path.dirname(file)} does not exist.`);
  const temp = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${crypto.randomBytes(4).toString("hex")}.partial`,
  );
  const tally: Tally = { leftOut: [] };
  const client = await pool.connect();
  let failed = false;
  try {
    const lines = tallyLines(streamBackupLines({ query: queryWith(client), now }), tally);
    await pipeline(
      // Read ahead by bytes, not by lines: a line holding an image can be megabytes.
      Readable.from(lines, { objectMode: false, highWaterMark: 1024 * 1024 }),
      zlib.createGzip(),
      fs.createWriteStream(temp, { flags: "wx", mode: 0o600 }),
    );
    syncFile(temp);
    publishFile(temp, file, output);
  } catch (error) {
    failed = true;
    fs.rmSync(temp, { force: true });
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EACCES" || code === "ENOSPC" || code === "EROFS" || code === "EPERM") {
      throw new BackupError(`Could not write ${output}: ${(error as Error).message}`);
    }
    throw error;
  } finally {
    client.release(failed);
  }
  const tables = Object.entries(tally.rows ?? {}).map(([table, rows]) => ({ table, rows }));
  return {
    file,
    tables,
    rows: tables.reduce((sum, t) => sum + t.rows, 0),
    bytes: fs.statSync(file).size,
    leftOut: tally.leftOut,
  };
}
