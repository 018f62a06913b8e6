// The tests' signed-in staff member (staff-session.ts): the Cookie header it gives is the one the app's own
// session reader accepts, for the role, address and temporary password asked for.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAFF_ROLES } from "#app/lib/roles.ts";
import { readSessionToken } from "#app/server/auth/sessions.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { getAdminSession, requireAdmin } from "#app/server/staff/staff-guards.server.ts";
import { getSessionUser } from "#app/server/staff/staff-sessions.server.ts";
import { login } from "#app/server/staff/staff-sign-in.server.ts";
import { openStaffSession, STAFF_PASSWORD, signInStaff } from "#tests/setup/staff-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services?.close());

const get = (path: string, cookie: string) => new Request(`http://localhost${path}`, { headers: { cookie } });

/** What the admin layout's guard answers for the request: the user, or the status of what it throws. */
const guard = (request: Request, allowPasswordChange = false) =>
  requireAdmin({ request, context: createTestContext(services), allowPasswordChange }).catch(
    (thrown: Response) => ({ status: thrown.status, location: thrown.headers.get("Location") }),
  );

describe("signInStaff", () => {
  it("gives a cookie the app's session reader accepts, as the person made", async () => {
    const staff = await signInStaff({ ...services, email: "Reader@Example.com", name: "Rea Der" });
    const session = await getAdminSession({
      request: get("/admin", staff.cookie),
      context: createTestContext(services),
    });
    expect(session).toEqual({ user: staff.user, token: staff.token });
    expect(staff.user).toMatchObject({ email: "Reader@Example.com", name: "Rea Der", role: "administrator" });
    expect(staff.cookie).toBe(`admin_session=${staff.token}`);
    // The account signs in with its password, as a person would.
    const signedIn = await login({
      ...services,
      email: "reader@example.com",
      password: STAFF_PASSWORD,
      ip: "192.0.2.7",
    });
    expect(signedIn.ok).toBe(true);
  });

  it.each(STAFF_ROLES)("honours the role %s: its pages open, the others answer 403", async (role) => {
    const { user, cookie } = await signInStaff({ ...services, role });
    const pages = {
      administrator: "/admin/staff",
      operations: "/admin/shipments/new",
      accounts: "/admin/payments",
      editor: "/admin/media",
    };
    for (const [owner, path] of Object.entries(pages)) {
      const expected = owner === role || role === "administrator" ? user : { status: 403, location: null };
      expect(await guard(get(path, cookie)), `${role} ${path}`).toEqual(expected);
    }
  });

  it("honours a temporary password: the change page only", async () => {
    const { user, cookie } = await signInStaff({ ...services, mustChangePassword: true });
    expect(user.mustChangePassword).toBe(true);
    expect(await guard(get("/admin/shipments", cookie))).toEqual({
      status: 302,
      location: "/admin/change-password",
    });
    expect(await guard(get("/admin/change-password", cookie), true)).toEqual(user);
  });

  it("names the cookie as the app does where it is Secure", async () => {
    const secure = { ...services.config, isProduction: true, siteUrl: "https://freight.example" };
    const staff = await signInStaff({ db: services.db, config: secure });
    expect(staff.cookie).toBe(`__Host-admin_session=${staff.token}`);
    expect(readSessionToken(get("/admin", staff.cookie), secure)).toBe(staff.token);
  });

  it("refuses an address that is taken, whatever its case", async () => {
    await signInStaff({ ...services, email: "twice@example.com" });
    await expect(signInStaff({ ...services, email: "TWICE@example.com" })).rejects.toThrow(/exists already/);
  });
});

describe("openStaffSession", () => {
  it("opens another session of an account, or one that began long ago and has ended", async () => {
    const staff = await signInStaff({ ...services, role: "editor" });
    const second = await openStaffSession({ ...services, userId: staff.user.id });
    expect(second.token).not.toBe(staff.token);
    expect(await guard(get("/admin/media", second.cookie))).toEqual(staff.user);
    const old = await openStaffSession({
      ...services,
      userId: staff.user.id,
      now: new Date(Date.now() - 3 * 60 * 60 * 1000),
    });
    expect(await getSessionUser({ ...services, token: old.token })).toBeNull();
  });
});
