// A customer's session (decision 016): its own table, cookie and lifetimes. A staff session never
// opens a customer page and a customer session never opens /admin: the two cookies and tables are apart.
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { cookieHeader, readTokenCookie } from "#app/server/auth/cookies.server.ts";
import { createToken, hashToken } from "#app/server/auth/sessions.server.ts";
import type { Db, DbOrTx } from "#app/server/db/client.server.ts";
import { customerCompanies, customerMembers, customerSessions } from "#app/server/db/schema.ts";
import type { Config } from "#app/server/platform/config.server.ts";

export type CustomerSessionConfig = Pick<
  Config,
  "CUSTOMER_SESSION_IDLE_DAYS" | "CUSTOMER_SESSION_MAX_DAYS" | "isProduction" | "siteUrl"
>;

const COOKIE = "customer_session";
const DAY_MS = 24 * 60 * 60 * 1000;
/** Between two writes of `last_seen_at` for one session (keeps reads cheap). */
const TOUCH_INTERVAL_MS = 60_000;

/** The signed-in customer: the member and their company. */
export type CustomerUser = {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  language: "en" | "fr";
  canInvite: boolean;
  companyId: string;
  companyName: string;
};

export function readCustomerSessionToken(request: Request, config: CustomerSessionConfig): string | null {
  return readTokenCookie({ request, config, name: COOKIE });
}

export function customerSessionCookie(token: string, config: CustomerSessionConfig): string {
  return cookieHeader({
    config,
    name: COOKIE,
    value: token,
    maxAgeSeconds: config.CUSTOMER_SESSION_MAX_DAYS * 86_400,
  });
}

export function clearCustomerSessionCookie(config: CustomerSessionConfig): string {
  return cookieHeader({ config, name: COOKIE, value: "", maxAgeSeconds: 0 });
}

/** Starts a session for a member (in the transaction that spent their code) and stamps their sign-in. */
export async function createCustomerSession({
  db,
  config,
  memberId,
  ip,
  userAgent,
  now = new Date(),
}: {
  db: DbOrTx;
  config: CustomerSessionConfig;
  memberId: string;
  ip?: string | null;
  userAgent?: string | null;
  now?: Date;
}): Promise<{ token: string; cookie: string }> {
  const token = createToken();
  await db.insert(customerSessions).values({
    idHash: hashToken(token),
    memberId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + config.CUSTOMER_SESSION_MAX_DAYS * DAY_MS),
    ip: ip?.slice(0, 100) ?? null,
    userAgent: userAgent?.slice(0, 500) ?? null,
  });
  await db.update(customerMembers).set({ lastSignInAt: now }).where(eq(customerMembers.id, memberId));
  return { token, cookie: customerSessionCookie(token, config) };
}

/**
 * The customer of a session token, or null when the token is unknown, idle or too old, or the member was
 * removed. Expired sessions are deleted on sight.
 */
export async function getCustomerSessionUser({
  db,
  config,
  token,
  now = new Date(),
}: {
  db: Db;
  config: CustomerSessionConfig;
  token: string;
  now?: Date;
}): Promise<CustomerUser | null> {
  const idHash = hashToken(token);
  const [row] = await db
    .select({
      createdAt: customerSessions.createdAt,
      lastSeenAt: customerSessions.lastSeenAt,
      expiresAt: customerSessions.expiresAt,
      user: {
        id: customerMembers.id,
        name: customerMembers.name,
        email: customerMembers.email,
        phone: customerMembers.phone,
        language: customerMembers.language,
        canInvite: customerMembers.canInvite,
        companyId: customerMembers.companyId,
        companyName: customerCompanies.name,
      },
    })
    .from(customerSessions)
    .innerJoin(customerMembers, eq(customerMembers.id, customerSessions.memberId))
    .innerJoin(customerCompanies, eq(customerCompanies.id, customerMembers.companyId))
    .where(and(eq(customerSessions.idHash, idHash), isNull(customerMembers.removedAt)));
  if (!row) return null;
  const idleLimit = row.lastSeenAt.getTime() + config.CUSTOMER_SESSION_IDLE_DAYS * DAY_MS;
  const ageLimit = row.createdAt.getTime() + config.CUSTOMER_SESSION_MAX_DAYS * DAY_MS;
  if (now.getTime() >= Math.min(idleLimit, ageLimit, row.expiresAt.getTime())) {
    await db.delete(customerSessions).where(eq(customerSessions.idHash, idHash));
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(customerSessions).set({ lastSeenAt: now }).where(eq(customerSessions.idHash, idHash));
  }
  return row.user;
}

export async function deleteCustomerSession({ db, token }: { db: DbOrTx; token: string }): Promise<void> {
  await db.delete(customerSessions).where(eq(customerSessions.idHash, hashToken(token)));
}

/** Ends every session of a member (removal). */
export async function deleteMemberSessions({
  db,
  memberId,
}: {
  db: DbOrTx;
  memberId: string;
}): Promise<void> {
  await db.delete(customerSessions).where(eq(customerSessions.memberId, memberId));
}

/** Drops sessions past their end or idle for too long. */
export async function pruneCustomerSessions({
  db,
  config,
  now = new Date(),
}: {
  db: Db;
  config: CustomerSessionConfig;
  now?: Date;
}): Promise<void> {
  const idleCutoff = new Date(now.getTime() - config.CUSTOMER_SESSION_IDLE_DAYS * DAY_MS);
  await db
    .delete(customerSessions)
    .where(or(lt(customerSessions.expiresAt, now), lt(customerSessions.lastSeenAt, idleCutoff)));
}
