import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { requestContext } from "#app/context.ts";
import { cachePublicPages } from "#app/server/platform/cache-public-pages.server.ts";
import { createPageCache } from "#app/server/platform/page-cache.server.ts";
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
    const response = cache.get("/", "BBB")!;
    expect(await response.text()).toBe('<script nonce="BBB">1</script><script nonce="BBB">2</script>');
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(cache.get("/about", "BBB")).toBeUndefined();
    cache.close();
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
    expect(cache.get("/blog", "n")).toBeUndefined();
    cache.close();
  });

  it("empties itself when a scheduled post goes live, with nobody writing", async () => {
    const { db, pageCache } = services;
    const at = new Date(Date.now() + 400);
    await db.execute(
      sql`insert into blog_posts (title, slug, content, published_at) values ('Soon', 'soon', '<p>x</p>', ${at.toISOString()})`,
    );
    await new Promise((r) => setTimeout(r, 150)); // the announcement arrives and the next change is planned
    pageCache.store("/blog", page("without the post"), "n", pageCache.generation);
    expect(pageCache.size).toBe(1);
    await until(() => pageCache.size === 0);
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
  });

  it("keeps at most maxEntries pages, dropping the least recently used", () => {
    const cache = createPageCache({ events: services.events, maxEntries: 2 });
    cache.store("/a", page("a"), "n", cache.generation);
    cache.store("/b", page("b"), "n", cache.generation);
    cache.get("/a", "n");
    cache.store("/c", page("c"), "n", cache.generation);
    expect(cache.get("/b", "n")).toBeUndefined();
    expect(cache.get("/a", "n")).toBeDefined();
    expect(cache.get("/c", "n")).toBeDefined();
    cache.close();
  });

  it("forgets pages older than maxAgeMs", async () => {
    const cache = createPageCache({ events: services.events, maxAgeMs: 30 });
    cache.store("/", page("x"), "n", cache.generation);
    await new Promise((r) => setTimeout(r, 50));
    expect(cache.get("/", "n")).toBeUndefined();
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
