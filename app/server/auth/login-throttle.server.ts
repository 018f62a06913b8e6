import crypto from "node:crypto";
import { and, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "#app/server/db/client.server.ts";
import { rateLimits } from "#app/server/db/schema.ts";
import { resetRateLimit } from "#app/server/platform/rate-limit.server.ts";

/**
 * Login throttling, counted in the rate_limits table so every app instance shares it. One row per account
 * (keyed by the e-mail typed, whether or not such an account exists) and one per client address:
 * `count` is the number of failures, `window_start` the time of the last one, and the row is forgotten
 * an hour after the last failure. From the threshold on, each failure locks the key for
 * 15 s × 2^(failures − threshold), at most 15 minutes.
 */
const ACCOUNT_THRESHOLD = 5;
/** High enough that colleagues behind one office address do not lock each other out. */
export const ADDRESS_THRESHOLD = 50;
const BASE_DELAY_SECONDS = 15;
const MAX_DELAY_SECONDS = 15 * 60;
const FORGET_AFTER_SECONDS = 60 * 60;

export function lockSeconds(failures: number, threshold: number): number {
  if (failures < threshold) return 0;
  return Math.min(BASE_DELAY_SECONDS * 2 ** (failures - threshold), MAX_DELAY_SECONDS);
}

function accountKey(email: string): string {
  const digest = crypto.createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
  return `login:account:${digest}`;
}

function addressKey(ip: string): string {
  return `login:address:${ip.slice(0, 100)}`;
}

type ThrottleState = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Whether a login attempt for this e-mail from this address may be checked now. */
export async function checkLoginThrottle({
  db,
  email,
  ip,
  now = new Date(),
}: {
  db: Db;
  email: string;
  ip: string;
  now?: Date;
}): Promise<ThrottleState> {
  const keys = { [accountKey(email)]: ACCOUNT_THRESHOLD, [addressKey(ip)]: ADDRESS_THRESHOLD };
  const rows = await db
    .select()
    .from(rateLimits)
    .where(and(inArray(rateLimits.key, Object.keys(keys)), gt(rateLimits.expiresAt, now)));
  let until = 0;
  for (const row of rows) {
    const lockedUntil = row.windowStart.getTime() + lockSeconds(row.count, keys[row.key]!) * 1000;
    until = Math.max(until, lockedUntil);
  }
  if (until <= now.getTime()) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.ceil((until - now.getTime()) / 1000) };
}

/** Counts one failed attempt against the account and the address. */
export async function recordLoginFailure({
  db,
  email,
  ip,
  now = new Date(),
}: {
  db: Db;
  email: string;
  ip: string;
  now?: Date;
}): Promise<void> {
  const at = now.toISOString();
  const forget = new Date(now.getTime() + FORGET_AFTER_SECONDS * 1000);
  for (const key of [accountKey(email), addressKey(ip)]) {
    await db
      .insert(rateLimits)
      .values({ key, count: 1, windowStart: now, expiresAt: forget })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.expiresAt} <= ${at}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
          windowStart: now,
          expiresAt: forget,
        },
      });
  }
}

/** A successful login clears the account's failures (not the address's). */
export async function clearLoginFailures({ db, email }: { db: Db; email: string }): Promise<void> {
  await resetRateLimit({ db, key: accountKey(email) });
}

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  if (retryAfterSeconds < 60) {
    const seconds = Math.max(1, retryAfterSeconds);
    return `Too many failed attempts. Please try again in ${seconds} ${seconds === 1 ? "second" : "seconds"}.`;
  }
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many failed attempts. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}
