import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as sitemapLoader } from "#app/routes/resources/sitemap.xml.ts";
import { loader as postLoader } from "#app/routes/site/blog.$slug.tsx";
import { loader as listLoader } from "#app/routes/site/blog.tsx";
import { blogPosts } from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

const HOUR = 60 * 60 * 1000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

let services: Services;
beforeAll(async () => {
  services = await createTestServices({ SITE_URL: "https://freight.example" });
  // Eleven published posts (two pages of nine), a draft and a scheduled post.
  await services.db.insert(blogPosts).values([
    ...Array.from({ length: 11 }, (_, i) => ({
      slug: `post-${i + 1}`,
      title: `Post ${i + 1}`,
      category: i % 2 === 0 ? "Guides" : "News",
      excerpt: `Excerpt ${i + 1}`,
      content: `<p>Body ${i + 1}</p>`,
      publishedAt: ago(i + 1),
    })),
    {
      slug: "hostile",
      title: "Hostile </script> & <b>title</b>",
      category: "Guides",
      content: `<p>Safe</p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a>`,
      featuredImage: "javascript:alert(4)",
      publishedAt: ago(100),
    },
    { slug: "draft-post", title: "Draft", content: "<p>draft</p>", publishedAt: null },
    {
      slug: "scheduled-post",
      title: "Scheduled",
      content: "<p>later</p>",
      publishedAt: new Date(Date.now() + 24 * HOUR),
    },
  ]);
});
afterAll(() => services.close());

type Thrown = { init?: ResponseInit | null; data?: unknown };

function listBlog(query = "") {
  return listLoader({
    request: new Request(`http://localhost/blog${query}`),
    params: {},
    context: createTestContext(services),
  } as unknown as Parameters<typeof listLoader>[0]);
}

function openPost(slug: string) {
  return postLoader({
    request: new Request(`http://localhost/blog/${encodeURIComponent(slug)}`),
    params: { slug },
    context: createTestContext(services),
  } as unknown as Parameters<typeof postLoader>[0]);
}

async function statusOf(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise;
    return 200;
  } catch (error) {
    return (error as Thrown).init?.status ?? undefined;
  }
}

describe("/blog loader", () => {
  it("shows nine published posts per page, newest first", async () => {
    const first = await listBlog();
    expect(first.posts.map((p) => p.slug)).toEqual(Array.from({ length: 9 }, (_, i) => `post-${i + 1}`));
    expect(first).toMatchObject({ page: 1, totalPages: 2, total: 12 });
    const second = await listBlog("?page=2");
    expect(second.posts.map((p) => p.slug)).toEqual(["post-10", "post-11", "hostile"]);
  });

  it("never lists drafts or scheduled posts", async () => {
    const all = [...(await listBlog()).posts, ...(await listBlog("?page=2")).posts].map((p) => p.slug);
    expect(all).not.toContain("draft-post");
    expect(all).not.toContain("scheduled-post");
  });

  it("treats a malformed page as the first page and a page past the end as not found", async () => {
    for (const query of [
      "?page=abc",
      "?page=0",
      "?page=-1",
      "?page=1.5",
      "?page=1e3",
      "?page=%00",
      "?page=",
    ]) {
      expect((await listBlog(query)).page).toBe(1);
    }
    expect(await statusOf(listBlog("?page=3"))).toBe(404);
    expect(await statusOf(listBlog("?page=99999999999999999999"))).toBe(200);
  });

  it("filters by category and copes with unknown or hostile categories", async () => {
    const guides = await listBlog("?category=Guides");
    expect(guides.posts.every((p) => p.category === "Guides")).toBe(true);
    expect(guides.categories).toEqual(["Guides", "News"]);
    expect((await listBlog("?category=Nope")).posts).toEqual([]);
    expect((await listBlog(`?category=${encodeURIComponent("<script>\u0000")}`)).posts).toEqual([]);
  });

  it("drops unsafe featured image addresses", async () => {
    const second = await listBlog("?page=2");
    expect(second.posts.find((p) => p.slug === "hostile")?.featuredImage).toBeNull();
  });
});

describe("/blog/:slug loader", () => {
  it("returns a published post with sanitized content", async () => {
    const result = await openPost("post-3");
    expect(result.post).toMatchObject({ slug: "post-3", title: "Post 3", html: "<p>Body 3</p>" });
    expect(result.description).toBe("Excerpt 3");
    expect(result.related.map((p) => p.slug)).not.toContain("post-3");
    expect(result.related).toHaveLength(3);
  });

  it("answers 404 for an unknown slug, a draft and a scheduled post", async () => {
    for (const slug of ["no-such-post", "draft-post", "scheduled-post", "", "a".repeat(5000), "x\u0000y"]) {
      expect(await statusOf(openPost(slug))).toBe(404);
    }
  });

  it("removes scripts, handlers and javascript: URLs from the content", async () => {
    const { post, description } = await openPost("hostile");
    expect(post.html).toContain("<p>Safe</p>");
    expect(post.html).not.toMatch(/script|onerror|javascript:|alert/i);
    expect(post.featuredImage).toBeNull();
    expect(description).toBe("Safe x");
  });
});

describe("/sitemap.xml", () => {
  it("lists the public pages and every published post with absolute, escaped URLs", async () => {
    const response = (await sitemapLoader({
      request: new Request("http://localhost/sitemap.xml"),
      params: {},
      context: createTestContext(services),
    } as unknown as Parameters<typeof sitemapLoader>[0])) as Response;
    expect(response.headers.get("Content-Type")).toMatch(/^application\/xml/);
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    for (const path of [
      "/",
      "/services",
      "/services/trucking",
      "/about",
      "/contact",
      "/track",
      "/blog",
      "/privacy-policy",
      "/terms-of-service",
    ]) {
      expect(xml).toContain(`<loc>https://freight.example${path}</loc>`);
    }
    for (let i = 1; i <= 11; i++) expect(xml).toContain(`<loc>https://freight.example/blog/post-${i}</loc>`);
    expect(xml).toContain("<loc>https://freight.example/blog/hostile</loc>");
    expect(xml).not.toContain("draft-post");
    expect(xml).not.toContain("scheduled-post");
    expect(xml).not.toContain("/admin");
    expect(xml.match(/<lastmod>/g)?.length).toBe(13);
  });
});
