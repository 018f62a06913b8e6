// Tests' fixture for proof of delivery: each test file's own database, site and signed-in clerk, a new shipment
// out for delivery before each test, the delivery routes called as that clerk (or as someone not signed in),
// the form the 'Record delivery' page posts, and the images a phone camera or the signature pad sends.
import type { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { consignees, shipments, shippers } from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import { setNotificationsEnabled } from "#app/server/settings/notification-settings.server.ts";
import { signInStaff } from "#tests/setup/staff-session.ts";
import { createTestContext } from "#tests/setup/test-db.ts";

export const MB = 1024 * 1024;
export const SITE = "https://unitrans.example";

export type DeliveryFixture = {
  services: Services;
  /** The signed-in clerk's Cookie header. */
  cookie: string;
  /** The shipment of the running test, out for delivery, with a shipper and a consignee. */
  shipmentId: string;
  trackingNumber: string;
  /** How many shipments the file made so far (each consignee's address carries it). */
  serial: number;
};

/**
 * Registers the test file's hooks (its services from `startServices`, on the site `SITE`, with a signed-in
 * clerk and notifications on; then a new shipment before each test) and calls `onChange` with the fixture after
 * each, so the test file's own variables follow it. Returns the calls of the delivery routes, which use the
 * fixture's clerk and shipment.
 */
export function setUpDeliveryFixture(
  startServices: () => Promise<Services>,
  onChange: (fixture: DeliveryFixture) => void,
) {
  const fixture = { serial: 0 } as DeliveryFixture;
  beforeAll(async () => {
    fixture.services = await startServices();
    ({ cookie: fixture.cookie } = await signInStaff({ ...fixture.services, email: "driver@example.com" }));
    await setNotificationsEnabled({ db: fixture.services.db, enabled: true });
    onChange(fixture);
  });
  afterAll(() => fixture.services.close());

  beforeEach(async () => {
    const { services } = fixture;
    const serial = ++fixture.serial;
    const [shipper] = await services.db
      .insert(shippers)
      .values({ name: "Ada Shipper", email: "shipper@example.com" })
      .returning();
    const [consignee] = await services.db
      .insert(consignees)
      .values({ name: "Kofi Consignee", email: `consignee${serial}@example.com` })
      .returning();
    const trackingNumber = `UTG-4400-${String(serial).padStart(4, "0")}`;
    const [row] = await services.db
      .insert(shipments)
      .values({
        trackingNumber,
        status: "Out for Delivery",
        estimatedDelivery: new Date("2026-11-30T00:00:00Z"),
        originLocation: "Shanghai",
        destinationLocation: "Monrovia",
        shipperId: shipper!.id,
        consigneeId: consignee!.id,
      })
      .returning();
    fixture.trackingNumber = trackingNumber;
    fixture.shipmentId = row!.id;
    onChange(fixture);
  });

  const context = (): RouterContextProvider => createTestContext(fixture.services);

  async function call(
    fn: (args: never) => unknown,
    pathName: string,
    {
      params = {},
      body,
      signedIn = true,
    }: { params?: Record<string, string>; body?: FormData; signedIn?: boolean } = {},
  ): Promise<Response> {
    try {
      const result = await fn({
        request: new Request(`http://localhost${pathName}`, {
          method: body ? "POST" : "GET",
          headers: signedIn ? { cookie: fixture.cookie } : {},
          body,
        }),
        context: context(),
        params,
      } as never);
      if (result instanceof Response) return result;
      const init = (result as { init?: ResponseInit; data?: unknown }).init;
      if (result && typeof result === "object" && "data" in result)
        return Response.json((result as { data: unknown }).data, { status: init?.status ?? 200 });
      return Response.json(result);
    } catch (error) {
      if (error instanceof Response) return error;
      const init = (error as { init?: { status?: number } }).init;
      if (init?.status) return new Response(null, { status: init.status });
      throw error;
    }
  }

  const savePath = () => `/admin/shipments/${fixture.shipmentId}/deliver`;

  return { call, savePath };
}

export const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } });
export const signaturePng = () =>
  sharp({ create: { width: 600, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><path d="M20 150 C 120 20, 220 180, 580 40" stroke="#000" stroke-width="6" fill="none"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();

/** The form the 'Record delivery' page posts; a Blob is sent as a file (the signature's or a photo). */
export const form = (fields: Record<string, string | Blob | Blob[]>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === "string") body.append(name, item);
      else body.append(name, item, name === "signature" ? "signature.png" : "photo.jpg");
    }
  }
  return body;
};
export const file = (bytes: Buffer, type = "image/jpeg") => new Blob([new Uint8Array(bytes)], { type });
export const draft = () => crypto.randomUUID();
export const saveFields = (draftId: string, more: Record<string, string | Blob | Blob[]> = {}) => ({
  intent: "save-delivery",
  draftId,
  receiverName: "John Doe",
  deliveredAt: "2026-11-21T15:40",
  remarks: "One carton dented",
  internalNote: "Driver waited 40 minutes at the gate",
  ...more,
});
