// The tracking page cache (decision 031) through the real HTTP shell (server/app.ts) and React Router's handler
// with the real route modules, rendered in full (the production build, tests/setup/built-app.ts), on a real database.
// A page served from the cache is told apart from a fresh render by a change the cache is not told about: a row
// written with the database's triggers off (session_replication_role), which only a new render shows.
import http from "node:http";
import zlib from "node:zlib";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/server/db/client.server.ts";
import { consignees, shipments, shippers } from "#app/server/db/schema.ts";
import { updateParty } from "#app/server/parties/parties.server.ts";
import { loadConfig } from "#app/server/platform/config.server.ts";
import { createLogger } from "#app/server/platform/logger.server.ts";
import { assembleServices, type Services } from "#app/server/services.server.ts";
import { addStatusUpdate } from "#app/server/shipments/shipments.server.ts";
import { type ServedApp, serveBuiltApp } from "#tests/setup/built-app.ts";
import { httpGet, type HttpPage as Page } from "#tests/setup/http-get.ts";
import { createTestServices } from "#tests/setup/test-db.ts";

const RATE_LIMIT = 40;
let services: Services;
let app: ServedApp;
let port: number;

beforeAll(async () => {
  // Behind a trusted proxy, each test is a visitor of its own (X-Forwarded-For), with its own lookup count.
  services = await createTestServices({
    TRUST_PROXY: "true",
    TRACK_RATE_LIMIT: String(RATE_LIMIT),
    TRACK_RATE_WINDOW_SECONDS: "600",
  });
  app = await serveBuiltApp(services);
  port = app.port;
  // The first render loads the route modules (and the build is made if it is stale): done here, under the hook's limit.
  await get("/track/WARM-UP-1");
}, 120_000);
afterAll(async () => {
  await app?.close();
  await services?.close();
});

let visitor = 0;
const newVisitor = () => `198.51.100.${++visitor}`;

const get = (path: string, headers: Record<string, string> = {}, ip = newVisitor()) =>
  httpGet(port, path, { "x-forwarded-for": ip, ...headers });

/** Asks again until the page shows `text` (the database's announcement travels on its own connection). */
async function until(path: string, text: string): Promise<Page> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const page = await get(path);
    if (page.body.includes(text) || Date.now() > deadline) return page;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Resolves when the database has announced a change of this shipment. */
function announced(trackingNumber: string): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribe = services.events.subscribe((event) => {
      if (event.type !== "shipments.changed" || !event.trackingNumbers?.includes(trackingNumber)) return;
      unsubscribe();
      resolve();
    });
  });
}

let sequence = 0;
/** A new shipment, its announcement arrived (so it drops nothing kept after it). */
async function newShipment() {
  const { db } = services;
  const n = ++sequence;
  const inserted = announced(`UTG-CACHE-${1000 + n}`);
  const [shipper] = await db
    .insert(shippers)
    .values({
      name: `Li Wei ${n}`,
      company: "Sunrise Solar",
      email: "li@x.example",
      phone: "+86 1",
      address: "x",
    })
    .returning();
  const [consignee] = await db
    .insert(consignees)
    .values({ name: `Grace Kollie ${n}`, company: null, email: "g@x.example", phone: "+231 7", address: "y" })
    .returning();
  const [shipment] = await db
    .insert(shipments)
    .values({
      trackingNumber: `UTG-CACHE-${1000 + n}`,
      status: "In Transit",
      originLocation: "Shanghai, China",
      destinationLocation: "Monrovia, Liberia",
      currentLocation: "Port of Shanghai",
      shipperId: shipper!.id,
      consigneeId: consignee!.id,
    })
    .returning();
  await inserted;
  return { shipment: shipment!, shipper: shipper!, path: `/track/${shipment!.trackingNumber}` };
}

/** Moves the shipment without telling anyone: triggers off, so no announcement reaches any cache. */
async function moveSilently(id: string, location: string) {
  await services.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(shipments).set({ currentLocation: location }).where(eq(shipments.id, id));
  });
}

const nonceOf = (page: Page) => /<script nonce="([^"]+)"/.exec(page.body)?.[1];

describe("tracking pages from the cache", () => {
  it("serves the second request from the cache, with a nonce and headers of its own", async () => {
    const { shipment, path } = await newShipment();
    const first = await get(path);
    expect(first.status).toBe(200);
    expect(first.body).toContain("Port of Shanghai");
    await moveSilently(shipment.id, "Hidden Harbour");
    const second = await get(path);
    expect(second.status).toBe(200);
    // Not rendered again: a new render would show the silent move.
    expect(second.body).toContain("Port of Shanghai");
    expect(second.body).not.toContain("Hidden Harbour");
    // Its own nonce, matching its own Content-Security-Policy, and its own request id.
    expect(nonceOf(second)).toBeTruthy();
    expect(nonceOf(second)).not.toBe(nonceOf(first));
    expect(second.body).not.toContain(nonceOf(first));
    expect(second.headers["content-security-policy"]).toContain(`'nonce-${nonceOf(second)}'`);
    expect(second.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);
    expect(second.headers["cache-control"]).toBe("private, no-store");
  });

  it("answers a browser's gzip from the cache with the page and headers a fresh render gives", async () => {
    const { path } = await newShipment();
    const gzipGet = (ip: string, more: Record<string, string> = {}) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
        http
          .get(
            {
              host: "127.0.0.1",
              port,
              path,
              headers: { "accept-encoding": "gzip, deflate, br", "x-forwarded-for": ip, ...more },
            },
            (response) => {
              const chunks: Buffer[] = [];
              response.on("data", (chunk: Buffer) => chunks.push(chunk));
              response.on("end", () =>
                resolve({
                  headers: response.headers,
                  body: zlib.gunzipSync(Buffer.concat(chunks)).toString(),
                }),
              );
            },
          )
          .on("error", reject);
      });
    const rendered = await gzipGet(newVisitor());
    const kept = await gzipGet(newVisitor());
    expect(kept.headers["content-encoding"]).toBe("gzip");
    expect(rendered.headers["content-encoding"]).toBe("gzip");
    const same = (page: { body: string }) =>
      page.body.replaceAll(nonceOf({ body: page.body } as Page)!, "NONCE");
    expect(same(kept)).toBe(same(rendered));
    expect(nonceOf(kept as Page)).not.toBe(nonceOf(rendered as Page));
    expect(kept.headers["content-security-policy"]).toContain(`'nonce-${nonceOf(kept as Page)}'`);
    const perRequest = new Set([
      "date",
      "x-request-id",
      "content-security-policy",
      "content-length",
      "transfer-encoding",
    ]);
    const headersOf = (page: { headers: http.IncomingHttpHeaders }) =>
      Object.entries(page.headers)
        .filter(([name]) => !perRequest.has(name))
        .sort(([a], [b]) => a.localeCompare(b));
    expect(headersOf(kept)).toEqual(headersOf(rendered));
    // A visitor the cache leaves alone (any cookie but the language) gets the page rendered and gzipped on the
    // way out (html-gzip.ts): the kept page, from its pieces, is the same page with the same headers.
    const fresh = await gzipGet(newVisitor(), { cookie: "seen=1" });
    expect(same(kept)).toBe(same(fresh));
    expect(headersOf(kept)).toEqual(headersOf(fresh));
  });

  it("shows a status update, a history entry and a renamed party on the next request", async () => {
    const { shipment, shipper, path } = await newShipment();
    expect((await get(path)).body).toContain("Port of Shanghai");
    await addStatusUpdate({
      db: services.db,
      shipmentId: shipment.id,
      input: {
        status: "Arrived",
        location: "Freeport of Monrovia",
        notes: null,
        timestamp: new Date(),
        alsoSetCurrent: true,
      },
    });
    expect((await until(path, "Freeport of Monrovia")).body).toContain("Freeport of Monrovia");
    // A history entry that does not become the status.
    await addStatusUpdate({
      db: services.db,
      shipmentId: shipment.id,
      input: {
        status: "Customs Clearance",
        location: "Abidjan transhipment",
        notes: null,
        timestamp: new Date(Date.now() - 3600_000),
        alsoSetCurrent: false,
      },
    });
    expect((await until(path, "Abidjan transhipment")).body).toContain("Abidjan transhipment");
    await updateParty({
      db: services.db,
      kind: "shipper",
      id: shipper.id,
      input: { name: "Wei Li Renamed", company: "Sunrise Solar", email: null, phone: null, address: null },
    });
    expect((await until(path, "Wei Li Renamed")).body).toContain("Wei Li Renamed");
  });

  it("drops the page in both languages", async () => {
    const { shipment, path } = await newShipment();
    const french = path.replace("/track/", "/fr/suivi/");
    expect((await get(path)).body).toContain("Port of Shanghai");
    expect((await get(french)).body).toContain("Port of Shanghai");
    await addStatusUpdate({
      db: services.db,
      shipmentId: shipment.id,
      input: {
        status: "Arrived",
        location: "Bong Mines",
        notes: null,
        timestamp: new Date(),
        alsoSetCurrent: true,
      },
    });
    expect((await until(path, "Bong Mines")).body).toContain("Bong Mines");
    expect((await until(french, "Bong Mines")).body).toContain("Bong Mines");
  });

  it("drops the page when the shipment changes through another app instance", async () => {
    const { shipment, path } = await newShipment();
    expect((await get(path)).body).toContain("Port of Shanghai");
    // A second instance on the same database: its own connections, event bus and caches.
    const database = await openDatabase({ databaseUrl: services.database.url });
    const other = await assembleServices({
      config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", SEED_DEMO: "false" }),
      logger: createLogger("silent"),
      database,
      health: { timeoutMs: 2000, intervalMs: 60_000 },
      notifications: { autostart: false },
      mobileMoney: { autostart: false },
      backgroundJobs: false,
    });
    try {
      await addStatusUpdate({
        db: other.db,
        shipmentId: shipment.id,
        input: {
          status: "Arrived",
          location: "Buchanan",
          notes: null,
          timestamp: new Date(),
          alsoSetCurrent: true,
        },
      });
    } finally {
      await other.close();
    }
    expect((await until(path, "Buchanan")).body).toContain("Buchanan");
  });

  it("keeps a page and its data request (a navigation in the browser) apart", async () => {
    const { path } = await newShipment();
    for (let i = 0; i < 2; i++) {
      const page = await get(path);
      const data = await get(`${path}.data`);
      expect(page.headers["content-type"]).toMatch(/^text\/html/);
      expect(data.headers["content-type"]).not.toMatch(/^text\/html/);
      expect(data.body).not.toContain("<html");
      expect(data.body).toContain("Port of Shanghai");
    }
  });

  it("never keeps an unknown number", async () => {
    const before = services.trackingPages.size;
    for (let i = 0; i < 2; i++) expect((await get("/track/UTG-NOPE-0000")).status).toBe(404);
    expect(services.trackingPages.size).toBe(before);
    const inserted = announced("UTG-NOPE-0000");
    await services.db.insert(shipments).values({
      trackingNumber: "UTG-NOPE-0000",
      status: "In Transit",
      originLocation: "Shanghai",
      destinationLocation: "Monrovia",
    });
    await inserted;
    // Found once it exists: no 'not found' was kept.
    expect((await get("/track/UTG-NOPE-0000")).status).toBe(200);
  });

  it("renders afresh, and keeps nothing, for a visitor with a toast, a customer session or a details grant", async () => {
    const { shipment, path } = await newShipment();
    expect((await get(path)).body).toContain("Port of Shanghai");
    await moveSilently(shipment.id, "Hidden Harbour");
    const size = services.trackingPages.size;
    for (const cookie of [
      "toast=%7B%22kind%22%3A%22success%22%7D",
      `customer_session=${"a".repeat(43)}`,
      `shipment_details=${"b".repeat(43)}`,
      `lang=fr; shipment_details_code=${"c".repeat(43)}`,
    ]) {
      const page = await get(path, { cookie });
      expect(page.status, cookie).toBe(200);
      expect(page.body, cookie).toContain("Hidden Harbour");
    }
    expect(services.trackingPages.size).toBe(size);
    // Everyone else still gets the kept page, and the language cookie alone is no visitor state.
    expect((await get(path)).body).toContain("Port of Shanghai");
    expect((await get(path, { cookie: "lang=en" })).body).toContain("Port of Shanghai");
  });

  it("counts every request against the rate limit, kept pages too", async () => {
    const { path } = await newShipment();
    const ip = newVisitor();
    for (let i = 0; i < RATE_LIMIT; i++) expect((await get(path, {}, ip)).status).toBe(200);
    const over = await get(path, {}, ip);
    expect(over.status).toBe(429);
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    // Another visitor still gets the kept page.
    expect((await get(path)).status).toBe(200);
  });
});
