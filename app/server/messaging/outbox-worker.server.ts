import type { Db } from "#app/server/db/client.server.ts";
import type { ChannelAdapter, SendResult } from "#app/server/messaging/channel.server.ts";
import {
  claimMessages,
  expireMessages,
  findOptOut,
  LEASE_MS,
  listAttachments,
  type OutboxMessage,
  recordOptOut,
  recordSendResult,
} from "#app/server/messaging/outbox.server.ts";
import type { EventBus } from "#app/server/platform/events.server.ts";
import type { Logger } from "#app/server/platform/logger.server.ts";
import { startWakeLoop } from "#app/server/platform/wake-loop.server.ts";

export type OutboxRound = {
  claimed: number;
  sent: number;
  retried: number;
  failed: number;
  expired: number;
  /** Not sent: the recipient had opted out of the channel. */
  cancelled: number;
};

const emptyRound = (): OutboxRound => ({
  claimed: 0,
  sent: 0,
  retried: 0,
  failed: 0,
  expired: 0,
  cancelled: 0,
});

export type OutboxWorker = {
  /** One round: expire what is past its time, claim a batch, send it, record the answers. */
  runOnce(): Promise<OutboxRound>;
  /** Rounds until nothing is due (tests; the background loop does the same on its own). */
  drain(): Promise<OutboxRound>;
  /** Look now rather than at the next poll (also done on every 'outbox.queued' notification). */
  wake(): void;
  /**
   * Stops polling and waits (at most `timeoutMs`) for the sends in flight; a send still running after that
   * keeps its claim until the lease lapses, then another worker retries it.
   */
  stop(timeoutMs?: number): Promise<void>;
};

/**
 * The outbox worker of one app instance: polls every `pollMs`, wakes at once when the database announces a
 * new message (any instance's), and keeps going while full batches come back. Every channel goes through the
 * same adapter contract (channel.server.ts): e-mail through SMTP, SMS and WhatsApp through their provider
 * (provider-config.server.ts); a message to a number that opted out of its channel is cancelled unsent, and
 * a send the provider refused because the recipient unsubscribed records that opt-out. Several workers, in one
 * process or many, share the outbox safely (claims skip each other's locked rows). `now` is the clock every
 * decision uses (due, backoff, expiry, lease); tests pass their own and call runOnce/drain.
 */
export function createOutboxWorker({
  db,
  adapters,
  logger,
  events,
  now = () => new Date(),
  pollMs = 5000,
  batchSize = 10,
  leaseMs = LEASE_MS,
  autostart = true,
}: {
  db: Db;
  adapters: ChannelAdapter[];
  logger: Pick<Logger, "info" | "warn" | "error">;
  events?: Pick<EventBus, "subscribe">;
  now?: () => Date;
  pollMs?: number;
  batchSize?: number;
  leaseMs?: number;
  /** False: no background loop; the caller runs rounds (tests). */
  autostart?: boolean;
}): OutboxWorker {
  const byChannel = new Map(adapters.map((adapter) => [adapter.channel, adapter]));
  const channels = [...byChannel.keys()];

  const sendOne = async (
    message: OutboxMessage,
  ): Promise<SendResult | { kind: "cancelled"; reason: string }> => {
    const adapter = byChannel.get(message.channel);
    if (!adapter) return { kind: "transient", reason: `No adapter for channel ${message.channel}` };
    const optedOut = await findOptOut({ db, channel: message.channel, address: message.to });
    if (optedOut) return { kind: "cancelled", reason: optedOut };
    let result: SendResult;
    try {
      const attachments =
        message.channel === "email" ? await listAttachments({ db, outboxId: message.id }) : [];
      result = await adapter.send(attachments.length > 0 ? { ...message, attachments } : message);
    } catch (error) {
      return { kind: "transient", reason: error instanceof Error ? error.message : String(error) };
    }
    if (result.kind === "permanent" && result.optOut && message.channel !== "email") {
      await recordOptOut({
        db,
        channel: message.channel,
        address: message.to,
        source: "provider",
        now: now(),
      });
    }
    return result;
  };

  const runOnce = async (): Promise<OutboxRound> => {
    const round = emptyRound();
    if (channels.length === 0) return round;
    round.expired = await expireMessages({ db, now: now() });
    const claimed = await claimMessages({ db, channels, now: now(), limit: batchSize, leaseMs });
    round.claimed = claimed.length;
    await Promise.all(
      claimed.map(async (message) => {
        const result = await sendOne(message);
        const { recorded, status } = await recordSendResult({ db, message, result, now: now() });
        const log = { outboxId: message.id, messageId: message.messageId, attempt: message.attempts };
        if (!recorded) {
          logger.warn(log, "An outbox claim lapsed before its send finished; another worker took it over");
          return;
        }
        if (status === "sent") round.sent++;
        else if (status === "cancelled") {
          round.cancelled++;
          logger.info(
            { ...log, channel: message.channel },
            "A message was not sent: its recipient opted out",
          );
        } else if (status === "queued") {
          round.retried++;
          logger.warn({ ...log, error: errorOf(result) }, "Sending a message failed; it will be retried");
        } else {
          round.failed++;
          logger.error({ ...log, to: message.to, error: errorOf(result) }, "Gave up sending a message");
        }
      }),
    );
    return round;
  };

  const drain = async (): Promise<OutboxRound> => {
    const total = emptyRound();
    for (;;) {
      const round = await runOnce();
      for (const key of Object.keys(total) as (keyof OutboxRound)[]) total[key] += round[key];
      if (round.claimed === 0) return total;
    }
  };

  const loop = startWakeLoop({
    round: async () => (await runOnce()).claimed === batchSize,
    pollMs,
    events,
    wakeOn: "outbox.queued",
    logger,
    failure: "The outbox worker could not reach the database; it tries again shortly",
    start: autostart && channels.length > 0,
  });

  return {
    runOnce,
    drain,
    wake: loop.wake,
    async stop(timeoutMs = 10_000) {
      await loop.stop(timeoutMs);
      await Promise.all(adapters.map(async (adapter) => adapter.close?.()));
    },
  };
}

function errorOf(result: SendResult | { kind: "cancelled"; reason: string }): string | undefined {
  return result.kind === "accepted" ? undefined : result.reason;
}
