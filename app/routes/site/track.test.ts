import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { headers, loader as resultLoader } from "#app/routes/site/track.$tracking-number.tsx";
import { loader as searchLoader } from "#app/routes/site/track.tsx";
import { consignees, shipmentStatusHistory, shipments, shippers } from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
beforeAll(async () => {
  services = await createTestServices({ TRACK_RATE_LIMIT: "5", TRACK_RATE_WINDOW_SECONDS: "60" });
  const { db } = services;
  const [shipper] = await db
    .insert(shippers)
    .values({
      name: "Li Wei",
      company: "Sunrise Solar",
      email: "li@x.example",
      phone: "+86 1",
      address: "88 Pudong Ave",
    })
    .returning();
  const [consignee] = await db
    .insert(consignees)
    .values({
      name: "Grace Kollie",
      company: "Kollie Energy",
      email: "grace@x.example",
      phone: "+231 7",
      address: "14 Tubman Blvd",
    })
    .returning();
  const [shipment] = await db
    .insert(shipments)
    .values({
      trackingNumber: "UTG-1234-5678",
      status: "In Transit",
      originLocation: "Shanghai, China",
      destinationLocation: "Monrovia, Liberia",
      estimatedDelivery: new Date("2000-01-01T00:00:00Z"),
      shipperId: shipper!.id,
      consigneeId: consignee!.id,
    })
    .returning();
  await db.insert(shipmentStatusHistory).values([
    {
      shipmentId: shipment!.id,
      status: "Shipped",
      location: "Shanghai",
      timestamp: new Date("2025-01-02T00:00:00Z"),
    },
    {
      shipmentId: shipment!.id,
      status: "In Transit",
      location: "Abidjan",
      timestamp: new Date("2025-01-09T00:00:00Z"),
    },
  ]);
});
afterAll(() => services.close());

type LoaderResult = { data?: unknown; init?: ResponseInit | null } | Record<string, unknown>;

/** Runs the result loader as React Router would, from one client address. */
function lookUp(
  trackingNumber: string | undefined,
  clientIp = `198.51.100.${Math.floor(Math.random() * 250) + 1}`,
) {
  const url = `http://localhost/track/${encodeURIComponent((trackingNumber ?? "").toWellFormed())}`;
  return resultLoader({
    request: new Request(url),
    url: new URL(url),
    pattern: "/track/:trackingNumber",
    params: { trackingNumber } as { trackingNumber: string },
    context: createTestContext(services, clientIp),
  }) as Promise<LoaderResult>;
}

/** The payload and status of a loader result, whether it used data() or returned a plain object. */
function unwrap(result: LoaderResult): { status: number; headers: Headers; body: Record<string, unknown> } {
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const init = result.init as ResponseInit | null;
    return {
      status: init?.status ?? 200,
      headers: new Headers(init?.headers),
      body: result.data as Record<string, unknown>,
    };
  }
  return { status: 200, headers: new Headers(), body: result as Record<string, unknown> };
}

describe("/track loader", () => {
  const search = (query: string) =>
    searchLoader({
      request: new Request(`http://localhost/track${query}`),
      url: new URL(`http://localhost/track${query}`),
      pattern: "/track",
      params: {},
      context: createTestContext(services),
    });

  it("renders the form when no number was sent", () => {
    expect(search("")).toBeNull();
  });

  it("redirects a number to its shareable URL, trimmed and upper-cased", () => {
    let thrown: unknown;
    try {
      search("?number=%20%20utg-1234-5678%20");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toBe("/track/UTG-1234-5678");
  });

  it("sends an empty number back to /track without an error", () => {
    for (const query of ["?number=", "?number=%20%20"]) {
      try {
        search(query);
        expect.unreachable();
      } catch (error) {
        expect((error as Response).headers.get("Location")).toBe("/track");
      }
    }
  });

  it("cuts very long input in the redirect and encodes it", () => {
    try {
      search(`?number=${"a".repeat(5000)}%2F..%3Cb%3E`);
      expect.unreachable();
    } catch (error) {
      const location = (error as Response).headers.get("Location")!;
      expect(location).toBe(`/track/${"A".repeat(65)}`);
    }
  });
});

describe("/track/:trackingNumber loader", () => {
  it("returns the public shipment", async () => {
    const { status, body } = unwrap(await lookUp("UTG-1234-5678"));
    expect(status).toBe(200);
    expect(body).toMatchObject({
      kind: "found",
      number: "UTG-1234-5678",
      trackingUrl: `${services.config.siteUrl}/track/UTG-1234-5678`,
      // Derived on the server: the page's script gets plain values.
      shipment: {
        status: "In Transit",
        latest: { status: "In Transit", location: "Abidjan", at: { date: "Jan 9, 2025", time: "12:00 AM" } },
        arrival: { label: "Was due", text: "Jan 1, 2000" },
        late: true,
        step: 1,
        shipper: { name: "Li Wei", company: "Sunrise Solar" },
        consignee: { name: "Grace Kollie", company: "Kollie Energy" },
      },
    });
    expect(body.qrCodeUrl).toBe("/track/UTG-1234-5678/qr.svg");
    // WhatsApp: share the tracking link, and chat with the company's number from Settings.
    expect(body.whatsApp).toEqual({
      share: `https://wa.me/?text=${encodeURIComponent(`Track shipment UTG-1234-5678: ${services.config.siteUrl}/track/UTG-1234-5678`)}`,
      chat: `https://wa.me/231777001995?text=${encodeURIComponent("Hello, I have a question about shipment UTG-1234-5678.")}`,
    });
    const json = JSON.stringify(body);
    for (const secret of ["@x.example", "+86", "+231", "Pudong", "Tubman"])
      expect(json).not.toContain(secret);
  });

  it("answers another way of writing the number with a permanent redirect to the canonical address", async () => {
    for (const variant of [
      "UTG 1234 5678",
      "UTG12345678",
      "utg\u20131234\u20135678", // en dashes
      "UTG-1234-5678.", // pasted with the full stop
      "  utg-1234-5678 ",
      "UTG\u200b-1234-5678", // pasted with a zero-width space
      "\u200eUTG-1234-5678\ufeff", // a left-to-right mark and a BOM
      "1234-5678", // without its letters
    ]) {
      const result = await lookUp(variant);
      expect(result, variant).toBeInstanceOf(Response);
      expect((result as Response).status, variant).toBe(301);
      expect((result as Response).headers.get("Location"), variant).toBe("/track/UTG-1234-5678");
    }
  });

  it("answers 404 for a number with no letters or digits", async () => {
    const { status, body } = unwrap(await lookUp("-.-"));
    expect(status).toBe(404);
    expect(body).toEqual({ kind: "not-found", number: "-.-" });
  });

  it("answers 404 with the not-found view for an unknown number", async () => {
    const { status, body } = unwrap(await lookUp("utg-0000-0000"));
    expect(status).toBe(404);
    expect(body).toEqual({ kind: "not-found", number: "UTG-0000-0000" });
  });

  it("answers 400 'no number' for a blank number", async () => {
    const { status, body } = unwrap(await lookUp("   "));
    expect(status).toBe(400);
    expect(body).toEqual({ kind: "no-number" });
  });

  it("never throws on hostile numbers and caps what it shows", async () => {
    const hostile = [
      "A".repeat(100_000),
      "UTG\u0000\u0007\u001b[31m",
      "' OR '1'='1' --",
      "'; DROP TABLE shipments; --",
      "<script>alert(1)</script>",
      "<img src=x onerror=alert(1)>",
      "../../etc/passwd",
      "%00%ZZ",
      "\ud800",
      "📦".repeat(500),
    ];
    for (const number of hostile) {
      const { status, body } = unwrap(await lookUp(number));
      expect(status, number.slice(0, 20)).toBe(404);
      expect(body.kind).toBe("not-found");
      expect(Array.from(body.number as string).length).toBeLessThanOrEqual(65);
      expect(body.number as string).not.toMatch(/[\u0000-\u001f]/);
    }
    // Still there afterwards.
    expect(unwrap(await lookUp("UTG-1234-5678")).body.kind).toBe("found");
  });

  it("rate limits per client address: 429 with Retry-After after the limit", async () => {
    const ip = "192.0.2.77";
    for (let i = 0; i < 5; i++) {
      expect(unwrap(await lookUp(i % 2 ? "UTG-1234-5678" : "NOPE", ip)).status).not.toBe(429);
    }
    const { status, headers: loaderHeaders, body } = unwrap(await lookUp("UTG-1234-5678", ip));
    expect(status).toBe(429);
    expect(body).toMatchObject({ kind: "rate-limited" });
    const retryAfter = Number(loaderHeaders.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(body.retryAfterSeconds).toBe(retryAfter);
    // Another address is not affected.
    expect(unwrap(await lookUp("UTG-1234-5678", "192.0.2.78")).status).toBe(200);
  });
});

describe("/track/:trackingNumber headers", () => {
  it("is never cached by shared caches nor indexed, and passes Retry-After on", () => {
    const result = new Headers(
      headers({
        loaderHeaders: new Headers({ "Retry-After": "42" }),
        parentHeaders: new Headers(),
        actionHeaders: new Headers(),
        errorHeaders: undefined,
      } as Parameters<typeof headers>[0]),
    );
    expect(result.get("Cache-Control")).toBe("private, no-store");
    expect(result.get("X-Robots-Tag")).toBe("noindex");
    expect(result.get("Retry-After")).toBe("42");
  });
});
