import pg from "pg";
import { z } from "zod";
import type { Database } from "#app/server/db/client.server.ts";
import type { Logger } from "#app/server/platform/logger.server.ts";

/** Announced by the database (trigger in drizzle/0002) on every new quote request or contact message. */
const inboxEventSchema = z.object({
  // quote.answered (drizzle/0013): a customer accepted or declined a quote; its request is unread again.
  type: z.enum(["quote_request.created", "contact_submission.created", "quote.answered"]),
  id: z.string(),
});
export type InboxEvent = z.infer<typeof inboxEventSchema>;

/**
 * Everything the database announces: inbox items (drizzle/0002), changes to what public pages show
 * (drizzle/0004: site settings, blog posts, media), by table, new messages in the outbox (drizzle/0007),
 * shipment notifications falling due (drizzle/0008), and changes to what shipments' tracking pages show
 * (drizzle/0027: the tracking numbers changed, or null when too many to name: every shipment).
 */
const appEventSchema = z.union([
  inboxEventSchema,
  z.object({ type: z.literal("content.changed"), table: z.string() }),
  z.object({ type: z.literal("outbox.queued") }),
  z.object({ type: z.literal("notifications.due") }),
  z.object({ type: z.literal("shipments.changed"), trackingNumbers: z.array(z.string()).nullable() }),
]);
export type AppEvent = z.infer<typeof appEventSchema>;
type EventListener = (event: AppEvent) => void;

export function isInboxEvent(event: AppEvent): event is InboxEvent {
  return (
    event.type === "quote_request.created" ||
    event.type === "contact_submission.created" ||
    event.type === "quote.answered"
  );
}

export type EventBus = {
  subscribe(listener: EventListener): () => void;
  /** Aborted by close(): long-lived listeners (the admin's event streams) end when the server stops. */
  signal: AbortSignal;
  close(): Promise<void>;
};

const EVENTS_CHANNEL = "freight_events";

/**
 * Relays the database's notifications to subscribers in this process. On PostgreSQL a dedicated
 * connection LISTENs, so an insert made through any app instance reaches every instance; it
 * reconnects by itself after the server restarts.
 */
export async function startEventBus({
  database,
  logger,
}: {
  database: Pick<Database, "url">;
  logger: Logger;
}): Promise<EventBus> {
  const databaseUrl = database.url;
  const listeners = new Set<EventListener>();
  const closing = new AbortController();
  const dispatch = (payload: string | undefined) => {
    let event: AppEvent;
    try {
      event = appEventSchema.parse(JSON.parse(payload ?? ""));
    } catch {
      logger.warn({ payload }, "Ignored a malformed database notification");
      return;
    }
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        logger.error({ err: error }, "An event listener failed");
      }
    }
  };
  const subscribe = (listener: EventListener) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };

  let closed = false;
  let client: pg.Client | undefined;
  let retryDelay = 500;
  let retryTimer: NodeJS.Timeout | undefined;

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
    next.on("notification", (message) => {
      if (message.channel === EVENTS_CHANNEL) dispatch(message.payload);
    });
    const reconnect = (error?: unknown) => {
      if (closed || client !== next) return;
      client = undefined;
      if (error) logger.warn({ err: error }, "Lost the database event connection; reconnecting");
      next.end().catch(() => {});
      schedule();
    };
    next.on("error", reconnect);
    next.on("end", () => reconnect());
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${EVENTS_CHANNEL}`);
      retryDelay = 500;
    } catch (error) {
      reconnect(error);
    }
  };
  const schedule = () => {
    if (closed) return;
    retryTimer = setTimeout(() => void connect(), retryDelay);
    retryTimer.unref();
    retryDelay = Math.min(retryDelay * 2, 10_000);
  };

  await connect();
  return {
    subscribe,
    signal: closing.signal,
    async close() {
      closing.abort();
      closed = true;
      listeners.clear();
      clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
