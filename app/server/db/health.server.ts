import type { Logger } from "../logger.server.ts";
import { type Database, pingDatabase } from "./client.server.ts";

export type DatabaseHealth = {
  /** The last known state; false while a PostgreSQL server is unreachable. */
  isUp(): boolean;
  /** Pings now (at most once per call burst) and returns the fresh state. */
  check(): Promise<boolean>;
  close(): void;
};

/**
 * Watches a PostgreSQL server so requests fail fast with 503 while it is down and the app recovers by
 * itself when it is back. The embedded database lives in the process and is always up.
 */
export function watchDatabaseHealth({
  database,
  logger,
  intervalMs = 1000,
  timeoutMs,
}: {
  database: Database;
  logger: Logger;
  intervalMs?: number;
  timeoutMs: number;
}): DatabaseHealth {
  if (database.kind === "pglite") {
    return { isUp: () => true, check: async () => true, close() {} };
  }
  let up = true;
  let inFlight: Promise<boolean> | null = null;
  const check = () => {
    inFlight ??= (async () => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          pingDatabase(database.db),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error("ping timed out")), timeoutMs);
          }),
        ]);
        if (!up) logger.info("The database is reachable again");
        up = true;
      } catch (error) {
        if (up) logger.error({ err: error }, "The database is unreachable; answering 503 until it is back");
        up = false;
      } finally {
        clearTimeout(timer);
        inFlight = null;
      }
      return up;
    })();
    return inFlight;
  };
  const timer = setInterval(() => void check(), intervalMs);
  timer.unref();
  return { isUp: () => up, check, close: () => clearInterval(timer) };
}
