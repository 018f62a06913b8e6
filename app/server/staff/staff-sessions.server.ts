import { and, eq, isNull } from "drizzle-orm";
import type { StaffRole } from "#app/lib/roles.ts";
import { hashToken, type SessionConfig } from "#app/server/auth/sessions.server.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { adminUsers, sessions } from "#app/server/db/schema.ts";

export type SessionUser = {
  id: string;
  email: string;
  name: string | null;
  mustChangePassword: boolean;
  /** Read from the account on every request, so a changed role applies at once (decision 019). */
  role: StaffRole;
};

/** Seconds between two writes of `last_seen_at` for one session (keeps reads cheap). */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * The signed-in user of a session token, or null when the token is unknown, idle for longer than
 * `SESSION_IDLE_MINUTES` or older than `SESSION_MAX_DAYS`, or when its account is disabled. Expired sessions
 * are deleted on sight.
 */
export async function getSessionUser({
  db,
  config,
  token,
  now = new Date(),
}: {
  db: Db;
  config: SessionConfig;
  token: string;
  now?: Date;
}): Promise<SessionUser | null> {
  const idHash = hashToken(token);
  const [row] = await db
    .select({
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      user: {
        id: adminUsers.id,
        email: adminUsers.email,
        name: adminUsers.name,
        mustChangePassword: adminUsers.mustChangePassword,
        role: adminUsers.role,
      },
    })
    .from(sessions)
    .innerJoin(adminUsers, eq(adminUsers.id, sessions.userId))
    // A disabled account has no session (disabling deletes them; this holds even for one made meanwhile).
    .where(and(eq(sessions.idHash, idHash), isNull(adminUsers.disabledAt)));
  if (!row) return null;
  const idleLimit = row.lastSeenAt.getTime() + config.SESSION_IDLE_MINUTES * 60 * 1000;
  const ageLimit = row.createdAt.getTime() + config.SESSION_MAX_DAYS * 24 * 60 * 60 * 1000;
  if (now.getTime() >= Math.min(idleLimit, ageLimit, row.expiresAt.getTime())) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
  }
  return row.user;
}
