import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  clearSessionCookie,
  createSession,
  deleteSession,
  deleteUserSessions,
  hashToken,
  pruneSessions,
  readSessionToken,
  sessionCookie,
} from "#app/server/auth/sessions.server.ts";
import { sessions } from "#app/server/db/schema.ts";
import { loadConfig } from "#app/server/platform/config.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { createAdminUser } from "#app/server/staff/staff-accounts.server.ts";
import { getSessionUser } from "#app/server/staff/staff-sessions.server.ts";
import { createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
let userId: string;
beforeAll(async () => {
  services = await createTestServices({ SESSION_IDLE_MINUTES: "120", SESSION_MAX_DAYS: "7" });
  userId = (await createAdminUser({
    db: services.db,
    email: "sessions@example.com",
    password: "x".repeat(12),
  }))!.id;
});
afterAll(() => services.close());

const MINUTE = 60_000;

describe("sessions", () => {
  it("stores only the SHA-256 of a 256-bit random token", async () => {
    const { db, config } = services;
    const { token, cookie } = await createSession({
      db,
      config,
      userId,
      ip: "203.0.113.9",
      userAgent: "test",
    });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie).toContain(`admin_session=${token}`);
    const rows = await db.select().from(sessions);
    expect(rows.some((row) => row.idHash === token)).toBe(false);
    expect(rows.some((row) => row.idHash === hashToken(token))).toBe(true);
    expect(await getSessionUser({ db, config, token })).toMatchObject({
      id: userId,
      email: "sessions@example.com",
    });
  });

  it("ends after 2 hours idle, and is kept alive by use", async () => {
    const { db, config } = services;
    const start = new Date("2026-03-01T08:00:00Z");
    const { token } = await createSession({ db, config, userId, now: start });
    const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
    expect(await getSessionUser({ db, config, token, now: at(100) })).not.toBeNull();
    expect(await getSessionUser({ db, config, token, now: at(219) })).not.toBeNull();
    expect(await getSessionUser({ db, config, token, now: at(219 + 121) })).toBeNull();
    // Deleted on sight: coming back "earlier" does not revive it.
    expect(await getSessionUser({ db, config, token, now: at(230) })).toBeNull();
  });

  it("ends after 7 days however active", async () => {
    const { db } = services;
    // A day of idle allowed, to step through the week in half days.
    const config = { ...services.config, SESSION_IDLE_MINUTES: 24 * 60 };
    const start = new Date("2026-03-10T08:00:00Z");
    const { token } = await createSession({ db, config, userId, now: start });
    for (let halfDays = 1; halfDays < 14; halfDays++) {
      const now = new Date(start.getTime() + halfDays * 12 * 60 * MINUTE);
      expect(await getSessionUser({ db, config, token, now })).not.toBeNull();
    }
    const weekLater = new Date(start.getTime() + 7 * 24 * 60 * MINUTE);
    expect(await getSessionUser({ db, config, token, now: weekLater })).toBeNull();
  });

  it("logout and 'all other sessions' end sessions on the server", async () => {
    const { db, config } = services;
    const a = await createSession({ db, config, userId });
    const b = await createSession({ db, config, userId });
    const c = await createSession({ db, config, userId });
    await deleteSession({ db, token: a.token });
    expect(await getSessionUser({ db, config, token: a.token })).toBeNull();
    await deleteUserSessions({ db, userId, exceptToken: b.token });
    expect(await getSessionUser({ db, config, token: b.token })).not.toBeNull();
    expect(await getSessionUser({ db, config, token: c.token })).toBeNull();
    await deleteUserSessions({ db, userId });
    expect(await getSessionUser({ db, config, token: b.token })).toBeNull();
  });

  it("prunes expired sessions", async () => {
    const { db, config } = services;
    await createSession({ db, config, userId, now: new Date("2020-01-01T00:00:00Z") });
    await pruneSessions({ db, config });
    const rows = await db.select().from(sessions);
    expect(rows.every((row) => row.createdAt.getFullYear() > 2020)).toBe(true);
  });
});

describe("session cookie", () => {
  it("is HttpOnly, SameSite=Lax, Path=/; Secure with a __Host- name in production over https", () => {
    const dev = loadConfig({ NODE_ENV: "development" });
    expect(sessionCookie("t", dev)).toBe("admin_session=t; Path=/; HttpOnly; SameSite=Lax; Max-Age=604800");
    const prod = loadConfig({ NODE_ENV: "production", SITE_URL: "https://freight.example" });
    expect(sessionCookie("t", prod)).toBe(
      "__Host-admin_session=t; Path=/; HttpOnly; SameSite=Lax; Max-Age=604800; Secure",
    );
    expect(clearSessionCookie(prod)).toContain("Max-Age=0");
    const plainProd = loadConfig({ NODE_ENV: "production", SITE_URL: "http://localhost:3000" });
    expect(sessionCookie("t", plainProd)).not.toContain("Secure");
  });

  it("reads only a well-formed token of the right cookie", () => {
    const config = loadConfig({ NODE_ENV: "development" });
    const token = "a".repeat(43);
    const request = (cookie: string) => new Request("http://x/", { headers: { cookie } });
    expect(readSessionToken(request(`other=1; admin_session=${token}`), config)).toBe(token);
    expect(readSessionToken(request("admin_session=short"), config)).toBeNull();
    expect(readSessionToken(request(`admin_session=${"a".repeat(42)}'`), config)).toBeNull();
    expect(readSessionToken(request(`x_admin_session=${token}`), config)).toBeNull();
    expect(readSessionToken(new Request("http://x/"), config)).toBeNull();
  });
});
