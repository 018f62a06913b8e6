// 'Show full details' (decision 029) end to end on the real database: the public tracking page stays masked,
// unknown numbers are answered as the tracking page does, and the rate limits.
import { describe, expect, it } from "vitest";
import { loader as trackingLoader } from "#app/routes/site/track.$tracking-number.tsx";
import { rateLimits } from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import { createTestContext } from "#tests/setup/test-db.ts";
import { A, SITE, visitor } from "./track.$tracking-number.details.test-support.ts";
import { bodyOf, codeIn, cookiePair, statusOf } from "./track.details-answers.test-support.ts";

let services: Services;
let client: string;
const { open, post, sentTo, askCode } = visitor(
  (now) => ({ services, client } = now),
  // The last test asks from another address.
  () => client,
);

describe("the public tracking page stays masked", () => {
  it("shows no contact details, goods or documents, and links to 'Show full details'", async () => {
    const page = (await trackingLoader({
      request: new Request(`${SITE}/track/${A}`),
      params: { trackingNumber: A },
      context: createTestContext(services, client),
    } as never)) as Record<string, unknown>;
    expect(page.kind).toBe("found");
    expect(page.detailsPath).toBe(`/track/${A}/details`);
    const text = JSON.stringify(page);
    for (const hidden of [
      "@example.com",
      "555 0142",
      "Export Road",
      "Tubman",
      "Solar panels",
      "12000",
      "waybill",
    ]) {
      expect(text).not.toContain(hidden);
    }
    expect(page.shipment).toMatchObject({
      shipper: { name: "Shipper kollie", company: "Shipper kollie Ltd" },
      consignee: { name: "Consignee kollie", company: "Consignee kollie Supplies" },
    });
  });
});

describe("unknown numbers, limits", () => {
  it("answers an unknown or malformed number as the tracking page does, and counts every request before the lookup", async () => {
    services.config.TRACK_RATE_LIMIT = 4;
    try {
      expect(statusOf(await open("UTG-0000-0000"))).toBe(404);
      expect(bodyOf(await open("UTG-0000-0000"))).toEqual({ kind: "not-found", number: "UTG-0000-0000" });
      const posted = await post("UTG-0000-0000", { intent: "contact", contact: "a@example.com" });
      expect(statusOf(posted)).toBe(404);
      expect(statusOf(await open("-.-"))).toBe(404);
      // The fifth lookup, whichever the number or form.
      const limited = await post(A, { intent: "contact", contact: "shipper.kollie@example.com" });
      expect(statusOf(limited)).toBe(429);
      expect(String(bodyOf(limited).error)).toMatch(/^Too many lookups from your address\./);
      expect(bodyOf(await open(A))).toMatchObject({ kind: "rate-limited" });
      expect(await sentTo("shipper.kollie@example.com")).toHaveLength(0);
    } finally {
      services.config.TRACK_RATE_LIMIT = 1000;
    }
  });

  it("past five codes an hour for an address serves the code already live (never refused); 20 per client", async () => {
    for (let i = 0; i < 5; i++) await askCode(A, "shipper.kollie@example.com");
    // The contact, from another client: served, nothing more sent, and the newest code opens the details.
    client = "198.51.100.252";
    const sixth = await askCode(A, "SHIPPER.kollie@example.com");
    const sent = await sentTo("shipper.kollie@example.com");
    expect(sent).toHaveLength(5);
    const newest = sent.sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime()).at(-1)!;
    const granted = await post(A, { intent: "code", code: codeIn(newest.text) }, sixth.attempt);
    expect(statusOf(granted)).toBe(302);
    expect(cookiePair(granted, "shipment_details")).toMatch(/^shipment_details=[\w-]{43}$/);
    // Per client: 20 an hour, whatever the addresses.
    await services.db.delete(rateLimits);
    for (let i = 0; i < 20; i++) await askCode(A, `walker${i}@example.com`);
    expect(statusOf(await post(A, { intent: "contact", contact: "walker99@example.com" }))).toBe(429);
  });

  it("refuses a post it cannot read with 400, counting nothing", async () => {
    expect(statusOf(await post(A, { intent: "nonsense" }))).toBe(400);
    expect(statusOf(await post(A, {}))).toBe(400);
    expect(await services.db.select().from(rateLimits)).toHaveLength(0);
  });
});
