// The updates switch on /account/shipments/:trackingNumber (docs/decisions/029-customer-accounts.md), its action
// called as the router calls it, on a real database: a customer switches the shipment's updates off and on for
// their company's role only, bad input changes nothing, and another company's shipment is a 404.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as shipmentAction } from "#app/routes/account/shipments.$tracking-number.tsx";
import {
  customerShipmentLoaders,
  number,
  openCustomerShipments,
} from "#app/server/customers/customer-shipment-pages.test-support.ts";
import { UPDATES_INTENT } from "#app/server/customers/customer-shipment-views.ts";
import { shipmentNotificationRecipients, shipments } from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import type { SignedInCustomer } from "#tests/setup/customer-session.ts";
import { createTestContext } from "#tests/setup/test-db.ts";

let services: Services;
let a: SignedInCustomer;
let b: SignedInCustomer;
beforeAll(async () => {
  ({ services, a, b } = await openCustomerShipments());
});
afterAll(() => services.close());
const { detail } = customerShipmentLoaders(() => services);

describe("the updates switch", () => {
  const post = (customer: SignedInCustomer | null, trackingNumber: string, fields: [string, string][]) =>
    statusOfAction(() =>
      shipmentAction({
        request: new Request(`http://localhost/account/shipments/${trackingNumber}`, {
          method: "POST",
          headers: customer ? { cookie: customer.cookie } : {},
          body: new URLSearchParams(fields),
        }),
        context: createTestContext(services),
        params: { trackingNumber },
      } as never),
    );
  async function statusOfAction(run: () => Promise<unknown>) {
    try {
      const result = (await run()) as { data: unknown; init?: { status?: number } };
      return { status: result.init?.status ?? 200, data: result.data };
    } catch (error) {
      if (error instanceof Response) return { status: error.status, data: error.headers.get("Location") };
      throw error;
    }
  }
  const switches = async (trackingNumber: string) => {
    const [shipment] = await services.db
      .select({ id: shipments.id })
      .from(shipments)
      .where(eq(shipments.trackingNumber, trackingNumber));
    return services.db
      .select({ role: shipmentNotificationRecipients.role, enabled: shipmentNotificationRecipients.enabled })
      .from(shipmentNotificationRecipients)
      .where(eq(shipmentNotificationRecipients.shipmentId, shipment!.id))
      .orderBy(shipmentNotificationRecipients.role);
  };

  it("switches off and on only the company's role on the shipment, whatever role the form names", async () => {
    const off = await post(a, number(8), [
      ["intent", UPDATES_INTENT],
      ["updates", "off"],
      ["role", "consignee"],
    ]);
    expect(off.status).toBe(200);
    expect(await switches(number(8))).toEqual([{ role: "shipper", enabled: false }]);
    expect((await detail(a, number(8))).notifications).toEqual({ roles: ["shipper"], enabled: false });
    // B, the consignee, still gets them.
    expect((await detail(b, number(8))).notifications).toEqual({ roles: ["consignee"], enabled: true });
    await post(a, number(8), [
      ["intent", UPDATES_INTENT],
      ["updates", "on"],
    ]);
    expect(await switches(number(8))).toEqual([{ role: "shipper", enabled: true }]);
  });

  it("refuses bad input with a 400 and changes nothing", async () => {
    for (const fields of [
      [["intent", UPDATES_INTENT]],
      [
        ["intent", UPDATES_INTENT],
        ["updates", "maybe"],
      ],
      [
        ["intent", UPDATES_INTENT],
        ["updates", "off"],
        ["updates", "off"],
      ],
      [
        ["intent", "delete"],
        ["updates", "off"],
      ],
      [["updates", "off"]],
    ] as [string, string][][]) {
      const reply = await post(a, number(9), fields);
      expect(reply.status).toBe(400);
      expect(reply.data).toMatchObject({ ok: false });
    }
    expect(await switches(number(9))).toEqual([]);
  });

  it("answers 404 for another company's shipment and sends someone signed out to sign in", async () => {
    const fields: [string, string][] = [
      ["intent", UPDATES_INTENT],
      ["updates", "off"],
    ];
    expect((await post(a, number(27), fields)).status).toBe(404);
    expect(await switches(number(27))).toEqual([]);
    const signedOut = await post(null, number(8), fields);
    expect(signedOut.status).toBe(302);
    expect(signedOut.data).toMatch(/^\/account\?redirectTo=/);
    expect((await switches(number(8))).map((row) => row.role)).not.toContain("consignee");
  });
});
