// The shipment back office's tests' fixtures: a signed-in clerk's requests to the routes' actions and loaders,
// the shipment form as the browser posts it, and the toast an answer carries.
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll } from "vitest";
import type { Services } from "#app/server/services.server.ts";
import { adminContext } from "#app/server/staff/staff-guards.server.ts";
import { signInStaff } from "#tests/setup/staff-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

export type Reply = {
  data: Record<string, unknown> & { result?: { error?: Record<string, string[] | null> } };
  init: { status?: number } | null;
};

/**
 * Opens the calling file's services and signs a clerk in before its tests, closes them after (call it at the
 * file's top level), and answers the requests that clerk's browser sends. `opened` hands the file its services
 * and the clerk's session cookie for the tests' own queries.
 */
export function signedInDesk(opened: (services: Services, cookie: string) => void) {
  let services: Services;
  let cookie = "";
  beforeAll(async () => {
    services = await createTestServices();
    ({ cookie } = await signInStaff({ ...services, email: "desk@example.com" }));
    opened(services, cookie);
  });
  afterAll(() => services.close());

  function context(): RouterContextProvider {
    const ctx = createTestContext(services);
    return ctx;
  }

  function request(path: string, fields?: Record<string, string> | [string, string][], withCookie = true) {
    return new Request(`http://localhost${path}`, {
      method: fields ? "POST" : "GET",
      headers: withCookie ? { cookie } : {},
      body: fields ? new URLSearchParams(fields) : undefined,
    });
  }

  // Loaders run below the admin layout, whose middleware sets the signed-in user.
  async function load<T>(loader: (args: never) => T, path: string, params: Record<string, string> = {}) {
    const ctx = context();
    ctx.set(adminContext, { id: "x", email: "desk@example.com" } as never);
    return loader({ request: request(path), context: ctx, params } as never);
  }

  return { context, request, load };
}

/** The shipment form's fields as the browser posts them, for a new shipment numbered `trackingNumber`. */
export const validShipment = (trackingNumber: string) => ({
  intent: "save-shipment",
  trackingNumber,
  status: "In Transit",
  originLocation: "Monrovia, Liberia",
  destinationLocation: "Accra, Ghana",
  currentLocation: "",
  estimatedDelivery: "2030-05-01",
  weight: "",
  dimensions: "10 x 20 x 30",
  notes: "",
  shipperId: "none",
  consigneeId: "none",
});

/** A shipment as `createShipment` takes it, with no parties. */
export function base(trackingNumber: string) {
  return {
    trackingNumber,
    status: "Processing",
    originLocation: "Monrovia",
    destinationLocation: "Dakar",
    currentLocation: null,
    estimatedDelivery: new Date("2030-01-01T00:00:00Z"),
    weight: null,
    dimensions: "1 x 1 x 1",
    notes: null,
    shipperId: null,
    consigneeId: null,
  };
}

export function decodeToast(response: Response) {
  const match = response.headers.get("Set-Cookie")?.match(/toast=([^;]+)/);
  return match ? JSON.parse(Buffer.from(match[1]!, "base64url").toString("utf8")) : null;
}
