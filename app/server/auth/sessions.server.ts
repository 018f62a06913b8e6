import crypto from "node:crypto";
import { and, eq, lt, ne, or } from "drizzle-orm";
import type { Db, DbOrTx } from "#app/server/db/client.server.ts";
import { sessions } from "#app/server/db/schema.ts";
import type { Config } from "#app/server/platform/config.server.ts";

export type SessionConfig = Pick<
  Config,
  "SESSION_IDLE_MINUTES" | "SESSION_MAX_DAYS" | "isProduction" | "siteUrl"
>;

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

export async function deleteSession({ db, token }: { db: DbOrTx; token: string }): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, hashToken(token)));
}

/** Ends every session of a user, or every one but `exceptToken`'s. */
export async function deleteUserSessions({
  db,
  userId,
  exceptToken,
}: {
  db: DbOrTx;
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
