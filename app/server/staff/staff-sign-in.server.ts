import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { requestContext, servicesContext } from "#app/context.ts";
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from "#app/lib/roles.ts";
import { RESET_LINK_MINUTES } from "#app/schemas/login.ts";
import { recordAuditEvent } from "#app/server/audit/audit.server.ts";
import {
  checkLoginThrottle,
  clearLoginFailures,
  recordLoginFailure,
  tooManyAttemptsMessage,
} from "#app/server/auth/login-throttle.server.ts";
import { hashPassword, verifyDummyPassword, verifyPassword } from "#app/server/auth/passwords.server.ts";
import {
  clearSessionCookie,
  createSession,
  createToken,
  deleteSession,
  deleteUserSessions,
  hashToken,
  pruneSessions,
  readSessionToken,
} from "#app/server/auth/sessions.server.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { passwordResetTokens } from "#app/server/db/schema.ts";
import { queueMail } from "#app/server/messaging/mail.server.ts";
import type { Config } from "#app/server/platform/config.server.ts";
import type { Logger } from "#app/server/platform/logger.server.ts";
import { consumeRateLimit } from "#app/server/platform/rate-limit.server.ts";
import {
  findAdminByEmail,
  findAdminById,
  recordLogin,
  setAdminPassword,
} from "#app/server/staff/staff-accounts.server.ts";
import { getSessionUser, type SessionUser } from "#app/server/staff/staff-sessions.server.ts";

type Ctx = Readonly<RouterContextProvider>;

export type LoginResult =
  | { ok: true; user: SessionUser; cookie: string }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

/**
 * Checks an e-mail and password with throttling per account and per address. The answer and the time it
 * takes are the same whether or not the account exists. On success: a new session (any session the browser
 * had is ended), the login time, and an old-format hash replaced by argon2id.
 */
export async function login({
  db,
  config,
  email,
  password,
  ip,
  userAgent,
  previousToken,
}: {
  db: Db;
  config: Pick<Config, "SESSION_IDLE_MINUTES" | "SESSION_MAX_DAYS" | "isProduction" | "siteUrl">;
  email: string;
  password: string;
  ip: string;
  userAgent?: string | null;
  previousToken?: string | null;
}): Promise<LoginResult> {
  const throttle = await checkLoginThrottle({ db, email, ip });
  if (!throttle.allowed)
    return { ok: false, reason: "throttled", retryAfterSeconds: throttle.retryAfterSeconds };

  const user = await findAdminByEmail({ db, email });
  const check = user
    ? await verifyPassword({ stored: user.passwordHash, password })
    : { valid: await verifyDummyPassword(password), needsRehash: false };
  // A disabled account gets the same answer as a wrong password (and counts as a failure).
  if (!user || !check.valid || user.disabledAt) {
    await recordLoginFailure({ db, email, ip });
    // The activity log: the address typed, never the password (decision 021).
    await recordAuditEvent({ db, action: "sign_in_failed", email, clientAddress: ip, entityId: user?.id });
    return { ok: false, reason: "invalid" };
  }

  await clearLoginFailures({ db, email });
  await recordLogin({
    db,
    userId: user.id,
    newPasswordHash: check.needsRehash ? await hashPassword(password) : undefined,
  });
  if (previousToken) await deleteSession({ db, token: previousToken });
  // Housekeeping: sessions past their end are useless rows; dropping them now and then keeps the table small.
  await pruneSessions({ db, config });
  // The session and its activity log entry, together or not at all.
  const session = await db.transaction(async (tx) => {
    const created = await createSession({ db: tx, config, userId: user.id, ip, userAgent });
    await recordAuditEvent({ db: tx, action: "sign_in", actor: user, clientAddress: ip });
    return created;
  });
  return {
    ok: true,
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      mustChangePassword: user.mustChangePassword,
      role: user.role,
    },
    cookie: session.cookie,
  };
}

/** Ends the request's session on the server; returns the Set-Cookie header that clears the cookie. */
export async function logout({ request, context }: { request: Request; context: Ctx }): Promise<string> {
  const { db, config } = context.get(servicesContext);
  const token = readSessionToken(request, config);
  if (token) {
    const user = await getSessionUser({ db, config, token });
    await db.transaction(async (tx) => {
      await deleteSession({ db: tx, token });
      if (user)
        await recordAuditEvent({
          db: tx,
          action: "sign_out",
          actor: user,
          clientAddress: context.get(requestContext).clientIp,
        });
    });
  }
  return clearSessionCookie(config);
}

/**
 * Changes the signed-in user's password after checking the current one. Every session of the user ends,
 * and the current one is replaced by a new one (the returned cookie).
 */
export async function changePassword({
  request,
  context,
  user,
  currentPassword,
  newPassword,
}: {
  request: Request;
  context: Ctx;
  user: SessionUser;
  currentPassword: string;
  newPassword: string;
}): Promise<{ ok: true; cookie: string } | { ok: false; error: string }> {
  const { db, config } = context.get(servicesContext);
  const { clientIp } = context.get(requestContext);
  const throttle = await checkLoginThrottle({ db, email: user.email, ip: clientIp });
  if (!throttle.allowed) return { ok: false, error: tooManyAttemptsMessage(throttle.retryAfterSeconds) };
  const row = await findAdminById({ db, id: user.id });
  if (!row || !(await verifyPassword({ stored: row.passwordHash, password: currentPassword })).valid) {
    await recordLoginFailure({ db, email: user.email, ip: clientIp });
    return { ok: false, error: "The current password is not correct." };
  }
  const session = await db.transaction(async (tx) => {
    await setAdminPassword({ db: tx, userId: user.id, password: newPassword, mustChangePassword: false });
    await deleteUserSessions({ db: tx, userId: user.id });
    // The activity log says the password changed, never what to (decision 021).
    await recordAuditEvent({ db: tx, action: "password_change", actor: user, clientAddress: clientIp });
    return createSession({
      db: tx,
      config,
      userId: user.id,
      ip: clientIp,
      userAgent: request.headers.get("user-agent"),
    });
  });
  return { ok: true, cookie: session.cookie };
}

/**
 * 'Forgot password?': e-mails a single-use link valid for 30 minutes when the address belongs to an account.
 * The caller answers the same either way. At most 3 links per address in 15 minutes.
 */
export async function requestPasswordReset({
  db,
  config,
  logger,
  email,
  now = new Date(),
}: {
  db: Db;
  config: Pick<Config, "siteUrl" | "SMTP_URL" | "OUTBOX_DIR">;
  logger: Pick<Logger, "info" | "error">;
  email: string;
  now?: Date;
}): Promise<void> {
  const user = await findAdminByEmail({ db, email });
  if (!user || user.disabledAt) return;
  const limit = await consumeRateLimit({
    db,
    key: `reset:account:${user.id}`,
    limit: 3,
    windowSeconds: 15 * 60,
    now,
  });
  if (!limit.allowed) return;
  await db
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, user.id), lt(passwordResetTokens.expiresAt, now)));
  const expiresAt = new Date(now.getTime() + RESET_LINK_MINUTES * 60 * 1000);
  const link = await createResetLink({ db, siteUrl: config.siteUrl, userId: user.id, expiresAt });
  // A mail still in the outbox when its link expires is not sent (decision 011).
  const queued = await queueMail({
    db,
    config,
    logger,
    expiresAt,
    now,
    mail: {
      to: user.email,
      subject: "Reset your admin password",
      text: [
        `Someone asked to reset the password of the admin account for ${user.email} on ${config.siteUrl}.`,
        "",
        `To choose a new password, open this link within ${RESET_LINK_MINUTES} minutes. It works once:`,
        link,
        "",
        "If you did not ask for this, ignore this e-mail: your password stays as it is.",
      ].join("\n"),
    },
  });
  // Staff e-mails are validated when accounts are made: a refusal here means a damaged row, never a 500.
  if (!queued.ok)
    logger.error({ userId: user.id, reason: queued.reason }, "Password-reset e-mail not queued");
}

/** A single-use link to /admin-reset-password for the account, valid until `expiresAt`; only its hash is stored. */
async function createResetLink({
  db,
  siteUrl,
  userId,
  expiresAt,
}: {
  db: Db;
  siteUrl: string;
  userId: string;
  expiresAt: Date;
}): Promise<string> {
  const token = createToken();
  await db.insert(passwordResetTokens).values({ tokenHash: hashToken(token), userId, expiresAt });
  return `${siteUrl}/admin-reset-password?${new URLSearchParams({ token })}`;
}

/** Whether a reset link's token is known, unused and not expired. */
export async function isResetTokenValid({
  db,
  token,
  now = new Date(),
}: {
  db: Db;
  token: string;
  now?: Date;
}) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return false;
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    );
  return Boolean(row);
}

/**
 * Uses a reset link: sets the new password, ends every session of the account and voids its other links.
 * False when the token is unknown, used or expired.
 */
export async function resetPasswordWithToken({
  db: outer,
  token,
  password,
  clientAddress,
  now = new Date(),
}: {
  db: Db;
  token: string;
  password: string;
  /** The requester's address, for the activity log. */
  clientAddress?: string;
  now?: Date;
}): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return false;
  // One transaction: the new password, the ended sessions, the used link and the activity log's entry.
  return outer.transaction(async (db) => {
    const [used] = await db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!used) return false;
    const user = await findAdminById({ db, id: used.userId });
    if (!user || user.disabledAt) return false;
    await setAdminPassword({ db, userId: user.id, password, mustChangePassword: false });
    await deleteUserSessions({ db, userId: user.id });
    await db
      .delete(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.userId, user.id),
          or(isNull(passwordResetTokens.usedAt), lt(passwordResetTokens.expiresAt, now)),
        ),
      );
    await clearLoginFailures({ db, email: user.email });
    await recordAuditEvent({
      db,
      action: "password_reset",
      actor: user,
      clientAddress: clientAddress ?? null,
    });
    return true;
  });
}

/** How long the set-password link of a new staff account lasts (decision 019). */
export const INVITE_LINK_HOURS = 72;

/**
 * E-mails a new staff account its single-use set-password link, valid for 72 hours: the reset-link mechanism
 * of 'Forgot password?' (same table, same page), with a longer life and its own words. Not rate limited: only
 * an administrator adding the account calls it.
 */
export async function sendSetPasswordLink({
  db,
  config,
  logger,
  userId,
  invitedBy,
  now = new Date(),
}: {
  db: Db;
  config: Pick<Config, "siteUrl" | "SMTP_URL" | "OUTBOX_DIR">;
  logger: Pick<Logger, "info" | "error">;
  userId: string;
  invitedBy: string;
  now?: Date;
}): Promise<boolean> {
  const user = await findAdminById({ db, id: userId });
  if (!user || user.disabledAt) return false;
  const expiresAt = new Date(now.getTime() + INVITE_LINK_HOURS * 60 * 60 * 1000);
  const link = await createResetLink({ db, siteUrl: config.siteUrl, userId: user.id, expiresAt });
  const queued = await queueMail({
    db,
    config,
    logger,
    expiresAt,
    now,
    mail: {
      to: user.email,
      subject: "Your staff account: choose a password",
      text: [
        `${invitedBy} added you (${user.email}) to the staff of ${config.siteUrl} as ${ROLE_LABELS[user.role]}. What you can use: ${ROLE_DESCRIPTIONS[user.role]}`,
        "",
        `To choose your password, open this link within ${INVITE_LINK_HOURS} hours. It works once:`,
        link,
        "",
        `Then sign in at ${config.siteUrl}/admin-login`,
      ].join("\n"),
    },
  });
  if (!queued.ok) {
    logger.error({ userId: user.id, reason: queued.reason }, "Set-password e-mail not queued");
    return false;
  }
  return true;
}
