import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { requestContext } from "#app/context.ts";
import { cachePublicPages } from "#app/server/platform/cache-public-pages.server.ts";
import { compressPiece } from "#app/server/platform/gzip-pieces.server.ts";
import { createPageCache, packed } from "#app/server/platform/page-cache.server.ts";
import { findPageStylesheet, shareStylesheet } from "#app/server/platform/page-styles.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
beforeEach(async () => {
  services = await createTestServices();
});
afterEach(async () => {
  await services.close();
});

const page = (body: string, headers: Record<string, string> = {}) => ({
  status: 200,
  headers: new Headers({ "Content-Type": "text/html; charset=utf-8", ...headers }),
  body: Buffer.from(body),
});

const until = async (check: () => boolean, timeoutMs = 5000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe("the page cache", () => {
  it("gives each request its own nonce back", async () => {
    const cache = createPageCache({ events: services.events });
    cache.store(
      "/",
      page('<script nonce="AAA">1</script><script nonce="AAA">2</script>'),
      "AAA",
      cache.generation,
    );
    const response = cache.get("/", "BBB", false)!;
    expect(await response.text()).toBe('<script nonce="BBB">1</script><script nonce="BBB">2</script>');
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(cache.get("/about", "BBB", false)).toBeUndefined();
    cache.close();
  });

  it("answers gzip from pieces compressed when stored, the nonce and the shared stylesheet in place", async () => {
    const cache = createPageCache({ events: services.events });
    const css = `body{color:red}${".x{margin:0}".repeat(500)}`;
    shareStylesheet(css);
    cache.share(findPageStylesheet);
    const html = (nonce: string) =>
      `<html><head><style>${css}</style><script nonce="${nonce}">1</script></head><body>${"<p>cargo</p>".repeat(300)}<script nonce="${nonce}">2</script></body></html>`;
    cache.store("/", page(html("AAA")), "AAA", cache.generation);
    const response = cache.get("/", "BBB", true)!;
    expect(response.headers.get("Content-Encoding")).toBe("gzip");
    expect(response.headers.get("Vary")).toMatch(/Accept-Encoding/);
    const gzipped = Buffer.from(await response.arrayBuffer());
    // gunzip checks the CRC-32 and length in the trailer.
    expect(zlib.gunzipSync(gzipped).toString()).toBe(html("BBB"));
    expect(gzipped.length).toBeLessThan(html("BBB").length / 5);
    // The stylesheet is counted once for all pages, not in this page's size.
    cache.store("/about", page(html("AAA").replace("cargo", "about")), "AAA", cache.generation);
    expect(
      zlib.gunzipSync(Buffer.from(await cache.get("/about", "CCC", true)!.arrayBuffer())).toString(),
    ).toBe(html("CCC").replace("cargo", "about"));
    cache.close();
  });

  it("keeps a page's own pieces in one buffer of exactly their size, not in zlib's 16 kB chunks", () => {
    const shared = compressPiece(Buffer.from("body{color:red}"));
    const own = ["<html>", "<p>1</p>", "</html>"].map((text) => compressPiece(Buffer.from(text)));
    expect(own[0]!.deflated.buffer.byteLength).toBeGreaterThanOrEqual(16 * 1024);
    const parts = packed([own[0]!, null, shared, own[1]!, null, own[2]!], [shared]);
    const kept = parts.filter((part) => part !== null && part !== shared);
    const size = own.reduce((sum, part) => sum + part.deflated.length, 0);
    for (const part of kept) expect(part!.deflated.buffer.byteLength).toBe(size);
    expect(parts[2]).toBe(shared);
    expect(parts.map((part) => part?.deflated.toString("hex") ?? null)).toEqual(
      [own[0]!, null, shared, own[1]!, null, own[2]!].map((part) => part?.deflated.toString("hex") ?? null),
    );
  });

  it("is emptied when the database announces a content change, and refuses renders that started before", async () => {
    const cache = createPageCache({ events: services.events });
    const before = cache.generation;
    cache.store("/blog", page("old"), "n", before);
    expect(cache.size).toBe(1);
    await services.db.execute(
      sql`insert into blog_posts (title, slug, content) values ('New', 'new-post', '<p>x</p>')`,
    );
    await until(() => cache.size === 0);
    // A page rendered from the old content must not be stored after the change.
    cache.store("/blog", page("old"), "n", before);
    expect(cache.get("/blog", "n", false)).toBeUndefined();
    cache.close();
  });

  it("empties itself when a scheduled post goes live, with nobody writing", async () => {
    const { db, pageCache, events } = services;
    // Far enough ahead that the page below is stored before it on a busy machine (400 ms was not, once).
    const at = new Date(Date.now() + 3000);
    const announced = new Promise<void>((resolve) => {
      const unsubscribe = events.subscribe((event) => {
        if (event.type !== "content.changed") return;
        unsubscribe();
        resolve();
      });
    });
    await db.execute(
      sql`insert into blog_posts (title, slug, content, published_at) values ('Soon', 'soon', '<p>x</p>', ${at.toISOString()})`,
    );
    await announced; // the cache heard it first (it subscribed first), emptied itself and plans the next change
    pageCache.store("/blog", page("without the post"), "n", pageCache.generation);
    expect(pageCache.size).toBe(1);
    expect(Date.now()).toBeLessThan(at.getTime());
    await until(() => pageCache.size === 0, 10_000);
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
  });

  it("keeps at most maxEntries pages, dropping the least recently used", () => {
    const cache = createPageCache({ events: services.events, maxEntries: 2 });
    cache.store("/a", page("a"), "n", cache.generation);
    cache.store("/b", page("b"), "n", cache.generation);
    cache.get("/a", "n", false);
    cache.store("/c", page("c"), "n", cache.generation);
    expect(cache.get("/b", "n", false)).toBeUndefined();
    expect(cache.get("/a", "n", false)).toBeDefined();
    expect(cache.get("/c", "n", false)).toBeDefined();
    cache.close();
  });

  it("keeps the bytes many pages share once, outside each page's size", async () => {
    // Hex of random bytes: about 2,000 bytes compressed, so two pages counting it would not fit.
    const css = `.r{content:"${randomBytes(2000).toString("hex")}"}`;
    const cache = createPageCache({ events: services.events, maxBytes: 3000 });
    shareStylesheet(css);
    cache.share(findPageStylesheet);
    const body = (n: number) => `<head><style>${css}</style><script nonce="AAA"></script></head><p>${n}</p>`;
    cache.store("/a", page(body(1)), "AAA", cache.generation);
    cache.store("/b", page(body(2)), "AAA", cache.generation);
    // Each counts its own bytes only (some 70): both fit in 3,000 bytes beside their ~2,000 shared ones each.
    expect(cache.size).toBe(2);
    expect(await cache.get("/a", "BBB", false)!.text()).toBe(body(1).replace("AAA", "BBB"));
    expect(await cache.get("/b", "CCC", false)!.text()).toBe(body(2).replace("AAA", "CCC"));
    cache.close();
  });

  it("forgets pages older than maxAgeMs", async () => {
    const cache = createPageCache({ events: services.events, maxAgeMs: 30 });
    cache.store("/", page("x"), "n", cache.generation);
    await new Promise((r) => setTimeout(r, 50));
    expect(cache.get("/", "n", false)).toBeUndefined();
    cache.close();
  });
});

describe("the tracking pages in the page cache", () => {
  const insertShipments = (numbers: string[]) =>
    services.db.execute(
      sql`insert into shipments (tracking_number, status, origin_location, destination_location)
          select n, 'In Transit', 'Shanghai', 'Monrovia' from unnest(string_to_array(${numbers.join(",")}, ',')) as n`,
    );
  const changes: Array<string[] | null> = [];
  const listen = () => {
    changes.length = 0;
    return services.events.subscribe((event) => {
      if (event.type === "shipments.changed") changes.push(event.trackingNumbers);
    });
  };

  it("drops only the changed shipment's pages, in both languages, when the database announces it", async () => {
    const unsubscribe = listen();
    await insertShipments(["UTG-0001", "UTG-0002"]);
    await until(() => changes.length === 1); // the insert's own announcement, before anything is stored
    const cache = createPageCache({ events: services.events });
    const g = cache.generation;
    cache.store("http://localhost/track/UTG-0001", page("a"), "n", g, { tag: "UTG-0001" });
    cache.store("http://localhost/fr/suivi/UTG-0001", page("a fr"), "n", g, { tag: "UTG-0001" });
    cache.store("http://localhost/track/UTG-0002", page("b"), "n", g, { tag: "UTG-0002" });
    cache.store("http://localhost/about", page("about"), "n", g);
    await services.db.execute(
      sql`update shipments set current_location = 'Abidjan' where tracking_number = 'UTG-0001'`,
    );
    await until(() => cache.size === 2);
    expect(cache.get("http://localhost/track/UTG-0001", "n", false)).toBeUndefined();
    expect(cache.get("http://localhost/fr/suivi/UTG-0001", "n", false)).toBeUndefined();
    expect(cache.get("http://localhost/track/UTG-0002", "n", false)).toBeDefined();
    expect(cache.get("http://localhost/about", "n", false)).toBeDefined();
    unsubscribe();
    cache.close();
  });

  it("refuses a page rendered before its shipment changed, and keeps one of another shipment", async () => {
    const unsubscribe = listen();
    await insertShipments(["UTG-0011", "UTG-0012"]);
    await until(() => changes.length === 1);
    const cache = createPageCache({ events: services.events });
    const started = cache.generation;
    // The renders are under way when the change lands.
    await services.db.execute(
      sql`update shipments set status = 'Arrived' where tracking_number = 'UTG-0011'`,
    );
    await until(() => cache.generation !== started);
    cache.store("/track/UTG-0011", page("In Transit"), "n", started, { tag: "UTG-0011" });
    cache.store("/track/UTG-0012", page("In Transit"), "n", started, { tag: "UTG-0012" });
    cache.store("/about", page("about"), "n", started);
    expect(cache.get("/track/UTG-0011", "n", false)).toBeUndefined();
    expect(cache.get("/track/UTG-0012", "n", false)).toBeDefined();
    expect(cache.get("/about", "n", false)).toBeDefined();
    // A render that starts after the change is kept.
    cache.store("/track/UTG-0011", page("Arrived"), "n", cache.generation, { tag: "UTG-0011" });
    expect(await cache.get("/track/UTG-0011", "n", false)!.text()).toBe("Arrived");
    unsubscribe();
    cache.close();
  });

  it("names the shipments of a history entry, a delivery and a renamed party", async () => {
    const unsubscribe = listen();
    await insertShipments(["UTG-0021", "UTG-0022"]);
    const [{ id: shipperId }] = (
      await services.db.execute<{ id: string }>(
        sql`insert into shippers (name, company, email, phone, address) values ('Li', 'Sun', 'li@x.example', '+1', 'x') returning id`,
      )
    ).rows as [{ id: string }];
    await services.db.execute(
      sql`update shipments set shipper_id = ${shipperId} where tracking_number = 'UTG-0022'`,
    );
    // One announcement per statement, in the order they were committed: the insert's, then the update's.
    await until(() => changes.length === 2);
    changes.length = 0;
    await services.db.execute(
      sql`insert into shipment_status_history (shipment_id, status, location, timestamp)
          select id, 'Arrived', 'Monrovia', now() from shipments where tracking_number = 'UTG-0021'`,
    );
    await services.db.execute(sql`update shippers set phone = '+2' where id = ${shipperId}`);
    await services.db.execute(sql`update shippers set name = 'Li Wei' where id = ${shipperId}`);
    await until(() => changes.length === 2);
    // The phone (not on the page) announced nothing; the history entry and the name did, each its shipment.
    expect(changes).toEqual([["UTG-0021"], ["UTG-0022"]]);
    unsubscribe();
  });

  it("announces a bulk change of 5,000 shipments as one small 'every shipment' notification", async () => {
    const unsubscribe = listen();
    const numbers = Array.from({ length: 5000 }, (_, i) => `BULK-${String(i).padStart(6, "0")}-LONG-NUMBER`);
    const cache = createPageCache({ events: services.events });
    await insertShipments(numbers);
    await until(() => changes.length === 1);
    cache.store("/track/UTG-9", page("x"), "n", cache.generation, { tag: "UTG-9" });
    cache.store("/about", page("about"), "n", cache.generation);
    changes.length = 0;
    // Over 8,000 bytes, pg_notify would have failed the statement itself.
    await services.db.execute(
      sql`update shipments set status = 'Arrived' where tracking_number like 'BULK-%'`,
    );
    await until(() => changes.length === 1);
    expect(changes).toEqual([null]);
    expect(cache.get("/track/UTG-9", "n", false)).toBeUndefined();
    expect(cache.get("/about", "n", false)).toBeDefined();
    unsubscribe();
    cache.close();
  });

  it("serves a page no later than the moment given when it was stored", () => {
    const cache = createPageCache({ events: services.events });
    cache.store("/track/A", page("a"), "n", cache.generation, { tag: "A", expiresAt: Date.now() - 1 });
    cache.store("/track/B", page("b"), "n", cache.generation, { tag: "B", expiresAt: Date.now() + 60_000 });
    expect(cache.get("/track/A", "n", false)).toBeUndefined();
    expect(cache.get("/track/B", "n", false)).toBeDefined();
    cache.close();
  });
});

describe("cachePublicPages (middleware)", () => {
  const call = async (url: string, pattern: string, init: RequestInit & { nonce?: string } = {}) => {
    const context = createTestContext(services);
    context.set(requestContext, { ...context.get(requestContext), nonce: init.nonce ?? "N1" });
    let rendered = 0;
    const response = await cachePublicPages(
      {
        request: new Request(url, init),
        context,
        pattern,
        params: {},
        url: new URL(url),
      } as unknown as Parameters<typeof cachePublicPages>[0],
      async () => {
        rendered++;
        return new Response(`<p>render ${rendered}</p><script nonce="${init.nonce ?? "N1"}"></script>`, {
          status: init.headers && new Headers(init.headers).has("x-status") ? 404 : 200,
        });
      },
    );
    return { response: response as Response, rendered };
  };

  // Patterns as React Router passes them: no leading slash, the index route as "/".
  it("renders a cacheable page once and serves it again with the new nonce", async () => {
    const first = await call("http://localhost/about", "about", { nonce: "N1" });
    expect(first.rendered).toBe(1);
    expect(await first.response.text()).toBe('<p>render 1</p><script nonce="N1"></script>');
    const second = await call("http://localhost/about", "about", { nonce: "N2" });
    expect(second.rendered).toBe(0);
    expect(await second.response.text()).toBe('<p>render 1</p><script nonce="N2"></script>');
  });

  it("keeps a page with a query string only where the page reads it (the blog's pages and categories)", async () => {
    for (let i = 0; i < 3; i++) await call(`http://localhost/?utm=${i}`, "/");
    expect((await call("http://localhost/?utm=0", "/")).rendered).toBe(1);
    expect(services.pageCache.size).toBe(0);
    await call("http://localhost/blog?page=2", "blog");
    expect((await call("http://localhost/blog?page=2", "blog")).rendered).toBe(0);
    expect((await call("http://localhost/blog?page=3", "blog")).rendered).toBe(1);
    expect(services.pageCache.size).toBe(2);
    // A parameter the blog does not read is no more its business than the home page's.
    await call("http://localhost/blog?page=2&utm=1", "blog");
    expect((await call("http://localhost/blog?page=2&utm=1", "blog")).rendered).toBe(1);
    expect(services.pageCache.size).toBe(2);
  });

  it("never caches personal pages, other methods, pending toasts or failures", async () => {
    for (const [url, pattern, init] of [
      ["http://localhost/track/UTG-1234-5678", "track/:trackingNumber", {}],
      ["http://localhost/contact", "contact", {}],
      ["http://localhost/", "/", { headers: { cookie: "toast=abc" } }],
      ["http://localhost/blog/missing", "blog/:slug", { headers: { "x-status": "404" } }],
    ] as const) {
      await call(url, pattern, init);
      expect((await call(url, pattern, init)).rendered).toBe(1);
    }
    expect(services.pageCache.size).toBe(0);
  });
});
