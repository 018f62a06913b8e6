import type { AppEvent, EventBus } from "#app/server/platform/events.server.ts";
import type { Logger } from "#app/server/platform/logger.server.ts";

export type WakeLoop = {
  /** Run a round now rather than at the next poll; during a round, one more follows it. */
  wake(): void;
  /**
   * Stops polling and listening, then waits for the round in flight: at most `timeoutMs` when given (the round
   * goes on by itself after that), otherwise until it ends.
   */
  stop(timeoutMs?: number): Promise<void>;
};

/**
 * A background job of one app instance (the outbox worker, the notification scheduler): runs `round` every
 * `pollMs`, and at once when the database announces `wakeOn` (any instance's). One round at a time: a wake
 * during a round runs one more after it, and `round` answering true (there is more to do) runs the next one at
 * once. A failed round is logged as `failure` and the next poll tries again. With `start` false nothing runs
 * (tests run their rounds by hand).
 */
export function startWakeLoop({
  round,
  pollMs,
  events,
  wakeOn,
  logger,
  failure,
  start = true,
}: {
  /** One round; true to run another at once. */
  round: () => Promise<boolean>;
  pollMs: number;
  events?: Pick<EventBus, "subscribe">;
  wakeOn: AppEvent["type"];
  logger: Pick<Logger, "warn">;
  /** What the log says when a round fails. */
  failure: string;
  start?: boolean;
}): WakeLoop {
  let stopped = !start;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;
  let again = false;

  const wake = () => {
    if (stopped) return;
    if (current) {
      again = true;
      return;
    }
    clearTimeout(timer);
    current = (async () => {
      try {
        do {
          again = false;
          while ((await round()) && !stopped);
        } while (again && !stopped);
      } catch (error) {
        logger.warn({ err: error }, failure);
      } finally {
        current = undefined;
        if (!stopped) {
          timer = setTimeout(wake, pollMs);
          timer.unref();
        }
      }
    })();
  };

  const unsubscribe = stopped
    ? () => {}
    : (events?.subscribe((event) => {
        if (event.type === wakeOn) wake();
      }) ?? (() => {}));
  if (!stopped) queueMicrotask(wake);

  return {
    wake,
    async stop(timeoutMs) {
      stopped = true;
      clearTimeout(timer);
      unsubscribe();
      if (!current) return;
      if (timeoutMs === undefined) return current;
      let wait: NodeJS.Timeout | undefined;
      await Promise.race([
        current,
        new Promise<void>((resolve) => {
          wait = setTimeout(resolve, timeoutMs);
        }),
      ]);
      clearTimeout(wait);
    },
  };
}
