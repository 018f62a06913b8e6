import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import type { StaffRole } from "#app/lib/roles.ts";
import { newPasswordSchema } from "#app/schemas/password.ts";
import { hashPassword } from "#app/server/auth/passwords.server.ts";
import { createToken } from "#app/server/auth/sessions.server.ts";
import type { Db, DbOrTx, Tx } from "#app/server/db/client.server.ts";
import { adminUsers, passwordResetTokens, sessions } from "#app/server/db/schema.ts";
import type { Config } from "#app/server/platform/config.server.ts";
import type { Logger } from "#app/server/platform/logger.server.ts";

type AdminUser = typeof adminUsers.$inferSelect;
type AdminUserSummary = Pick<
  AdminUser,
  "id" | "email" | "name" | "mustChangePassword" | "role" | "disabledAt" | "lastLogin" | "createdAt"
>;

/** Serialises changes to the set of accounts (first admin, removals) across app instances. */
const ACCOUNTS_LOCK = 72707371;

export async function findAdminByEmail({ db, email }: { db: Db; email: string }): Promise<AdminUser | null> {
  const [row] = await db
    .select()
    .from(adminUsers)
    .where(sql`lower(${adminUsers.email}) = ${email.trim().toLowerCase()}`);
  return row ?? null;
}

export async function findAdminById({ db, id }: { db: Db; id: string }): Promise<AdminUser | null> {
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.id, id));
  return row ?? null;
}

export async function listAdminUsers({ db }: { db: Db }): Promise<AdminUserSummary[]> {
  return db
    .select({
      id: adminUsers.id,
      email: adminUsers.email,
      name: adminUsers.name,
      mustChangePassword: adminUsers.mustChangePassword,
      role: adminUsers.role,
      disabledAt: adminUsers.disabledAt,
      lastLogin: adminUsers.lastLogin,
      createdAt: adminUsers.createdAt,
    })
    .from(adminUsers)
    .orderBy(asc(adminUsers.createdAt), asc(adminUsers.email));
}

export async function countAdminUsers({ db }: { db: Db }): Promise<number> {
  const [row] = await db.select({ n: count() }).from(adminUsers);
  return row?.n ?? 0;
}

/** Adds an account; null when the e-mail address is taken (case-insensitively). */
export async function createAdminUser({
  db,
  email,
  name,
  password,
  mustChangePassword = false,
  role = "administrator",
}: {
  db: Db;
  email: string;
  name?: string | null;
  /** Without one, the account has an unusable random password until its set-password link is used. */
  password?: string;
  mustChangePassword?: boolean;
  role?: StaffRole;
}): Promise<{ id: string } | null> {
  const passwordHash = await hashPassword(password ?? createToken());
  const rows = await db
    .insert(adminUsers)
    .values({ email: email.trim(), name: name?.trim() || null, passwordHash, mustChangePassword, role })
    .onConflictDoNothing()
    .returning({ id: adminUsers.id });
  return rows[0] ?? null;
}

/** Sets a new password (hashed with argon2id); `mustChangePassword` marks it temporary. */
export async function setAdminPassword({
  db,
  userId,
  password,
  mustChangePassword = false,
}: {
  db: DbOrTx;
  userId: string;
  password: string;
  mustChangePassword?: boolean;
}): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  const rows = await db
    .update(adminUsers)
    .set({ passwordHash, mustChangePassword })
    .where(eq(adminUsers.id, userId))
    .returning({ id: adminUsers.id });
  return rows.length > 0;
}

/** Records a successful login; replaces an old-format hash (bcrypt, older argon2 settings) when given one. */
export async function recordLogin({
  db,
  userId,
  newPasswordHash,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  newPasswordHash?: string;
  now?: Date;
}): Promise<void> {
  await db
    .update(adminUsers)
    .set(newPasswordHash ? { lastLogin: now, passwordHash: newPasswordHash } : { lastLogin: now })
    .where(eq(adminUsers.id, userId));
}

type RemoveAdminResult = "removed" | "self" | "last" | "missing";

/** The number of enabled Administrators, counted inside a transaction that holds the accounts lock. */
async function countActiveAdministrators(tx: Pick<Db, "select">): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(adminUsers)
    .where(and(eq(adminUsers.role, "administrator"), isNull(adminUsers.disabledAt)));
  return row?.n ?? 0;
}

/** Whether the account is an enabled Administrator (one the count above includes). */
function isActiveAdministrator(row: { role: StaffRole; disabledAt: Date | null }): boolean {
  return row.role === "administrator" && row.disabledAt === null;
}

/**
 * Runs a change to one account under the accounts lock (every instance), with the account's row as it is
 * then. Two administrators demoting or disabling each other at the same moment run one after the other, so
 * the second sees the first's change and the last enabled Administrator always stays.
 */
async function withAccountLocked<T>(
  db: Db,
  userId: string,
  change: (tx: Tx, row: AdminUser | null) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNTS_LOCK})`);
    const [row] = await tx.select().from(adminUsers).where(eq(adminUsers.id, userId)).for("update");
    return change(tx, row ?? null);
  });
}

/**
 * Removes a staff account and its sessions. Nobody removes themselves, the last account or the last enabled
 * Administrator.
 */
export async function deleteAdminUser({
  db,
  userId,
  actorId,
}: {
  db: Db;
  userId: string;
  actorId: string;
}): Promise<RemoveAdminResult> {
  if (userId === actorId) return "self";
  return withAccountLocked(db, userId, async (tx, row) => {
    const [all] = await tx.select({ n: count() }).from(adminUsers);
    if ((all?.n ?? 0) <= 1) return "last";
    if (!row) return "missing";
    if (isActiveAdministrator(row) && (await countActiveAdministrators(tx)) <= 1) return "last";
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    const deleted = await tx
      .delete(adminUsers)
      .where(eq(adminUsers.id, userId))
      .returning({ id: adminUsers.id });
    return deleted.length > 0 ? "removed" : "missing";
  });
}

/** Gives an account another role; it applies at the account's next request. The last Administrator stays one. */
export async function changeStaffRole({
  db,
  userId,
  role,
}: {
  db: Db;
  userId: string;
  role: StaffRole;
}): Promise<"changed" | "unchanged" | "last" | "missing"> {
  return withAccountLocked(db, userId, async (tx, row) => {
    if (!row) return "missing";
    if (row.role === role) return "unchanged";
    if (isActiveAdministrator(row) && (await countActiveAdministrators(tx)) <= 1) return "last";
    await tx.update(adminUsers).set({ role }).where(eq(adminUsers.id, userId));
    return "changed";
  });
}

/**
 * Disables an account (it cannot sign in, and its sessions and unused set-password or reset links end in the
 * same transaction) or enables it again. Nobody disables themselves or the last enabled Administrator.
 */
export async function setStaffDisabled({
  db,
  userId,
  actorId,
  disabled,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  actorId: string;
  disabled: boolean;
  now?: Date;
}): Promise<"done" | "self" | "last" | "missing"> {
  if (disabled && userId === actorId) return "self";
  return withAccountLocked(db, userId, async (tx, row) => {
    if (!row) return "missing";
    if (!disabled) {
      await tx.update(adminUsers).set({ disabledAt: null }).where(eq(adminUsers.id, userId));
      return "done";
    }
    if (row.disabledAt) return "done";
    if (isActiveAdministrator(row) && (await countActiveAdministrators(tx)) <= 1) return "last";
    await tx.update(adminUsers).set({ disabledAt: now }).where(eq(adminUsers.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    return "done";
  });
}

/**
 * At start: when there is no account yet, creates the first one from ADMIN_EMAIL and ADMIN_PASSWORD (once;
 * later starts find it and do nothing). With neither set, says in the log how to create one.
 */
export async function ensureFirstAdmin({
  db,
  config,
  logger,
}: {
  db: Db;
  config: Pick<Config, "ADMIN_EMAIL" | "ADMIN_PASSWORD">;
  logger: Pick<Logger, "info" | "warn">;
}): Promise<"exists" | "created" | "missing"> {
  if ((await countAdminUsers({ db })) > 0) return "exists";
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = config;
  if (!email || !password) {
    logger.warn(
      "No admin account exists yet. Create one on the server with `npm run admin -- create --email you@example.com` " +
        "(it asks for the password), or set ADMIN_EMAIL and ADMIN_PASSWORD and restart.",
    );
    return "missing";
  }
  const rules = newPasswordSchema.safeParse(password);
  if (!rules.success) {
    logger.warn(
      `ADMIN_PASSWORD was not used: ${rules.error.issues[0]?.message} ` +
        "No admin account was created; fix it and restart, or use `npm run admin -- create`.",
    );
    return "missing";
  }
  const passwordHash = await hashPassword(password);
  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNTS_LOCK})`);
    const [row] = await tx.select({ n: count() }).from(adminUsers);
    if ((row?.n ?? 0) > 0) return false;
    await tx.insert(adminUsers).values({ email, passwordHash });
    return true;
  });
  if (!created) return "exists";
  logger.info({ email }, "Created the first admin account from ADMIN_EMAIL and ADMIN_PASSWORD");
  return "created";
}
