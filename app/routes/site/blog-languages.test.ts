// The blog in two languages (decision 030): /blog lists the English posts, /fr/blog the French ones; a post lives at
// its own language's address and names its translation for the switch, hreflang and the sitemap.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as rssLoader } from "#app/routes/resources/blog.rss.xml.ts";
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
  const db = services.db;
  const [customs, , rates] = await db
    .insert(blogPosts)
    .values([
      {
        slug: "customs-guide",
        title: "Customs guide",
        category: "Guides",
        content: "<p>a</p>",
        publishedAt: ago(5),
      },
      { slug: "port-news", title: "Port news", category: "News", content: "<p>b</p>", publishedAt: ago(4) },
      { slug: "sea-rates", title: "Sea rates", category: "News", content: "<p>c</p>", publishedAt: ago(3) },
    ])
    .returning();
  await db.insert(blogPosts).values([
    {
      slug: "guide-dedouanement",
      title: "Guide du dédouanement",
      category: "Conseils",
      content: "<p>d</p>",
      language: "fr",
      translationOf: customs!.id,
      publishedAt: ago(2),
    },
    {
      slug: "nouvelles-du-port",
      title: "Nouvelles du port",
      category: "Actualités",
      content: "<p>e</p>",
      language: "fr",
      publishedAt: ago(1),
    },
    // A French draft translating 'Sea rates': not public, so 'Sea rates' has no French version yet.
    {
      slug: "tarifs-maritimes",
      title: "Tarifs maritimes",
      content: "<p>f</p>",
      language: "fr",
      translationOf: rates!.id,
    },
  ]);
});
afterAll(() => services.close());

type Thrown = { status?: number; headers?: Headers; init?: ResponseInit | null; data?: unknown };

function call<T extends (args: never) => unknown>(
  loader: T,
  path: string,
  params: Record<string, string> = {},
) {
  return loader({
    request: new Request(`http://localhost${path}`),
    params,
    context: createTestContext(services),
  } as never) as ReturnType<T>;
}

async function thrown(promise: Promise<unknown>): Promise<Thrown> {
  try {
    await promise;
  } catch (error) {
    return error as Thrown;
  }
  throw new Error("Expected the loader to throw");
}

describe("the blog list in each language", () => {
  it("lists the English posts only at /blog, with no French words", async () => {
    const english = await call(listLoader, "/blog");
    expect(english.posts.map((p) => p.slug)).toEqual(["sea-rates", "port-news", "customs-guide"]);
    expect(english.categories).toEqual(["Guides", "News"]);
    expect(english.words).toBeUndefined();
  });

  it("lists the French posts only at /fr/blog, with its categories and its French words", async () => {
    const french = await call(listLoader, "/fr/blog");
    expect(french.posts.map((p) => p.slug)).toEqual(["nouvelles-du-port", "guide-dedouanement"]);
    expect(french).toMatchObject({ total: 2, totalPages: 1, categories: ["Actualités", "Conseils"] });
    expect(french.words?.["Read more"]).toBe("Lire la suite");
    expect(french.words?.["No blog posts found"]).toBe("Aucun article trouvé");
    const advice = await call(listLoader, "/fr/blog?category=Conseils");
    expect(advice.posts.map((p) => p.slug)).toEqual(["guide-dedouanement"]);
    // An English category shows no French post.
    expect((await call(listLoader, "/fr/blog?category=News")).posts).toEqual([]);
  });

  it("answers a French page past the end with a 404 that carries the French words", async () => {
    const error = await thrown(call(listLoader, "/fr/blog?page=2"));
    expect(error.init?.status).toBe(404);
    expect((error.data as { words?: Record<string, string> }).words?.["Return to Blog"]).toBe(
      "Retour au blog",
    );
  });
});

describe("a post and its translation", () => {
  it("names its translation in both directions", async () => {
    const english = await call(postLoader, "/blog/customs-guide", { slug: "customs-guide" });
    expect(english.alternates).toEqual({ en: "/blog/customs-guide", fr: "/fr/blog/guide-dedouanement" });
    expect(english.words).toBeUndefined();
    const french = await call(postLoader, "/fr/blog/guide-dedouanement", { slug: "guide-dedouanement" });
    expect(french.alternates).toEqual({ en: "/blog/customs-guide", fr: "/fr/blog/guide-dedouanement" });
    expect(french.post.language).toBe("fr");
    expect(french.words?.["Read in English"]).toBe("Lire en anglais");
    // Suggestions in the post's language only.
    expect(french.related.map((p) => p.slug)).toEqual(["nouvelles-du-port"]);
  });

  it("names no other version when the translation is missing or not published", async () => {
    const news = await call(postLoader, "/blog/port-news", { slug: "port-news" });
    expect(news.alternates).toEqual({ en: "/blog/port-news", fr: null });
    const rates = await call(postLoader, "/blog/sea-rates", { slug: "sea-rates" });
    expect(rates.alternates).toEqual({ en: "/blog/sea-rates", fr: null });
    const port = await call(postLoader, "/fr/blog/nouvelles-du-port", { slug: "nouvelles-du-port" });
    expect(port.alternates).toEqual({ en: null, fr: "/fr/blog/nouvelles-du-port" });
  });

  it("sends a post asked for at the other language's address to its own", async () => {
    const toFrench = (await thrown(
      call(postLoader, "/blog/guide-dedouanement", { slug: "guide-dedouanement" }),
    )) as Response;
    expect(toFrench.status).toBe(302);
    expect(toFrench.headers.get("Location")).toBe("/fr/blog/guide-dedouanement");
    const toEnglish = (await thrown(
      call(postLoader, "/fr/blog/port-news", { slug: "port-news" }),
    )) as Response;
    expect(toEnglish.status).toBe(302);
    expect(toEnglish.headers.get("Location")).toBe("/blog/port-news");
  });

  it("answers a French draft with a 404 in French", async () => {
    const error = await thrown(call(postLoader, "/fr/blog/tarifs-maritimes", { slug: "tarifs-maritimes" }));
    expect(error.init?.status).toBe(404);
    expect((error.data as { words?: Record<string, string> }).words?.["Blog Post Not Found"]).toBe(
      "Article introuvable",
    );
  });
});

describe("the sitemap and the feed", () => {
  it("lists each post at its own address, a translated one with both versions", async () => {
    const xml = await ((await call(sitemapLoader, "/sitemap.xml")) as Response).text();
    const entryOf = (loc: string) =>
      xml.split("<url>").find((entry) => entry.includes(`<loc>https://freight.example${loc}</loc>`));
    // An alternate link, whatever attributes come before hreflang (a namespace, rel).
    const alternate = (hreflang: string, path: string) =>
      new RegExp(`<xhtml:link [^>]*hreflang="${hreflang}" href="https://freight\\.example${path}"/>`);
    expect(entryOf("/fr/blog/guide-dedouanement")).toMatch(alternate("en", "/blog/customs-guide"));
    expect(entryOf("/blog/customs-guide")).toMatch(alternate("fr", "/fr/blog/guide-dedouanement"));
    expect(entryOf("/fr/blog/nouvelles-du-port")).not.toContain("xhtml:link");
    expect(entryOf("/blog/sea-rates")).not.toContain("xhtml:link");
    expect(xml).not.toContain("<loc>https://freight.example/blog/guide-dedouanement</loc>");
    expect(xml).not.toContain("tarifs-maritimes");
    // /fr/blog changed when its newest French post did.
    expect(entryOf("/fr/blog")).toContain("<lastmod>");
  });

  it("keeps the RSS feed to the English posts", async () => {
    const rss = await ((await call(rssLoader, "/blog/rss.xml")) as Response).text();
    expect(rss).toContain("/blog/customs-guide</link>");
    expect(rss).not.toContain("dedouanement");
    expect(rss).not.toContain("nouvelles-du-port");
  });
});
