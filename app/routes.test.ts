// Every back-office route, found in app/routes.ts (so routes added later are covered too), refuses requests
// without a valid session: no data comes back and nothing changes. Requests go through React Router's own
// handler with the route modules' real middleware, loaders and actions, against a real database.
import http from "node:http";
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_ROUTE_READERS, ADMIN_ROUTE_ROLES, STAFF_ROLES, type StaffRole } from "#app/lib/roles.ts";
import * as schema from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import { type AppHandler, createAppHandler, type RouteModule } from "#tests/setup/route-handler.ts";
import { openStaffSession, signInStaff } from "#tests/setup/staff-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";
import { isCrossOriginWrite } from "../server/security.ts";

type AdminRoute = { id: string; pattern: string; url: string; module: RouteModule; index: boolean };

/** A URL that matches a route pattern: `:params` get a UUID, a splat gets a made-up page. */
function sampleUrl(pattern: string): string {
  return pattern
    .split("/")
    .map((segment) =>
      segment.startsWith(":")
        ? "00000000-0000-4000-8000-000000000000"
        : segment === "*"
          ? "no-such-page"
          : segment,
    )
    .join("/");
}

let adminRoutes: AdminRoute[] = [];

let services: Services;
let app: AppHandler;
let validToken: string;
let expiredToken: string;
/** A session of each role (decision 019); the administrator's is `validToken`. */
const roleTokens = {} as Record<StaffRole, string>;

beforeAll(async () => {
  services = await createTestServices();
  app = await createAppHandler();
  adminRoutes = app.routes
    .filter((route) => route.pattern === "/admin" || route.pattern.startsWith("/admin/"))
    .map((route) => ({ ...route, url: sampleUrl(route.pattern) }));
  const { db, config } = services;
  const staff = await signInStaff({ db, config, email: "staff@example.com" });
  validToken = staff.token;
  roleTokens.administrator = validToken;
  for (const role of ["operations", "accounts", "editor"] as const) {
    roleTokens[role] = (await signInStaff({ db, config, email: `${role}@example.com`, role })).token;
  }
  const longAgo = new Date(Date.now() - 3 * 60 * 60 * 1000);
  expiredToken = (await openStaffSession({ db, config, userId: staff.user.id, now: longAgo })).token;
});
afterAll(() => services?.close());

type Outcome = { response: Response; body: string };

/** One request through React Router's handler, middleware included, as the server runs it. */
async function send(
  request: Request,
  context: RouterContextProvider = createTestContext(services),
): Promise<Outcome> {
  return app.send(request, context);
}

const cookieFor = (token: string | null) => (token ? { cookie: `admin_session=${token}` } : undefined);

/** Every table's rows except sessions (reading an expired session deletes it: clean-up, not a change). */
async function snapshot(): Promise<string> {
  const { db } = services;
  const tables = [
    schema.adminUsers,
    schema.siteSettings,
    schema.passwordResetTokens,
    schema.outbox,
    schema.quoteRequests,
    schema.contactSubmissions,
    schema.shipments,
    schema.shipmentStatusHistory,
    schema.shippers,
    schema.consignees,
    schema.blogPosts,
  ];
  const rows = await Promise.all(tables.map((table) => db.select().from(table as never)));
  return JSON.stringify(rows);
}

/** Bodies to post to an action: an empty form, and forms that would change something with a session. */
const POST_BODIES: Record<string, Record<string, string>[]> = {
  "routes/admin/settings": [
    { intent: "add-user", email: "intruder@example.com", password: "an intruder passphrase" },
    { intent: "remove-user", userId: "00000000-0000-4000-8000-000000000000" },
    {
      intent: "site",
      companyName: "Hacked Ltd",
      phone: "+1 555 0100",
      email: "hacked@example.com",
      address: "1 Nowhere Street",
      "businessHours[0].days": "Every day",
      "businessHours[0].hours": "Never",
    },
    {
      intent: "change-password",
      currentPassword: "x",
      newPassword: "an intruder passphrase",
      confirmPassword: "an intruder passphrase",
    },
  ],
  "routes/admin/staff": [
    { intent: "invite-staff", name: "Intruder", email: "intruder@example.com", role: "administrator" },
    { intent: "change-role", userId: "00000000-0000-4000-8000-000000000000", role: "administrator" },
    { intent: "disable-staff", userId: "00000000-0000-4000-8000-000000000000" },
    { intent: "enable-staff", userId: "00000000-0000-4000-8000-000000000000" },
    { intent: "remove-staff", userId: "00000000-0000-4000-8000-000000000000" },
  ],
  "routes/admin/invoices.new": [
    {
      intent: "save-draft",
      customerName: "Intruder",
      currency: "USD",
      paymentTermsDays: "30",
      lineDescription: "Freight",
      lineQuantity: "1",
      lineUnitPrice: "100.00",
      lineTax: "",
    },
  ],
  "routes/admin/invoices.$id": [
    { intent: "issue-invoice" },
    { intent: "void-invoice", reason: "Intruder" },
    { intent: "delete-draft" },
  ],
  "routes/admin/auth/change-password": [
    {
      currentPassword: "x",
      newPassword: "an intruder passphrase",
      confirmPassword: "an intruder passphrase",
    },
  ],
};

const SESSIONS: [string, () => Record<string, string> | undefined][] = [
  ["no session", () => undefined],
  ["an expired session", () => cookieFor(expiredToken)],
  ["a forged cookie", () => cookieFor("A".repeat(43))],
  ["a malformed cookie", () => ({ cookie: "admin_session=../../etc; admin_session=1" })],
];

/** The one admin GET that does not go to the login page: logging out by GET only goes back to the admin area. */
const GET_REDIRECTS: Record<string, string> = { "routes/admin/auth/logout": "/admin" };

function expectRefused({ response, body }: Outcome, location = "/admin-login") {
  expect(response.status, body).toBeGreaterThanOrEqual(300);
  expect(response.status).toBeLessThan(400);
  expect(response.headers.get("Location")?.startsWith(location)).toBe(true);
  expect(body).toBe("");
}

describe("the admin routes found in app/routes.ts", () => {
  it("include the layout, its pages and the catch-all", () => {
    const ids = adminRoutes.map((route) => route.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        "routes/admin/layout",
        "routes/admin/index",
        "routes/admin/dashboard",
        "routes/admin/settings",
        "routes/admin/$",
        "routes/admin/auth/logout",
        "routes/admin/auth/change-password",
      ]),
    );
  });

  it("serve a signed-in user (the harness works) and are never cached", async () => {
    const { response, body } = await send(
      new Request("http://localhost/admin/settings", { headers: cookieFor(validToken) }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(body).toContain("staff@example.com");
    const missing = await send(
      new Request("http://localhost/admin/no-such-page", { headers: cookieFor(validToken) }),
    );
    expect(missing.response.status).toBe(404);
  });
});

describe.each(SESSIONS)("with %s", (_label, headers) => {
  it("every admin loader answers with a redirect to the login page and no data", async () => {
    for (const route of adminRoutes) {
      if (!route.module.loader && !route.module.middleware) continue;
      const outcome = await send(new Request(`http://localhost${route.url}`, { headers: headers() }));
      expectRefused(outcome, GET_REDIRECTS[route.id]);
    }
  });

  it("every admin action refuses and changes nothing", async () => {
    const before = await snapshot();
    for (const route of adminRoutes) {
      if (!route.module.action) continue;
      const url = `http://localhost${route.url}${route.index ? "?index" : ""}`;
      for (const fields of [{}, ...(POST_BODIES[route.id] ?? [])]) {
        const request = new Request(url, {
          method: "POST",
          headers: headers(),
          body: new URLSearchParams(fields),
        });
        expectRefused(await send(request));
      }
    }
    expect(await snapshot()).toBe(before);
  });
});

describe("roles (decision 019): every admin route × every role", () => {
  it("every admin route of app/routes.ts has an entry in the role table", () => {
    const missing = adminRoutes
      .filter((route) => !(route.pattern in ADMIN_ROUTE_ROLES))
      .map((r) => r.pattern);
    expect(missing, "add these to ADMIN_ROUTE_ROLES in app/lib/roles.ts").toEqual([]);
  });

  /** Only the root's data may come back with a 403; no admin loader ran. */
  function expectForbidden({ response, body }: Outcome, label: string) {
    expect(response.status, label).toBe(403);
    expect(response.headers.get("Location"), label).toBeNull();
    const payload = JSON.parse(body) as { loaderData?: Record<string, unknown>; actionData?: unknown };
    expect(
      Object.keys(payload.loaderData ?? {}).filter((id) => id !== "root"),
      label,
    ).toEqual([]);
    expect(payload.actionData ?? null, label).toBeNull();
    expect(body, label).toContain("You do not have access to this page.");
  }

  it.each(STAFF_ROLES)(
    "a %s's GETs: allowed routes answer (not 403), refused ones 403 with no data",
    async (role) => {
      const seen = { allowed: 0, refused: 0 };
      for (const route of adminRoutes) {
        if (!route.module.loader && !route.module.middleware) continue;
        const allowed =
          ADMIN_ROUTE_ROLES[route.pattern]!.includes(role) ||
          (ADMIN_ROUTE_READERS[route.pattern]?.includes(role) ?? false);
        const label = `${role} GET ${route.url}`;
        const abort = new AbortController();
        const request = new Request(`http://localhost${route.url}`, {
          headers: cookieFor(roleTokens[role]),
          signal: abort.signal,
        });
        if (route.id === "routes/admin/events") {
          // The event stream never ends by itself: its loader (it checks the session and role itself) answers
          // with the stream's status; then hang up.
          const result = await Promise.resolve()
            .then(() => route.module.loader!({ request, context: createTestContext(services), params: {} }))
            .catch((error: unknown) => error);
          expect(result, label).toBeInstanceOf(Response);
          expect((result as Response).status, label).toBe(allowed ? 200 : 403);
          abort.abort();
          await (result as Response).body?.cancel().catch(() => {});
          continue;
        }
        const outcome = await send(request);
        if (allowed) {
          seen.allowed++;
          expect(outcome.response.status, `${label}: ${outcome.body.slice(0, 300)}`).not.toBe(403);
          expect(outcome.response.headers.get("Location")?.startsWith("/admin-login") ?? false, label).toBe(
            false,
          );
        } else {
          seen.refused++;
          expectForbidden(outcome, label);
        }
      }
      expect(seen.allowed).toBeGreaterThan(0);
      if (role !== "administrator") expect(seen.refused).toBeGreaterThan(0);
    },
  );

  it.each(STAFF_ROLES)("a %s's refused actions answer 403 and change nothing", async (role) => {
    const before = await snapshot();
    for (const route of adminRoutes) {
      if (!route.module.action || ADMIN_ROUTE_ROLES[route.pattern]!.includes(role)) continue;
      const url = `http://localhost${route.url}${route.index ? "?index" : ""}`;
      for (const fields of [{}, ...(POST_BODIES[route.id] ?? [])]) {
        const label = `${role} POST ${route.url} ${JSON.stringify(fields)}`;
        const request = new Request(url, {
          method: "POST",
          headers: cookieFor(roleTokens[role]),
          body: new URLSearchParams(fields),
        });
        expectForbidden(await send(request), label);
        // And the action alone, without the layout's middleware, refuses too.
        const direct = new Request(url, {
          method: "POST",
          headers: cookieFor(roleTokens[role]),
          body: new URLSearchParams(fields),
        });
        const result = await Promise.resolve()
          .then(() =>
            route.module.action!({ request: direct, context: createTestContext(services), params: {} }),
          )
          .catch((error: unknown) => error);
        expect(result, label).toBeInstanceOf(Response);
        expect((result as Response).status, label).toBe(403);
      }
    }
    expect(await snapshot()).toBe(before);
  });
});

describe("every admin action checks the session itself", () => {
  it("refuses even when called without the layout's middleware", async () => {
    const before = await snapshot();
    for (const route of adminRoutes) {
      if (!route.module.action) continue;
      for (const fields of [{}, ...(POST_BODIES[route.id] ?? [])]) {
        const request = new Request(`http://localhost${route.url}`, {
          method: "POST",
          headers: cookieFor("B".repeat(43)),
          body: new URLSearchParams(fields),
        });
        const context = createTestContext(services);
        const result = await Promise.resolve()
          .then(() => route.module.action!({ request, context, params: {} }))
          .catch((error: unknown) => error);
        expect(result, route.id).toBeInstanceOf(Response);
        expect((result as Response).headers.get("Location")?.startsWith("/admin-login"), route.id).toBe(true);
      }
    }
    expect(await snapshot()).toBe(before);
  });
});

describe("cross-origin writes", () => {
  const site = "http://localhost:3000";
  it("are recognised from the Origin or Sec-Fetch-Site headers", () => {
    const check = (headers: Record<string, string>) =>
      isCrossOriginWrite({ headers, host: "localhost:3000", protocol: "http", siteUrl: site });
    expect(check({ origin: "https://evil.example" })).toBe(true);
    expect(check({ origin: "null" })).toBe(true);
    expect(check({ origin: "not a url" })).toBe(true);
    expect(check({ "sec-fetch-site": "cross-site" })).toBe(true);
    expect(check({ origin: "http://localhost:3000" })).toBe(false);
    expect(check({ "sec-fetch-site": "same-origin" })).toBe(false);
  });

  it("are refused by the HTTP shell before any admin or public action runs", async () => {
    const { createApp } = await import("../server/app.ts");
    const app = createApp({ services });
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    try {
      const before = await snapshot();
      for (const target of [
        "/admin/settings",
        "/admin/logout",
        "/admin-login",
        "/contact",
        // Decision 016: the staff quote page (save, send, book), the booking form and the customer's quote link.
        "/admin/quote-requests/00000000-0000-4000-8000-000000000000/quote",
        "/admin/shipments/new?request=00000000-0000-4000-8000-000000000000",
        `/quote/${"q".repeat(43)}`,
      ]) {
        const response = await fetch(`http://127.0.0.1:${port}${target}`, {
          method: "POST",
          headers: {
            origin: "https://evil.example",
            "content-type": "application/x-www-form-urlencoded",
            cookie: `admin_session=${validToken}`,
          },
          body: "intent=add-user&email=intruder%40example.com&password=an+intruder+passphrase",
        });
        expect(response.status, target).toBe(403);
        expect(await response.text()).toBe("Cross-origin requests are not allowed.");
      }
      expect(await snapshot()).toBe(before);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
