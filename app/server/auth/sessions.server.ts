import crypto from "node:crypto";
import { and, eq, isNull, lt, ne, or } from "drizzle-orm";
import type { StaffRole } from "#app/lib/roles.ts";
import type { Config } from "#app/server/platform/config.server.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { adminUsers, sessions } from "#app/server/db/schema.ts";

type SessionConfig = Pick<Config, "SESSION_IDLE_MINUTES" | "SESSION_MAX_DAYS" | "isProduction" | "siteUrl">;

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

export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** A random 256-bit token for a cookie or link; only its SHA-256 is stored. */
export function createToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

function isSecure(config: SessionConfig): boolean {
  return config.isProduction && config.siteUrl.startsWith("https://");
}

/** `__Host-` keeps the cookie on this exact host and path when it can be Secure. */
function sessionCookieName(config: SessionConfig): string {
  return isSecure(config) ? "__Host-admin_session" : "admin_session";
}

export function sessionCookie(token: string, config: SessionConfig): string {
  const maxAge = config.SESSION_MAX_DAYS * 24 * 60 * 60;
  const secure = isSecure(config) ? "; Secure" : "";
  return `${sessionCookieName(config)}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

export function clearSessionCookie(config: SessionConfig): string {
  const secure = isSecure(config) ? "; Secure" : "";
  return `${sessionCookieName(config)}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
}

/** The session token from the request's cookies, when it has the shape of one. */
export function readSessionToken(request: Request, config: SessionConfig): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  const name = sessionCookieName(config);
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0 || part.slice(0, index).trim() !== name) continue;
    const value = part.slice(index + 1).trim();
    if (/^[A-Za-z0-9_-]{43}$/.test(value)) return value;
  }
  return null;
}

export async function createSession({
  db,
  config,
  userId,
  ip,
  userAgent,
  now = new Date(),
}: {
  db: Pick<Db, "insert">;
  config: SessionConfig;
  userId: string;
  ip?: string | null;
  userAgent?: string | null;
  now?: Date;
}): Promise<{ token: string; cookie: string; expiresAt: Date }> {
  const token = createToken();
  const expiresAt = new Date(now.getTime() + config.SESSION_MAX_DAYS * 24 * 60 * 60 * 1000);
  await db.insert(sessions).values({
    idHash: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    ip: ip?.slice(0, 100) ?? null,
    userAgent: userAgent?.slice(0, 500) ?? null,
  });
  return { token, cookie: sessionCookie(token, config), expiresAt };
}

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

export async function deleteSession({ db, token }: { db: Db; token: string }): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, hashToken(token)));
}

/** Ends every session of a user, or every one but `exceptToken`'s. */
export async function deleteUserSessions({
  db,
  userId,
  exceptToken,
}: {
  db: Db;
  userId: string;
  exceptToken?: string;
}): Promise<void> {
  const where = exceptToken
    ? and(eq(sessions.userId, userId), ne(sessions.idHash, hashToken(exceptToken)))
    : eq(sessions.userId, userId);
  await db.delete(sessions).where(where);
}

/** Drops sessions past their absolute end or idle for longer than the idle timeout. */
export async function pruneSessions({
  db,
  config,
  now = new Date(),
}: {
  db: Db;
  config: SessionConfig;
  now?: Date;
}): Promise<void> {
  const idleCutoff = new Date(now.getTime() - config.SESSION_IDLE_MINUTES * 60 * 1000);
  await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleCutoff)));
}
