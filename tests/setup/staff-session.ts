import crypto from "node:crypto";
import type { StaffRole } from "#app/lib/roles.ts";
import { createSession, type SessionConfig } from "#app/server/auth/sessions.server.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { createAdminUser } from "#app/server/staff/staff-accounts.server.ts";
import type { SessionUser } from "#app/server/staff/staff-sessions.server.ts";

// A signed-in staff member for the tests that call loaders and actions as the browser does: the account, its
// session row and the Cookie header the browser would send, made by the app's own createAdminUser and
// createSession (so a changed cookie name or session shape changes here once).

/** The password of an account signInStaff makes when the test names none. */
export const STAFF_PASSWORD = "a sturdy staff passphrase";

export type StaffSession = {
  /** The session token (what the cookie carries). */
  token: string;
  /** The request's Cookie header value, `admin_session=<token>` (`__Host-admin_session` where it is Secure). */
  cookie: string;
  expiresAt: Date;
};

/** Another session of an account that exists (a second device, an old session made `now` long ago). */
export async function openStaffSession({
  db,
  config,
  userId,
  now,
}: {
  db: Db;
  config: SessionConfig;
  userId: string;
  now?: Date;
}): Promise<StaffSession> {
  const session = await createSession({ db, config, userId, now });
  // The Set-Cookie header's first part is the name=value pair a browser sends back.
  return { token: session.token, cookie: session.cookie.split(";")[0]!, expiresAt: session.expiresAt };
}

/**
 * A new staff account, signed in: an Administrator with a made-up address and STAFF_PASSWORD unless told
 * otherwise. Throws when the address is taken (a test's own setup mistake, never what it tests).
 */
export async function signInStaff({
  db,
  config,
  email = `staff-${crypto.randomBytes(4).toString("hex")}@example.com`,
  name = null,
  password = STAFF_PASSWORD,
  role = "administrator",
  mustChangePassword = false,
  now,
}: {
  db: Db;
  config: SessionConfig;
  email?: string;
  name?: string | null;
  password?: string;
  role?: StaffRole;
  mustChangePassword?: boolean;
  /** When the session began (an expired one: long ago). */
  now?: Date;
}): Promise<StaffSession & { user: SessionUser; password: string }> {
  const created = await createAdminUser({ db, email, name, password, role, mustChangePassword });
  if (!created) throw new Error(`signInStaff: a staff account with the address ${email} exists already`);
  const user: SessionUser = {
    id: created.id,
    email: email.trim(),
    name: name?.trim() || null,
    mustChangePassword,
    role,
  };
  return { user, password, ...(await openStaffSession({ db, config, userId: created.id, now })) };
}
