import bcrypt from "bcryptjs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestedPath } from "#app/lib/request-path.ts";
import { adminUsers, outbox, passwordResetTokens } from "#app/server/db/schema.ts";
import { readToast } from "#app/server/platform/toast.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { createAdminUser, findAdminByEmail } from "#app/server/staff/staff-accounts.server.ts";
import { requireAdmin } from "#app/server/staff/staff-guards.server.ts";
import { getSessionUser } from "#app/server/staff/staff-sessions.server.ts";
import {
  changePassword,
  isResetTokenValid,
  login,
  requestPasswordReset,
  resetPasswordWithToken,
} from "#app/server/staff/staff-sign-in.server.ts";
import { openStaffSession, signInStaff } from "#tests/setup/staff-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
const PASSWORD = "a sturdy staff passphrase";
beforeAll(async () => {
  services = await createTestServices();
  await createAdminUser({ db: services.db, email: "Staff@Example.com", name: "Staff", password: PASSWORD });
});
afterAll(() => services.close());

const tokenOf = (cookie: string) => /admin_session=([^;]+)/.exec(cookie)![1]!;
const requestWith = (url: string, token?: string) =>
  new Request(url, { headers: token ? { cookie: `admin_session=${token}` } : {} });

describe("login", () => {
  const attempt = (email: string, password: string, ip = "192.0.2.10", previousToken?: string) =>
    login({ db: services.db, config: services.config, email, password, ip, previousToken });

  it("signs in with the right password, in any case of the e-mail, and records the time", async () => {
    const result = await attempt("staff@example.COM", PASSWORD);
    expect(result).toMatchObject({ ok: true, user: { email: "Staff@Example.com", name: "Staff" } });
    if (!result.ok) return;
    expect(result.cookie).toMatch(/^admin_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax/);
    const user = await findAdminByEmail({ db: services.db, email: "staff@example.com" });
    expect(user?.lastLogin).toBeInstanceOf(Date);
  });

  it("gives the same answer for a wrong password and an unknown account", async () => {
    expect(await attempt("staff@example.com", "wrong password here")).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await attempt("nobody@example.com", PASSWORD)).toEqual({ ok: false, reason: "invalid" });
  });

  it("ends the browser's previous session (no session fixation)", async () => {
    const first = await attempt("staff@example.com", PASSWORD);
    const second = await attempt(
      "staff@example.com",
      PASSWORD,
      "192.0.2.10",
      first.ok ? tokenOf(first.cookie) : "",
    );
    expect(second.ok).toBe(true);
    const old = first.ok ? tokenOf(first.cookie) : "";
    expect(await getSessionUser({ db: services.db, config: services.config, token: old })).toBeNull();
  });

  it("throttles an account after 5 failures, even with the right password", async () => {
    await createAdminUser({ db: services.db, email: "target@example.com", password: PASSWORD });
    for (let i = 0; i < 5; i++) {
      expect(await attempt("target@example.com", `guess number ${i}`, `198.51.100.${i}`)).toMatchObject({
        reason: "invalid",
      });
    }
    const locked = await attempt("target@example.com", PASSWORD, "198.51.100.200");
    expect(locked).toMatchObject({ ok: false, reason: "throttled" });
    expect(locked.ok === false && locked.reason === "throttled" && locked.retryAfterSeconds).toBeGreaterThan(
      10,
    );
  });

  it("re-hashes a stored bcrypt hash to argon2id on the next login", async () => {
    const { db } = services;
    const created = await createAdminUser({
      db,
      email: "legacy@example.com",
      password: "placeholder passphrase",
    });
    const bcryptHash = bcrypt.hashSync("legacy spec password", 10);
    await db.update(adminUsers).set({ passwordHash: bcryptHash }).where(eq(adminUsers.id, created!.id));
    expect((await attempt("legacy@example.com", "legacy spec password")).ok).toBe(true);
    const after = await findAdminByEmail({ db, email: "legacy@example.com" });
    expect(after?.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await attempt("legacy@example.com", "legacy spec password")).ok).toBe(true);
  });
});

describe("requireAdmin", () => {
  it("without a session redirects to the login page, remembering the page and with the toast", async () => {
    const context = createTestContext(services);
    const error = await requireAdmin({
      request: requestWith("http://x/admin/settings?tab=1"),
      context,
    }).catch((e) => e);
    expect(error).toBeInstanceOf(Response);
    expect(error.status).toBe(302);
    expect(error.headers.get("Location")).toBe("/admin-login?redirectTo=%2Fadmin%2Fsettings%3Ftab%3D1");
    const cookie = error.headers.get("Set-Cookie");
    const { toast } = readToast(new Request("http://x/", { headers: { cookie: cookie.split(";")[0] } }));
    expect(toast).toEqual({
      type: "error",
      title: "Authentication required",
      description: "Please log in to access the admin area",
    });
  });

  it("clears a forged or expired cookie", async () => {
    const context = createTestContext(services);
    const error = await requireAdmin({
      request: requestWith("http://x/admin", "f".repeat(43)),
      context,
    }).catch((e) => e);
    expect(error.headers.get("Set-Cookie")).toContain(
      "admin_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0",
    );
  });

  it("returns the user of a valid session, and sends a temporary password to the change page", async () => {
    const { db, config } = services;
    const context = createTestContext(services);
    const staff = (await findAdminByEmail({ db, email: "staff@example.com" }))!;
    const { token } = await openStaffSession({ db, config, userId: staff.id });
    expect(await requireAdmin({ request: requestWith("http://x/admin", token), context })).toMatchObject({
      email: "Staff@Example.com",
    });
    const tempSession = await signInStaff({ db, config, email: "new@example.com", mustChangePassword: true });
    const error = await requireAdmin({
      request: requestWith("http://x/admin/dashboard", tempSession.token),
      context,
    }).catch((e) => e);
    expect(error.headers.get("Location")).toBe("/admin/change-password");
    const allowed = await requireAdmin({
      request: requestWith("http://x/admin/change-password", tempSession.token),
      context,
      allowPasswordChange: true,
    });
    expect(allowed.mustChangePassword).toBe(true);
  });

  it("remembers the page of a data request, not its .data address", () => {
    expect(requestedPath(new Request("http://x/admin/settings.data?_routes=routes%2Fadmin%2Fsettings"))).toBe(
      "/admin/settings",
    );
    expect(requestedPath(new Request("http://x/admin/_.data"))).toBe("/admin");
    expect(requestedPath(new Request("http://x/admin/shipments?q=UTG"))).toBe("/admin/shipments?q=UTG");
  });
});

describe("changePassword", () => {
  it("checks the current password, then ends every other session and renews the current one", async () => {
    const { db, config } = services;
    const { user } = await signInStaff({ db, config, email: "changer@example.com", password: PASSWORD });
    const current = await openStaffSession({ db, config, userId: user.id });
    const other = await openStaffSession({ db, config, userId: user.id });
    const request = requestWith("http://x/admin/settings", current.token);
    const context = createTestContext(services);

    const wrong = await changePassword({ request, context, user, currentPassword: "nope", newPassword: "x" });
    expect(wrong).toEqual({ ok: false, error: "The current password is not correct." });

    const result = await changePassword({
      request,
      context,
      user,
      currentPassword: PASSWORD,
      newPassword: "a brand new passphrase",
    });
    expect(result.ok).toBe(true);
    expect(await getSessionUser({ db, config, token: other.token })).toBeNull();
    expect(await getSessionUser({ db, config, token: current.token })).toBeNull();
    const renewed = result.ok ? tokenOf(result.cookie) : "";
    expect(await getSessionUser({ db, config, token: renewed })).toMatchObject({ id: user.id });
    const relogin = await login({
      db,
      config,
      email: "changer@example.com",
      password: "a brand new passphrase",
      ip: "192.0.2.50",
    });
    expect(relogin.ok).toBe(true);
  });
});

describe("password reset by e-mail", () => {
  const latestMail = async (to: string) => {
    const rows = await services.db.select().from(outbox).where(eq(outbox.to, to));
    return rows.at(-1);
  };

  it("sends nothing for an unknown address", async () => {
    const before = (await services.db.select().from(outbox)).length;
    await requestPasswordReset({ ...services, email: "nobody@example.com" });
    expect((await services.db.select().from(outbox)).length).toBe(before);
  });

  it("sends a single-use link valid 30 minutes; using it sets the password and ends every session", async () => {
    const { db, config } = services;
    const session = await signInStaff({ ...services, email: "forgetful@example.com", password: PASSWORD });
    await requestPasswordReset({ ...services, email: "FORGETFUL@example.com" });
    const mail = await latestMail("forgetful@example.com");
    expect(mail?.subject).toBe("Reset your admin password");
    const link = /(http\S+admin-reset-password\?token=([A-Za-z0-9_-]{43}))/.exec(mail!.text);
    expect(link?.[1]).toMatch(new RegExp(`^${config.siteUrl}/admin-reset-password\\?token=`));
    const token = link![2]!;
    // Stored hashed only.
    const tokens = await db.select().from(passwordResetTokens);
    expect(tokens.some((row) => row.tokenHash === token)).toBe(false);
    // The mail expires with its link: one still in the outbox by then is not sent.
    const issued = tokens.find((row) => row.userId === session.user.id);
    expect(mail!.expiresAt).toEqual(issued!.expiresAt);

    expect(await isResetTokenValid({ db, token })).toBe(true);
    expect(await resetPasswordWithToken({ db, token, password: "recovered passphrase" })).toBe(true);
    expect(await resetPasswordWithToken({ db, token, password: "second try passphrase" })).toBe(false);
    expect(await isResetTokenValid({ db, token })).toBe(false);
    expect(await getSessionUser({ db, config, token: session.token })).toBeNull();
    expect(
      (
        await login({
          db,
          config,
          email: "forgetful@example.com",
          password: "recovered passphrase",
          ip: "192.0.2.60",
        })
      ).ok,
    ).toBe(true);
  });

  it("refuses an expired link", async () => {
    const { db } = services;
    await requestPasswordReset({
      ...services,
      email: "staff@example.com",
      now: new Date(Date.now() - 31 * 60_000),
    });
    const token = /token=([A-Za-z0-9_-]{43})/.exec((await latestMail("Staff@Example.com"))!.text)![1]!;
    expect(await isResetTokenValid({ db, token })).toBe(false);
    expect(await resetPasswordWithToken({ db, token, password: "too late passphrase" })).toBe(false);
    expect(await resetPasswordWithToken({ db, token: "not-a-token", password: "too late passphrase" })).toBe(
      false,
    );
  });
});
