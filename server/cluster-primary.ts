// The primary process of a cluster (WEB_CONCURRENCY > 1, decision 022). It serves nothing itself: it
// prepares the database once (starts or joins the embedded server, migrates, seeds), forks the workers
// (server.ts again, in cluster mode: they share the port and join the same database), keeps one of them
// running the background jobs, replaces a worker that dies (with a backoff, so a crash loop does not spin),
// replaces them all one at a time on SIGUSR2, and on SIGTERM/SIGINT lets them finish their requests before
// it releases the database (the last process out stops the embedded server).
//
// It takes the app's configuration and database functions from the server build that server.ts loaded, not
// from the sources: type-stripping the sources' modules costs ~70 MB more memory (PSS) than the build.
import cluster, { type Worker } from "node:cluster";
import type { Database } from "#app/server/db/client.server.ts";
import type { Logger } from "#app/server/platform/logger.server.ts";

type AppModule = Pick<
  typeof import("./app.ts"),
  | "ConfigError"
  | "EmbeddedDatabaseError"
  | "configWarnings"
  | "createLogger"
  | "loadConfig"
  | "prepareDatabase"
>;

/** The signal that replaces the workers one at a time (SIGHUP is what a closing terminal sends). */
export const ROLLING_RESTART_SIGNAL = "SIGUSR2";
/** The message that tells a worker forked during the primary's start that the database is prepared. */
export const DATABASE_READY = "freight:database-ready";
/** What the primary tells a worker it forks, in its environment (read by server.ts). */
export const WORKER_ENV = {
  /** "1": this worker runs the background jobs. */
  jobs: "FREIGHT_WORKER_JOBS",
  /** "1": forked before the database was prepared, the worker waits for DATABASE_READY. */
  waitForDatabase: "FREIGHT_WAIT_FOR_DATABASE",
} as const;
/** Crashes within this window count towards the backoff before the next replacement. */
const CRASH_WINDOW_MS = 60_000;
const MAX_BACKOFF_MS = 30_000;

type Slot = { worker: Worker; jobs: boolean; listening: boolean; retiring: boolean };

/**
 * Runs the primary until it is stopped (then it exits the process). Returns false, having done nothing,
 * when the configuration asks for one process after all: the caller then runs the single-process path.
 */
export async function runPrimary({
  ConfigError,
  EmbeddedDatabaseError,
  configWarnings,
  createLogger,
  loadConfig,
  prepareDatabase,
}: AppModule): Promise<boolean> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
  if (config.WEB_CONCURRENCY === 1) return false;
  const logger = createLogger(config.LOG_LEVEL).child({ primary: true, pid: process.pid });
  for (const warning of configWarnings(config)) logger.warn(warning);

  // The workers are forked first: loading the server build takes them longer than the database's start and
  // migrations take the primary, so both happen at once. They wait for DATABASE_READY before joining it.
  let database: Database | undefined;
  const supervisor = superviseWorkers({
    count: config.WEB_CONCURRENCY,
    logger,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    port: config.PORT,
    onStopped: async (code) => {
      await database?.close().catch((error) => logger.error({ err: error }, "Closing the database failed"));
      logger.info("Stopped");
      process.exit(code);
    },
  });
  const started = performance.now();
  try {
    database = await prepareDatabase({ config, logger });
  } catch (error) {
    console.error(error instanceof EmbeddedDatabaseError ? error.message : error);
    supervisor.abort();
    process.exit(1);
  }
  logger.info(
    { database: database.kind, ms: Math.round(performance.now() - started) },
    `Database ready for ${config.WEB_CONCURRENCY} workers`,
  );
  supervisor.databaseReady();
  return true;
}

function superviseWorkers({
  count,
  logger,
  shutdownTimeoutMs,
  port,
  onStopped,
}: {
  count: number;
  logger: Logger;
  shutdownTimeoutMs: number;
  port: number;
  onStopped: (code: number) => Promise<void>;
}) {
  const slots = new Map<number, Slot>();
  let ready = false;
  const crashes: number[] = [];
  const pending = new Set<NodeJS.Timeout>();
  let everListening = false;
  let stopping = false;
  let rolling = false;

  const fork = (jobs: boolean): Slot => {
    const worker = cluster.fork({
      [WORKER_ENV.jobs]: jobs ? "1" : "0",
      [WORKER_ENV.waitForDatabase]: ready ? "0" : "1",
    });
    const slot: Slot = { worker, jobs, listening: false, retiring: false };
    slots.set(worker.id, slot);
    worker.once("listening", (address) => {
      slot.listening = true;
      if (!everListening) {
        everListening = true;
        logger.info(
          { port: address.port || port, workers: count },
          `Listening on http://localhost:${address.port || port} with ${count} workers`,
        );
      }
    });
    return slot;
  };

  /** Resolves once the worker listens; rejects if it exits first (it could not start). */
  const listening = (slot: Slot) =>
    new Promise<void>((resolve, reject) => {
      if (slot.listening) return resolve();
      const onExit = () => reject(new Error(`worker ${slot.worker.id} exited during its start`));
      slot.worker.once("exit", onExit);
      slot.worker.once("listening", () => {
        slot.worker.off("exit", onExit);
        resolve();
      });
    });

  /** Asks a worker to finish its requests and exit (SIGTERM: server.ts's shutdown); kills it after the timeout. */
  const retire = (slot: Slot) =>
    new Promise<void>((resolve) => {
      slot.retiring = true;
      if (slot.worker.isDead()) return resolve();
      const force = setTimeout(() => {
        logger.warn({ worker: slot.worker.id }, "A worker did not stop in time; killing it");
        slot.worker.process.kill("SIGKILL");
      }, shutdownTimeoutMs + 5000);
      slot.worker.once("exit", () => {
        clearTimeout(force);
        resolve();
      });
      slot.worker.process.kill("SIGTERM");
    });

  cluster.on("exit", (worker, code, signal) => {
    const slot = slots.get(worker.id);
    slots.delete(worker.id);
    if (!slot || slot.retiring || stopping) return;
    if (!everListening) {
      // Not one worker came up: the start failed (its message is above), as it would for one process.
      logger.error({ code, signal }, "A worker stopped during the start; stopping");
      void shutdown("start failed", 1);
      return;
    }
    const now = Date.now();
    crashes.push(now);
    while (crashes.length > 0 && now - crashes[0]! > CRASH_WINDOW_MS) crashes.shift();
    const delay = crashes.length <= 1 ? 0 : Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (crashes.length - 2));
    logger.error(
      { worker: worker.id, workerPid: worker.process.pid, code, signal, restartInMs: delay, jobs: slot.jobs },
      "A worker stopped unexpectedly; starting another",
    );
    const timer = setTimeout(() => {
      pending.delete(timer);
      if (!stopping) fork(slot.jobs);
    }, delay);
    pending.add(timer);
  });

  /**
   * Replaces every worker, one at a time: a new one listens before the old one is retired, so requests
   * always find a worker. The jobs worker is the exception: it is retired first and its successor starts
   * the jobs, so two sets never run at once (the other workers serve meanwhile). A successor that cannot
   * start ends the round and the remaining workers keep serving; the failed one is replaced with a backoff.
   */
  const rollingRestart = async () => {
    if (rolling || stopping) return;
    rolling = true;
    const old = [...slots.values()].filter((slot) => !slot.retiring);
    logger.info({ workers: old.length }, "Rolling restart: replacing the workers one at a time");
    try {
      for (const slot of old) {
        if (stopping) break;
        if (!slots.has(slot.worker.id)) continue; // died meanwhile and was replaced
        if (slot.jobs) {
          await retire(slot);
          if (stopping) break;
          await listening(fork(true));
        } else {
          const fresh = fork(false);
          await listening(fresh);
          await retire(slot);
        }
      }
      logger.info("Rolling restart done");
    } catch (error) {
      logger.error({ err: error }, "Rolling restart stopped: a new worker could not start");
    } finally {
      rolling = false;
    }
  };

  const shutdown = async (reason: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    for (const timer of pending) clearTimeout(timer);
    logger.info({ signal: reason }, "Shutting down: the workers finish their requests");
    await Promise.all([...slots.values()].map(retire));
    await onStopped(code);
  };

  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on(ROLLING_RESTART_SIGNAL, () => void rollingRestart());

  for (let i = 0; i < count; i++) fork(i === 0);
  return {
    /** Tells the waiting workers that the database is prepared; later forks do not wait. */
    databaseReady() {
      ready = true;
      for (const slot of slots.values()) slot.worker.send(DATABASE_READY);
    },
    /** The database could not be prepared: the workers (still waiting) are ended. */
    abort() {
      stopping = true;
      for (const slot of slots.values()) slot.worker.process.kill("SIGKILL");
    },
  };
}
