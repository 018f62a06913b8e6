import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as changePasswordLoader } from "#app/routes/admin/auth/change-password.tsx";
import { action as forgotAction } from "#app/routes/admin/auth/forgot-password.tsx";
import { action as logoutAction } from "#app/routes/admin/auth/logout.tsx";
import { action as resetAction, loader as resetLoader } from "#app/routes/admin/auth/reset-password.tsx";
import { outbox } from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import { createAdminUser } from "#app/server/staff/staff-accounts.server.ts";
import { signInStaff } from "#tests/setup/staff-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
const PASSWORD = "a sturdy staff passphrase";
beforeAll(async () => {
  services = await createTestServices();
  await createAdminUser({ db: services.db, email: "known@example.com", password: PASSWORD });
});
afterAll(() => services.close());

const form = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  new Request(url, { method: "POST", headers, body: new URLSearchParams(fields) });
const args = (request: Request, ip?: string) =>
  ({ request, context: createTestContext(services, ip), params: {} }) as never;

type ForgotReply = { sentTo?: string | null; data?: { sentTo: string | null }; init?: { status?: number } };

describe("forgot password", () => {
  it("answers the same for a known and an unknown address; only the known one gets a link", async () => {
    const url = "http://localhost/admin-forgot-password";
    const known = (await forgotAction(args(form(url, { email: "Known@Example.com" })))) as ForgotReply;
    const unknown = (await forgotAction(args(form(url, { email: "unknown@example.com" })))) as ForgotReply;
    expect(known.sentTo).toBe("Known@Example.com");
    expect(unknown.sentTo).toBe("unknown@example.com");
    const mails = await services.db.select().from(outbox);
    expect(mails.map((m) => m.to)).toEqual(["known@example.com"]);
    expect(mails[0]!.text).toContain("/admin-reset-password?token=");
  });

  it("limits requests per client address", async () => {
    const url = "http://localhost/admin-forgot-password";
    let last: ForgotReply = {};
    for (let i = 0; i < 11; i++) {
      last = (await forgotAction(
        args(form(url, { email: `x${i}@example.com` }), "192.0.2.99"),
      )) as ForgotReply;
    }
    expect(last.init?.status).toBe(429);
  });
});

describe("reset password", () => {
  it("shows no form for an unknown token and refuses to use it", async () => {
    for (const token of ["", "abc", "A".repeat(43), "<script>"]) {
      const request = new Request(`http://localhost/admin-reset-password?token=${encodeURIComponent(token)}`);
      expect(await resetLoader(args(request))).toEqual({ token: null });
    }
    const reply = (await resetAction(
      args(
        form("http://localhost/admin-reset-password", {
          token: "A".repeat(43),
          newPassword: "a brand new passphrase",
          confirmPassword: "a brand new passphrase",
        }),
      ),
    )) as { data: { error: Record<string, string[]> }; init: { status: number } };
    expect(reply.init.status).toBe(400);
    expect(reply.data.error[""]).toEqual(["This reset link is invalid or has expired."]);
  });

  it("sets the password from a real link", async () => {
    const [mail] = await services.db.select().from(outbox).where(eq(outbox.to, "known@example.com"));
    const token = /token=([\w-]{43})/.exec(mail!.text)![1]!;
    const request = new Request(`http://localhost/admin-reset-password?token=${token}`);
    expect(await resetLoader(args(request))).toEqual({ token });
    const response = (await resetAction(
      args(
        form("http://localhost/admin-reset-password", {
          token,
          newPassword: "recovered passphrase here",
          confirmPassword: "recovered passphrase here",
        }),
      ),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin-login");
  });
});

describe("change password and logout", () => {
  it("need a session", async () => {
    const anonymous = new Request("http://localhost/admin/change-password");
    const refused = await Promise.resolve(changePasswordLoader(args(anonymous))).catch((e: unknown) => e);
    expect((refused as Response).headers.get("Location")).toMatch(/^\/admin-login\?redirectTo=/);
    const logout = (await logoutAction(args(form("http://localhost/admin/logout", {})))) as Response;
    expect(logout.headers.get("Location")).toBe("/admin-login");
    expect(logout.headers.getSetCookie().some((c) => c.startsWith("toast="))).toBe(false);
  });

  it("logout ends the session on the server with the spec's toast", async () => {
    const { cookie } = await signInStaff({ ...services, email: "leaver@example.com", password: PASSWORD });
    const response = (await logoutAction(
      args(form("http://localhost/admin/logout", {}, { cookie })),
    )) as Response;
    expect(response.headers.get("Location")).toBe("/admin-login");
    expect(response.headers.getSetCookie().some((c) => c.startsWith("admin_session=;"))).toBe(true);
    const refused = await Promise.resolve(
      changePasswordLoader(
        args(new Request("http://localhost/admin/change-password", { headers: { cookie } })),
      ),
    ).catch((e: unknown) => e);
    expect((refused as Response).status).toBe(302);
  });
});
