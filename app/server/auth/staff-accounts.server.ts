import { asc, count, eq, sql } from "drizzle-orm";
import { newPasswordSchema } from "#app/schemas/password.ts";
import type { Config } from "#app/server/platform/config.server.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { adminUsers, sessions } from "#app/server/db/schema.ts";
import type { Logger } from "#app/server/platform/logger.server.ts";
import { hashPassword } from "#app/server/auth/passwords.server.ts";

type AdminUser = typeof adminUsers.$inferSelect;
type AdminUserSummary = Pick<
  AdminUser,
  "id" | "email" | "name" | "mustChangePassword" | "lastLogin" | "createdAt"
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
}: {
  db: Db;
  email: string;
  name?: string | null;
  password: string;
  mustChangePassword?: boolean;
}): Promise<{ id: string } | null> {
  const passwordHash = await hashPassword(password);
  const rows = await db
    .insert(adminUsers)
    .values({ email: email.trim(), name: name?.trim() || null, passwordHash, mustChangePassword })
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
  db: Db;
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

/** Removes a staff account and its sessions. Nobody removes themselves or the last account. */
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
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNTS_LOCK})`);
    const [row] = await tx.select({ n: count() }).from(adminUsers);
    if ((row?.n ?? 0) <= 1) return "last";
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    const deleted = await tx
      .delete(adminUsers)
      .where(eq(adminUsers.id, userId))
      .returning({ id: adminUsers.id });
    return deleted.length > 0 ? "removed" : "missing";
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
