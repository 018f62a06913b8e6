import { describe, expect, it } from "vitest";
import type { AppEvent } from "#app/server/platform/events.server.ts";
import { startWakeLoop } from "#app/server/platform/wake-loop.server.ts";

// The poll interval is far beyond any test: every round here comes from a wake, an event or the start.
const NEVER = 24 * 60 * 60 * 1000;

/** A round the test finishes by hand, with what it answers (true: more to do). */
function rounds() {
  const started: { finish: (more?: boolean) => void; fail: (error: Error) => void }[] = [];
  const waiters: (() => void)[] = [];
  const round = () =>
    new Promise<boolean>((resolve, reject) => {
      started.push({ finish: (more = false) => resolve(more), fail: reject });
      for (const waiter of waiters.splice(0)) waiter();
    });
  /** Resolves once `count` rounds have started. */
  const untilStarted = async (count: number) => {
    while (started.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
  };
  return { round, started, untilStarted };
}

function bus() {
  const listeners = new Set<(event: AppEvent) => void>();
  return {
    subscribe(listener: (event: AppEvent) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit: (event: AppEvent) => {
      for (const listener of listeners) listener(event);
    },
    listeners,
  };
}

const quiet = { warn: () => {} };

/** A loop over `round` that only a wake, an event or the start runs, with `options` over the usual ones. */
const loopOf = (round: () => Promise<boolean>, options: Partial<Parameters<typeof startWakeLoop>[0]> = {}) =>
  startWakeLoop({ round, pollMs: NEVER, wakeOn: "outbox.queued", logger: quiet, failure: "x", ...options });

describe("startWakeLoop", () => {
  it("runs a round at start, and one round at a time: a wake during a round runs one more after it", async () => {
    const { round, started, untilStarted } = rounds();
    const loop = startWakeLoop({
      round,
      pollMs: NEVER,
      wakeOn: "outbox.queued",
      logger: quiet,
      failure: "x",
    });
    await untilStarted(1);
    loop.wake();
    loop.wake();
    expect(started).toHaveLength(1);
    started[0]!.finish();
    await untilStarted(2);
    started[1]!.finish();
    await loop.stop();
    expect(started).toHaveLength(2);
  });

  it("runs the next round at once while a round answers that there is more to do", async () => {
    const { round, started, untilStarted } = rounds();
    const loop = startWakeLoop({
      round,
      pollMs: NEVER,
      wakeOn: "outbox.queued",
      logger: quiet,
      failure: "x",
    });
    await untilStarted(1);
    started[0]!.finish(true);
    await untilStarted(2);
    started[1]!.finish(true);
    await untilStarted(3);
    started[2]!.finish(false);
    await loop.stop();
    expect(started).toHaveLength(3);
  });

  it("wakes on its own event only, and stops listening when stopped", async () => {
    const { round, started, untilStarted } = rounds();
    const events = bus();
    const loop = loopOf(round, { events, wakeOn: "notifications.due" });
    await untilStarted(1);
    started[0]!.finish();
    await new Promise((resolve) => setImmediate(resolve));
    events.emit({ type: "outbox.queued" });
    expect(started).toHaveLength(1);
    events.emit({ type: "notifications.due" });
    await untilStarted(2);
    started[1]!.finish();
    await loop.stop();
    expect(events.listeners.size).toBe(0);
    loop.wake();
    expect(started).toHaveLength(2);
  });

  it("logs a failed round and runs again on the next wake", async () => {
    const { round, started, untilStarted } = rounds();
    const warnings: string[] = [];
    const loop = loopOf(round, {
      logger: { warn: (_details: unknown, message?: string) => warnings.push(message ?? "") },
      failure: "The job could not reach the database",
    });
    await untilStarted(1);
    started[0]!.fail(new Error("connection refused"));
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings).toEqual(["The job could not reach the database"]);
    loop.wake();
    await untilStarted(2);
    started[1]!.finish();
    await loop.stop();
  });

  it("waits for the round in flight when stopped, or only as long as it is told", async () => {
    const { round, started, untilStarted } = rounds();
    const loop = startWakeLoop({
      round,
      pollMs: NEVER,
      wakeOn: "outbox.queued",
      logger: quiet,
      failure: "x",
    });
    await untilStarted(1);
    // The round never ends: a stop with a time limit returns anyway.
    await loop.stop(1);
    expect(started).toHaveLength(1);

    const second = rounds();
    const other = loopOf(second.round);
    await second.untilStarted(1);
    let stopped = false;
    const stopping = other.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    second.started[0]!.finish(true);
    await stopping;
    // A stopped loop runs no further round, even when the last one said there was more.
    expect(second.started).toHaveLength(1);
  });

  it("runs nothing when not started", async () => {
    const { round, started } = rounds();
    const events = bus();
    const loop = loopOf(round, { events, start: false });
    loop.wake();
    events.emit({ type: "outbox.queued" });
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toHaveLength(0);
    expect(events.listeners.size).toBe(0);
    await loop.stop();
  });
});
