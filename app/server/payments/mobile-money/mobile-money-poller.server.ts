// The background job of mobile money (decision 027): every pending request is asked about until it is final, on
// a back-off, by whichever app instance claims it first.
import { and, asc, eq, lte, sql } from "drizzle-orm";
import { mobileMoneyRequests } from "#app/server/db/schema.ts";
import {
  checkMobileMoneyRequest,
  endExpiredMobileMoneyRequests,
  type MobileMoneyContext,
  nextCheckDelay,
} from "#app/server/payments/mobile-money/mobile-money.server.ts";
import { startWakeLoop } from "#app/server/platform/wake-loop.server.ts";

/**
 * One round of the poller: claims up to `limit` pending requests whose check is due (FOR UPDATE SKIP LOCKED, so
 * another app instance takes others), moves each one's next check along the back-off before letting go, then
 * asks MTN about them. Returns how many it checked.
 */
export async function checkDueMobileMoneyRequests({
  db,
  client,
  logger,
  now = new Date(),
  limit = 20,
}: MobileMoneyContext & { now?: Date; limit?: number }): Promise<number> {
  await endExpiredMobileMoneyRequests({ db, now });
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mobileMoneyRequests.id, checks: mobileMoneyRequests.checks })
      .from(mobileMoneyRequests)
      .where(and(eq(mobileMoneyRequests.state, "pending"), lte(mobileMoneyRequests.nextCheckAt, now)))
      .orderBy(asc(mobileMoneyRequests.nextCheckAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    for (const row of due) {
      await tx
        .update(mobileMoneyRequests)
        .set({
          checks: sql`${mobileMoneyRequests.checks} + 1`,
          nextCheckAt: new Date(now.getTime() + nextCheckDelay(row.checks + 1)),
          updatedAt: now,
        })
        .where(eq(mobileMoneyRequests.id, row.id));
    }
    return due;
  });
  for (const row of claimed) {
    try {
      await checkMobileMoneyRequest({ db, client, logger, requestId: row.id, now });
    } catch (error) {
      logger.warn(
        { err: error, requestId: row.id },
        "Checking a mobile-money payment failed; it is tried again later",
      );
    }
  }
  return claimed.length;
}

export type MobileMoneyPoller = { runOnce(): Promise<number>; stop(): Promise<void> };

/** The background job asking MTN about pending requests (one app instance runs it; several would be safe too). */
export function createMobileMoneyPoller({
  now = () => new Date(),
  pollMs = 5000,
  autostart = true,
  ...context
}: MobileMoneyContext & {
  now?: () => Date;
  pollMs?: number;
  autostart?: boolean;
}): MobileMoneyPoller {
  const runOnce = () => checkDueMobileMoneyRequests({ ...context, now: now() });
  const loop = startWakeLoop({
    round: async () => (await runOnce()) > 0,
    pollMs,
    // No event wakes it: a request's first check is due seconds after it is made, and the poll finds it.
    wakeOn: "notifications.due",
    logger: context.logger,
    failure: "The mobile-money poller could not reach the database; it tries again shortly",
    start: autostart,
  });
  return { runOnce, stop: () => loop.stop() };
}
