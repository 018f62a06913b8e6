import { and, eq, gt, lt, sql } from "drizzle-orm";
import { type Db, type DbOrTx, preparedPerDatabase } from "#app/server/db/client.server.ts";
import { rateLimits } from "#app/server/db/schema.ts";
import type { Config } from "#app/server/platform/config.server.ts";
import type { Logger } from "#app/server/platform/logger.server.ts";

export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

/**
 * Counts one hit against `key` in a fixed window, in the database so every app instance shares it.
 * One statement: safe under concurrency.
 */
export async function consumeRateLimit({
  db,
  key,
  limit,
  windowSeconds,
  now = new Date(),
}: {
  db: Db;
  key: string;
  limit: number;
  windowSeconds: number;
  now?: Date;
}): Promise<RateLimitResult> {
  const expires = new Date(now.getTime() + windowSeconds * 1000);
  const [row] = await upsertHit(db).execute({
    key,
    windowStart: now,
    expiresAt: expires,
    now: now.toISOString(),
    expires: expires.toISOString(),
  });
  const count = row!.count;
  const retryAfterSeconds = Math.max(1, Math.ceil((row!.expiresAt.getTime() - now.getTime()) / 1000));
  return { allowed: count <= limit, count, retryAfterSeconds };
}

const upsertHit = preparedPerDatabase(prepareUpsertHit);

function prepareUpsertHit(db: Db) {
  const now = sql`${sql.placeholder("now")}::timestamptz`;
  const expired = sql`${rateLimits.expiresAt} <= ${now}`;
  return db
    .insert(rateLimits)
    .values({
      key: sql.placeholder("key"),
      count: 1,
      windowStart: sql.placeholder("windowStart"),
      expiresAt: sql.placeholder("expiresAt"),
    })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${now} else ${rateLimits.windowStart} end`,
        expiresAt: sql`case when ${expired} then ${sql.placeholder("expires")}::timestamptz else ${rateLimits.expiresAt} end`,
      },
    })
    .returning({ count: rateLimits.count, expiresAt: rateLimits.expiresAt })
    .prepare("consume_rate_limit");
}

/**
 * What a client looks up that the public limit TRACK_RATE_LIMIT counts, each kind on its own count:
 * - `track`: a tracking number. Every path that looks one up (the tracking page, 'Get updates' and its forms)
 *   counts here, before the lookup, so numbers cannot be walked through one path while another says 'Too many
 *   lookups'.
 * - `link`: a link that carries a secret token (confirm updates, unsubscribe, the delivery note).
 * - `quote`: the customer's quote page and its PDF.
 * - `mtn-callback`: MTN Mobile Money's callback (decision 027), which anyone can send.
 * Generous enough that a customer never meets it; guessing or walking is slow.
 */
export function limitClientLookups({
  db,
  config,
  clientIp,
  kind,
  now,
}: {
  db: Db;
  config: Pick<Config, "TRACK_RATE_LIMIT" | "TRACK_RATE_WINDOW_SECONDS">;
  clientIp: string;
  kind: "track" | "link" | "quote" | "mtn-callback";
  now?: Date;
}): Promise<RateLimitResult> {
  return consumeRateLimit({
    db,
    key: `${kind}:${clientIp}`,
    limit: config.TRACK_RATE_LIMIT,
    windowSeconds: config.TRACK_RATE_WINDOW_SECONDS,
    now,
  });
}

/**
 * Counts one hit on each limit in turn (an hour's window unless a limit says otherwise): the seconds to wait
 * from the first one over its limit, or null when all allow it.
 */
export async function consumeRateLimits({
  db,
  now = new Date(),
  limits,
}: {
  db: Db;
  now?: Date;
  limits: Array<{ key: string; limit: number; windowSeconds?: number }>;
}): Promise<number | null> {
  for (const { key, limit, windowSeconds = 3600 } of limits) {
    const hit = await consumeRateLimit({ db, key, limit, windowSeconds, now });
    if (!hit.allowed) return hit.retryAfterSeconds;
  }
  return null;
}

/** The hits counted on `key` in its current window (0 when it has none). */
export async function peekRateLimit({ db, key, now = new Date() }: { db: DbOrTx; key: string; now?: Date }) {
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), gt(rateLimits.expiresAt, now)));
  return row?.count ?? 0;
}

/** Gives back one hit counted on `key` in its current window (a counted check that turned out not to count). */
export async function refundRateLimit({ db, key, now = new Date() }: { db: Db; key: string; now?: Date }) {
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(and(eq(rateLimits.key, key), gt(rateLimits.expiresAt, now), gt(rateLimits.count, 0)));
}

/** Clears one key (e.g. after a successful login). */
export async function resetRateLimit({ db, key }: { db: Db; key: string }): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

/** Drops expired windows; run on a schedule (see {@link scheduleRateLimitPruning}), never needed for correctness. */
export async function pruneRateLimits({
  db,
  now = new Date(),
}: {
  db: Pick<Db, "delete">;
  now?: Date;
}): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.expiresAt, now));
}

/** How often the services drop expired windows, so the table holds only the current ones. */
export const RATE_LIMIT_PRUNE_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Runs {@link pruneRateLimits} every `intervalMs` (one run at a time) until closed. The timer does not keep
 * the process alive; a failed run is logged and the next one tries again. `close()` waits for a run under way.
 */
export function scheduleRateLimitPruning({
  db,
  logger,
  intervalMs = RATE_LIMIT_PRUNE_INTERVAL_MS,
  now = () => new Date(),
}: {
  db: Pick<Db, "delete">;
  logger: Pick<Logger, "warn">;
  intervalMs?: number;
  now?: () => Date;
}): { close(): Promise<void> } {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= pruneRateLimits({ db, now: now() })
      .catch((error: unknown) => logger.warn({ err: error }, "Could not drop expired rate limits"))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    async close() {
      clearInterval(timer);
      await running;
    },
  };
}
