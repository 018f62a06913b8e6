import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader } from "#app/routes/resources/track.$tracking-number.qr.svg.ts";
import type { Services } from "#app/server/services.server.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(async () => {
  await services.close();
});

const get = (trackingNumber: string) =>
  loader({
    request: new Request(`http://localhost/track/${encodeURIComponent(trackingNumber)}/qr.svg`),
    params: { trackingNumber },
    context: createTestContext(services),
  } as unknown as Parameters<typeof loader>[0]);

describe("GET /track/:trackingNumber/qr.svg", () => {
  it("is an SVG image of the tracking page's address, cacheable", async () => {
    const response = await get(" utg-1234-5678 ");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(response.headers.get("Cache-Control")).toContain("max-age");
    const svg = await response.text();
    expect(svg).toMatch(/^<svg /);
    // Same picture as the normalised number's.
    expect(await (await get("UTG-1234-5678")).text()).toBe(svg);
  });

  it("answers 404 for what can never be a tracking number", async () => {
    for (const bad of ["", "x".repeat(65), "UTG\u0000"]) {
      const response = await get(bad);
      expect(response.status).toBe(404);
    }
  });
});
