// 'Show full details' tests' fixtures (decision 029): two shipments, each with a shipper and a consignee on
// file, and the details page called as a visitor's browser calls it.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { action, loader } from "#app/routes/site/track.$tracking-number.details.tsx";
import { consignees, outbox, rateLimits, shipments, shippers } from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";
import { cookiePair, statusOf } from "./track.details-answers.test-support.ts";

export const SITE = "https://freight.example.com";
const TWILIO = {
  TWILIO_ACCOUNT_SID: `AC${"2".repeat(32)}`,
  TWILIO_AUTH_TOKEN: "abcdef0123456789abcdef0123456789",
  TWILIO_SMS_FROM: "+15017122661",
};
export const A = "UTG-7001-0001";
export const B = "UTG-7001-0002";

let ipSerial = 0;

/**
 * Opens the calling file's services with shipments A and B before its tests and closes them after; before each
 * test, clears the rate limits and the outbox and takes a new client address. Call it at the file's top level.
 * `share` hands the file its services and the test's client address; the page is called from that address, or
 * from `client()` when given: the file's address at the time, for a test that moves to another one.
 */
export function visitor(share: (now: { services: Services; client: string }) => void, client?: () => string) {
  let current = "";
  const from = client ?? (() => current);
  let services: Services;
  const ids: Record<string, { shipment: string; shipper: string; consignee: string }> = {};
  beforeAll(async () => {
    services = await createTestServices(
      { SITE_URL: SITE, TRACK_RATE_LIMIT: "1000", ...TWILIO },
      { outbox: { autostart: false } },
    );
    for (const [number, who] of [
      [A, "kollie"],
      [B, "weah"],
    ] as const) {
      const [shipper] = await services.db
        .insert(shippers)
        .values({
          name: `Shipper ${who}`,
          company: `Shipper ${who} Ltd`,
          email: `shipper.${who}@example.com`,
          phone: "+86 21 5555 0188",
          address: `1 Export Road, ${who}`,
        })
        .returning();
      const [consignee] = await services.db
        .insert(consignees)
        .values({
          name: `Consignee ${who}`,
          company: `Consignee ${who} Supplies`,
          email: `Consignee.${who}@Example.com`,
          // As records keep it, with spaces: compared as E.164.
          phone: who === "kollie" ? "+231 77 555 0142" : "+231 88 555 0199",
          address: `14 Tubman Boulevard, ${who}`,
        })
        .returning();
      const [shipment] = await services.db
        .insert(shipments)
        .values({
          trackingNumber: number,
          status: "In Transit",
          originLocation: "Shanghai",
          destinationLocation: "Monrovia",
          goodsDescription: `Solar panels for ${who}`,
          pieces: 12,
          weight: 1250.5,
          dimensions: "240 x 120 x 150 cm",
          declaredValue: 12000,
          declaredCurrency: "USD",
          shipperId: shipper!.id,
          consigneeId: consignee!.id,
        })
        .returning();
      ids[number] = { shipment: shipment!.id, shipper: shipper!.id, consignee: consignee!.id };
    }
  });
  afterAll(() => services?.close());

  beforeEach(async () => {
    await services.db.delete(rateLimits);
    await services.db.delete(outbox);
    current = `198.51.100.${(ipSerial++ % 250) + 1}`;
    share({ services, client: current });
  });

  const open = (number: string, cookie = "", ip = from()) =>
    loader({
      request: new Request(`${SITE}/track/${number}/details`, { headers: cookie ? { cookie } : {} }),
      params: { trackingNumber: number },
      context: createTestContext(services, ip),
    } as never);
  const post = (number: string, fields: Record<string, string>, cookie = "", ip = from()) =>
    action({
      request: new Request(`${SITE}/track/${number}/details`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
        body: new URLSearchParams(fields).toString(),
      }),
      params: { trackingNumber: number },
      context: createTestContext(services, ip),
    } as never);
  const sentTo = (to: string) => services.db.select().from(outbox).where(eq(outbox.to, to));

  /** Asks a code for `contact` on shipment `number`; the attempt cookie. */
  async function askCode(number: string, contact: string) {
    const answer = await post(number, { intent: "contact", contact });
    expect(statusOf(answer)).toBe(302);
    const attempt = cookiePair(answer, "shipment_details_code");
    expect(attempt).toMatch(/^shipment_details_code=[\w-]{43}$/);
    return { answer, attempt };
  }

  return { ids, open, post, sentTo, askCode };
}
