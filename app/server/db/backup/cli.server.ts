// For the command-line tools (scripts/backup.ts, restore.ts, import-pglite.ts).
import path from "node:path";

/**
 * A path the person typed: relative to the folder they ran the command in. npm runs scripts in the
 * package's folder and names the caller's folder in INIT_CWD.
 */
export function resolveUserPath(file: string): string {
  return path.resolve(process.env.INIT_CWD || process.cwd(), file);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

/** One line for a failed command: our own errors say it all; others get `what` in front. Never a stack. */
export function describeFailure(what: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const ours =
    error instanceof Error &&
    /^(BackupError|ConfigError|EmbeddedDatabaseError|ImportError)$/.test(error.name);
  return ours ? message : `${what}: ${message.split("\n")[0]}`;
}
