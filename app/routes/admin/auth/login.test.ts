import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "#app/routes/admin/auth/login.tsx";
import type { Services } from "#app/server/services.server.ts";
import { createAdminUser } from "#app/server/staff/staff-accounts.server.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
const PASSWORD = "a sturdy staff passphrase";
beforeAll(async () => {
  services = await createTestServices();
  await createAdminUser({ db: services.db, email: "staff@example.com", password: PASSWORD });
  await createAdminUser({
    db: services.db,
    email: "new@example.com",
    password: PASSWORD,
    mustChangePassword: true,
  });
});
afterAll(() => services.close());

type Reply = { data: { error?: Record<string, string[] | null> }; init: { status?: number } | null };

async function post(fields: Record<string, string> | URLSearchParams, cookie?: string) {
  const request = new Request("http://localhost/admin-login", {
    method: "POST",
    headers: cookie ? { cookie } : {},
    body: fields instanceof URLSearchParams ? fields : new URLSearchParams(fields),
  });
  return action({ request, context: createTestContext(services, "192.0.2.200"), params: {} } as never);
}

const sessionCookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((c) => c.startsWith("admin_session="))!
    .split(";")[0]!;

describe("the login action", () => {
  it("signs in and goes to the dashboard with the welcome toast", async () => {
    const response = (await post({ email: "Staff@Example.com", password: PASSWORD })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/dashboard");
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((c) => /^admin_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax/.test(c))).toBe(
      true,
    );
    const toast = cookies
      .find((c) => c.startsWith("toast="))!
      .split(";")[0]!
      .slice("toast=".length);
    expect(JSON.parse(Buffer.from(toast, "base64url").toString())).toEqual({
      type: "success",
      title: "Login successful",
      description: "Welcome to the admin dashboard",
    });
  });

  it("returns to the remembered page, only on this site", async () => {
    const to = async (redirectTo: string) =>
      ((await post({ email: "staff@example.com", password: PASSWORD, redirectTo })) as Response).headers.get(
        "Location",
      );
    expect(await to("/admin/shipments?q=UTG")).toBe("/admin/shipments?q=UTG");
    expect(await to("//evil.example")).toBe("/admin/dashboard");
    expect(await to("https://evil.example/admin")).toBe("/admin/dashboard");
    expect(await to("/\\evil.example")).toBe("/admin/dashboard");
  });

  it("sends an account with a temporary password to the change-password page", async () => {
    const response = (await post({ email: "new@example.com", password: PASSWORD })) as Response;
    expect(response.headers.get("Location")).toBe("/admin/change-password");
  });

  it("answers 'Invalid email or password' for a wrong password and for an unknown account", async () => {
    for (const email of ["staff@example.com", "nobody@example.com"]) {
      const reply = (await post({ email, password: "wrong passphrase here" })) as Reply;
      expect(reply.init?.status).toBe(401);
      expect(reply.data.error?.[""]).toEqual(["Invalid email or password"]);
    }
  });

  it("answers hostile input with a validation error, never a crash", async () => {
    const repeated = new URLSearchParams([
      ["email", "staff@example.com"],
      ["email", "other@example.com"],
      ["password", PASSWORD],
    ]);
    const cases: (Record<string, string> | URLSearchParams)[] = [
      {},
      { email: "<script>alert(1)</script>", password: "x" },
      { email: `${"a".repeat(300)}@example.com`, password: "x" },
      { email: "staff@example.com", password: "x".repeat(5000) },
      { email: "staff@example.com\u0000", password: PASSWORD },
      repeated,
    ];
    for (const fields of cases) {
      const reply = (await post(fields)) as Reply;
      expect(reply.init?.status).toBe(400);
    }
  });
});

describe("the login page's loader", () => {
  it("sends a signed-in visitor to the dashboard", async () => {
    const signedIn = (await post({ email: "staff@example.com", password: PASSWORD })) as Response;
    const request = new Request("http://localhost/admin-login", {
      headers: { cookie: sessionCookieOf(signedIn) },
    });
    const result = await Promise.resolve(
      loader({ request, context: createTestContext(services), params: {} } as never),
    ).catch((error: unknown) => error);
    expect((result as Response).headers.get("Location")).toBe("/admin/dashboard");
    const anonymous = new Request("http://localhost/admin-login");
    expect(
      await loader({ request: anonymous, context: createTestContext(services), params: {} } as never),
    ).toBeNull();
  });
});
