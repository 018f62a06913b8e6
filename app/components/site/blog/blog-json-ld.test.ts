import { describe, expect, it } from "vitest";
import { blogPostingJsonLd, serializeJsonLd } from "#app/components/site/blog/blog-json-ld.tsx";

describe("serializeJsonLd", () => {
  it("keeps staff-typed text from closing the script element", () => {
    const json = serializeJsonLd({ headline: "</script><script>alert(1)</script> & <!-- \u2028" });
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual({ headline: "</script><script>alert(1)</script> & <!-- \u2028" });
  });
});

describe("blogPostingJsonLd", () => {
  it("describes the post with absolute URLs", () => {
    const data = blogPostingJsonLd({
      siteUrl: "https://freight.example",
      companyName: "Unitrans Global Logistics",
      slug: "air or sea",
      title: "Air or Sea?",
      description: "A guide.",
      image: "/images/blog/air-sea.svg",
      category: "Guides",
      publishedAt: new Date("2026-01-02T09:00:00Z"),
      updatedAt: new Date("2026-01-01T09:00:00Z"),
    });
    expect(data).toMatchObject({
      "@type": "BlogPosting",
      headline: "Air or Sea?",
      url: "https://freight.example/blog/air%20or%20sea",
      image: ["https://freight.example/images/blog/air-sea.svg"],
      articleSection: "Guides",
      datePublished: "2026-01-02T09:00:00.000Z",
      // Never modified before it was published.
      dateModified: "2026-01-02T09:00:00.000Z",
      publisher: { name: "Unitrans Global Logistics" },
    });
  });
});
