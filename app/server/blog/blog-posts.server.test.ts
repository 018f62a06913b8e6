import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  countPublishedPosts,
  findPublishedPosts,
  findRelatedPosts,
  getPublishedPostBySlug,
  listPublishedCategories,
  listPublishedPostsForSitemap,
  safeImageUrl,
} from "#app/server/blog/blog-posts.server.ts";
import type { Database } from "#app/server/db/client.server.ts";
import { blogPosts } from "#app/server/db/schema.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

const now = new Date("2026-03-15T12:00:00Z");
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(blogPosts).values([
    {
      slug: "older",
      title: "Older post",
      category: "Guides",
      content: "<p>older</p>",
      publishedAt: daysAgo(10),
    },
    {
      slug: "newest",
      title: "Newest post",
      category: "News",
      content: "<p>newest</p>",
      publishedAt: daysAgo(1),
    },
    {
      slug: "middle",
      title: "Middle post",
      category: "Guides",
      content: "<p>middle</p>",
      publishedAt: daysAgo(5),
    },
    { slug: "exactly-now", title: "Published this instant", category: "News", content: "", publishedAt: now },
    {
      slug: "draft",
      title: "Draft post",
      category: "Drafts only",
      content: "<p>draft</p>",
      publishedAt: null,
    },
    {
      slug: "scheduled",
      title: "Scheduled post",
      category: "Guides",
      content: "<p>later</p>",
      publishedAt: new Date(now.getTime() + 60_000),
    },
  ]);
});
afterAll(() => database.close());

describe("findPublishedPosts", () => {
  it("lists only published posts, newest publish date first", async () => {
    const posts = await findPublishedPosts({ db: database.db, now });
    expect(posts.map((p) => p.slug)).toEqual(["exactly-now", "newest", "middle", "older"]);
    expect(posts[0]).not.toHaveProperty("content");
  });

  it("pages with limit and offset", async () => {
    const page = await findPublishedPosts({ db: database.db, now, limit: 2, offset: 1 });
    expect(page.map((p) => p.slug)).toEqual(["newest", "middle"]);
    expect(await countPublishedPosts({ db: database.db, now })).toBe(4);
  });

  it("filters by category", async () => {
    const posts = await findPublishedPosts({ db: database.db, now, category: "Guides" });
    expect(posts.map((p) => p.slug)).toEqual(["middle", "older"]);
    expect(await countPublishedPosts({ db: database.db, now, category: "Guides" })).toBe(2);
    expect(await findPublishedPosts({ db: database.db, now, category: "Nope" })).toEqual([]);
    expect(await findPublishedPosts({ db: database.db, now, category: "Guides\u0000" })).toEqual([]);
    expect(await countPublishedPosts({ db: database.db, now, category: "Guides\u0000" })).toBe(0);
  });

  it("shows a scheduled post once its time has come", async () => {
    const later = new Date(now.getTime() + 2 * 60_000);
    const posts = await findPublishedPosts({ db: database.db, now: later });
    expect(posts.map((p) => p.slug)).toEqual(["scheduled", "exactly-now", "newest", "middle", "older"]);
  });
});

describe("getPublishedPostBySlug", () => {
  it("returns a published post with its content", async () => {
    const post = await getPublishedPostBySlug({ db: database.db, slug: "middle", now });
    expect(post).toMatchObject({ slug: "middle", title: "Middle post", content: "<p>middle</p>" });
  });

  it("hides drafts, scheduled posts and unknown slugs", async () => {
    for (const slug of ["draft", "scheduled", "no-such-post", "", "x".repeat(1000)]) {
      expect(await getPublishedPostBySlug({ db: database.db, slug, now })).toBeNull();
    }
  });

  it("treats hostile slugs as plain values", async () => {
    expect(await getPublishedPostBySlug({ db: database.db, slug: "' or 1=1 --", now })).toBeNull();
    expect(await getPublishedPostBySlug({ db: database.db, slug: "draft\u0000", now })).toBeNull();
  });
});

describe("findRelatedPosts", () => {
  it("suggests other published posts", async () => {
    const newest = await getPublishedPostBySlug({ db: database.db, slug: "newest", now });
    const related = await findRelatedPosts({ db: database.db, excludeId: newest!.id, now, limit: 2 });
    expect(related.map((p) => p.slug)).toEqual(["exactly-now", "middle"]);
  });
});

describe("listPublishedPostsForSitemap", () => {
  it("lists every published post and nothing else", async () => {
    const entries = await listPublishedPostsForSitemap({ db: database.db, now });
    expect(entries.map((e) => e.slug)).toEqual(["exactly-now", "newest", "middle", "older"]);
    expect(entries[0]?.updatedAt).toBeInstanceOf(Date);
  });
});

describe("listPublishedCategories", () => {
  it("lists categories of published posts only", async () => {
    expect(await listPublishedCategories({ db: database.db, now })).toEqual(["Guides", "News"]);
  });
});

describe("safeImageUrl", () => {
  it("keeps site paths and web addresses", () => {
    expect(safeImageUrl("/images/blog/customs.svg")).toBe("/images/blog/customs.svg");
    expect(safeImageUrl("https://cdn.example.com/a.png")).toBe("https://cdn.example.com/a.png");
    expect(safeImageUrl(" http://example.com/a.png ")).toBe("http://example.com/a.png");
  });

  it("drops anything else", () => {
    for (const url of [
      null,
      undefined,
      "",
      "javascript:alert(1)",
      "JAVASCRIPT:alert(1)",
      "data:image/svg+xml;base64,PHN2Zz4=",
      "//evil.example/a.png",
      "/\\evil.example/a.png",
      "images/relative.png",
      "https:/evil",
      "/a.png\u0000",
      "/a b.png",
    ]) {
      expect(safeImageUrl(url)).toBeNull();
    }
  });
});
