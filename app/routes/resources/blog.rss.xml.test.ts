import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader } from "#app/routes/resources/blog.rss.xml.ts";
import { blogPosts } from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
beforeAll(async () => {
  services = await createTestServices({ SITE_URL: "https://freight.example" });
  const now = Date.now();
  await services.db.insert(blogPosts).values([
    {
      slug: "ports-and-<tricks>",
      title: 'Ports & "harbours" <b>2026</b>',
      excerpt: "Cargo & customs\u0001 <script>alert(1)</script>",
      category: "News & Views",
      content: "<p>x</p>",
      publishedAt: new Date(now - 60_000),
    },
    { slug: "draft-post", title: "Draft", content: "", publishedAt: null },
    { slug: "later-post", title: "Later", content: "", publishedAt: new Date(now + 3_600_000) },
  ]);
});
afterAll(() => services.close());

describe("/blog/rss.xml", () => {
  it("is RSS 2.0 of the published posts only, escaped, with absolute links", async () => {
    const response = await loader({
      request: new Request("http://localhost/blog/rss.xml"),
      params: {},
      context: createTestContext(services),
    } as unknown as Parameters<typeof loader>[0]);
    expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    expect(xml).toContain("<link>https://freight.example/blog</link>");
    expect(xml).toContain("<title>Ports &amp; &quot;harbours&quot; &lt;b&gt;2026&lt;/b&gt;</title>");
    expect(xml).toContain("<link>https://freight.example/blog/ports-and-%3Ctricks%3E</link>");
    expect(xml).toContain("<category>News &amp; Views</category>");
    expect(xml).toContain(
      "<description>Cargo &amp; customs &lt;script&gt;alert(1)&lt;/script&gt;</description>",
    );
    expect(xml).not.toContain("\u0001");
    expect(xml).not.toContain("draft-post");
    expect(xml).not.toContain("later-post");
    expect(xml.match(/<item>/g)).toHaveLength(1);
    expect(xml).toMatch(/<pubDate>\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT<\/pubDate>/);
  });
});
