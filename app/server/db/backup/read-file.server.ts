// Reading a backup file: its lines (each checked for length) and its header.
import fs from "node:fs";
import zlib from "node:zlib";
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  type Header,
  headerSchema,
  MAX_HEADER_BYTES,
  MAX_LINE_BYTES,
} from "#app/server/db/backup/format.server.ts";

/** Splits a byte stream into UTF-8 lines; a line longer than its limit means the input is not ours. */
async function* splitLines(chunks: AsyncIterable<Buffer>, label: string): AsyncGenerator<string> {
  let parts: Buffer[] = [];
  let pending = 0;
  let index = 0;
  for await (const chunk of chunks) {
    let start = 0;
    for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
      parts.push(chunk.subarray(start, newline));
      yield Buffer.concat(parts).toString("utf8");
      parts = [];
      pending = 0;
      index += 1;
      start = newline + 1;
    }
    if (start < chunk.length) {
      parts.push(chunk.subarray(start));
      pending += chunk.length - start;
      if (pending > (index === 0 ? MAX_HEADER_BYTES : MAX_LINE_BYTES)) {
        throw new BackupError(`${label} is not a backup file made by npm run backup.`);
      }
    }
  }
  if (pending > 0) yield Buffer.concat(parts).toString("utf8");
}

function describeReadError(error: unknown, label: string): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "Z_DATA_ERROR") {
    return new BackupError(`${label} is not a backup file made by npm run backup (it is not gzip data).`);
  }
  if (code === "Z_BUF_ERROR") {
    return new BackupError(`${label} is incomplete: the file ends early (cut short or damaged).`);
  }
  if (code === "EISDIR") return new BackupError(`${label} is a folder, not a backup file.`);
  if (code === "EACCES") return new BackupError(`${label} cannot be read (permission denied).`);
  return error;
}

/** The lines of a backup file, decompressed as they are read. */
export async function* readBackupFileLines(file: string): AsyncGenerator<string> {
  if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist.`);
  const input = fs.createReadStream(file);
  const gunzip = zlib.createGunzip();
  input.on("error", (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  try {
    yield* splitLines(gunzip, file);
  } catch (error) {
    throw describeReadError(error, file);
  } finally {
    input.destroy();
    gunzip.destroy();
  }
}

export function parseHeader(line: string | undefined, label: string): Header {
  let value: unknown;
  try {
    value = JSON.parse(line ?? "");
  } catch {
    throw new BackupError(`${label} is not a backup file made by npm run backup.`);
  }
  const format = (value as { format?: unknown } | null)?.format;
  const version = (value as { formatVersion?: unknown } | null)?.formatVersion;
  if (format === BACKUP_FORMAT && typeof version === "number" && version > BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      `${label} was written by a newer release (backup format ${version}); restore it with that release.`,
    );
  }
  const parsed = headerSchema.safeParse(value);
  if (!parsed.success) throw new BackupError(`${label} is not a backup file made by npm run backup.`);
  return parsed.data;
}

/** The first line of a backup file: what it holds and which schema it was made with. */
export async function readBackupHeader(file: string): Promise<Header> {
  const lines = readBackupFileLines(file);
  try {
    const first = await lines.next();
    return parseHeader(first.done ? undefined : first.value, file);
  } finally {
    await lines.return(undefined);
  }
}
