// Tests' fixture for the audit log (docs/decisions/021-audit-log.md) on a real database: the signed-in
// administrator whose writes the log records, a shipment to change, and an admin route's action run through the
// admin layout's middleware, which names the actor on the connection as a request does.
import { eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { auditLog, shipments } from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import { requireAdminMiddleware } from "#app/server/staff/staff-guards.server.ts";
import { signInStaff } from "#tests/setup/staff-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

/** The address the audited requests come from. */
export const ADDRESS = "198.51.100.7";
export const PASSWORD = "a sturdy staff passphrase";

/**
 * A test file's services on a fresh database, and the administrator Olu Ops (ops@example.com) signed in to them:
 * the actor of the audited writes and the Cookie header of their session.
 */
export async function openAuditedAdmin() {
  const services = await createTestServices();
  const { user: actor, cookie } = await signInStaff({
    ...services,
    email: "ops@example.com",
    name: "Olu Ops",
    password: PASSWORD,
    role: "administrator",
  });
  return { services, actor, cookie };
}

/**
 * What the audit tests do on their file's database, read when called (the services and the session are opened in
 * the file's beforeAll, and a password reset opens the session again); without a cookie, requests are signed out.
 */
export function auditHelpers(current: () => { services: Services; cookie?: string }) {
  return {
    /** The log's entries about one row, oldest first. */
    entriesFor: (entityId: string) => {
      const { db } = current().services;
      return db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(auditLog.createdAt);
    },
    /** A shipment In Transit from Monrovia to Accra, written without an actor (so the log has nothing of it). */
    newShipment: async (trackingNumber: string) => {
      const [row] = await current()
        .services.db.insert(shipments)
        .values({
          trackingNumber,
          status: "In Transit",
          originLocation: "Monrovia",
          destinationLocation: "Accra",
          dimensions: "1 x 1 x 1",
          estimatedDelivery: new Date("2026-12-01T00:00:00Z"),
        })
        .returning();
      return row!;
    },
    /** Runs an admin route's action the way a request does: through the admin layout's middleware. */
    throughAdminLayout: (path: string, fields: Record<string, string>, run: AdminRouteRun) => {
      const { services, cookie } = current();
      const context = createTestContext(services, ADDRESS);
      const request = new Request(`http://localhost${path}`, {
        method: "POST",
        headers: cookie ? { cookie } : {},
        body: new URLSearchParams(fields),
      });
      return requireAdminMiddleware(
        { request, context, params: {}, url: new URL(request.url), pattern: path } as never,
        async () => {
          const result = await run({ request, context });
          return result instanceof Response ? result : new Response(null, { status: 200 });
        },
      );
    },
  };
}

type AdminRouteRun = (args: { request: Request; context: RouterContextProvider }) => Promise<unknown>;
