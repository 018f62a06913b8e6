import { type Database, pingDatabase } from "#app/server/db/client.server.ts";
import type { Logger } from "#app/server/platform/logger.server.ts";

export type DatabaseHealth = {
  /** The last known state; false while the database server is unreachable. */
  isUp(): boolean;
  /** Why the embedded server is down and not being restarted (a crash loop, a full disk), if so. */
  failure(): string | undefined;
  /** Pings now (at most once per call burst) and returns the fresh state. */
  check(): Promise<boolean>;
  close(): void;
};

/**
 * Watches the database server so requests fail fast with 503 while it is down and the app recovers by
 * itself when it is back. The embedded server is started again when it died (see `recover`).
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
        if (database.embedded && (await database.embedded.recover())) {
          up = await pingDatabase(database.db).then(
            () => true,
            () => false,
          );
          if (up) logger.info("The embedded database server was restarted and answers again");
        }
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
  return {
    isUp: () => up,
    failure: () => database.embedded?.failure(),
    check,
    close: () => clearInterval(timer),
  };
}
