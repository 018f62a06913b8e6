import type { RouterContextProvider } from "react-router";
import { servicesContext } from "#app/context.ts";
import { LOCALES, type Locale } from "#app/lib/i18n/locale.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import { listPublishedPostsForSitemap } from "#app/server/blog/blog-posts.server.ts";

// /sitemap.xml: the public pages in both languages, and mostly the blog's posts, each with its last change.

/** The public pages search engines should index (admin, login and per-shipment tracking pages are not). */
const SITEMAP_PAGES = [
  { path: "/", changefreq: "weekly", priority: "1.0" },
  { path: "/services", changefreq: "monthly", priority: "0.9" },
  { path: "/services/air-freight", changefreq: "monthly", priority: "0.8" },
  { path: "/services/sea-freight", changefreq: "monthly", priority: "0.8" },
  { path: "/services/trucking", changefreq: "monthly", priority: "0.8" },
  { path: "/about", changefreq: "monthly", priority: "0.7" },
  { path: "/contact", changefreq: "yearly", priority: "0.7" },
  { path: "/track", changefreq: "yearly", priority: "0.6" },
  { path: "/blog", changefreq: "weekly", priority: "0.8" },
  { path: "/privacy-policy", changefreq: "yearly", priority: "0.3" },
  { path: "/terms-of-service", changefreq: "yearly", priority: "0.3" },
] as const;

const XHTML = "http://www.w3.org/1999/xhtml";

function escapeXml(value: string): string {
  return value.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!,
  );
}

function urlEntry({
  loc,
  lastmod,
  changefreq,
  priority,
  alternates = [],
}: {
  loc: string;
  lastmod?: Date;
  changefreq: string;
  priority: string;
  /** The page in each language, itself included (decision 030). */
  alternates?: { hreflang: string; href: string }[];
}) {
  return [
    "  <url>",
    `    <loc>${escapeXml(loc)}</loc>`,
    ...alternates.map(
      ({ hreflang, href }) =>
        // The namespace on each link rather than on <urlset>: the same XML, and the opening line stays as it was.
        `    <xhtml:link xmlns:xhtml="${XHTML}" rel="alternate" hreflang="${hreflang}" href="${escapeXml(href)}"/>`,
    ),
    lastmod ? `    <lastmod>${lastmod.toISOString()}</lastmod>` : null,
    `    <changefreq>${changefreq}</changefreq>`,
    `    <priority>${priority}</priority>`,
    "  </url>",
  ]
    .filter(Boolean)
    .join("\n");
}

/** The sitemap as an XML response, cached an hour by browsers and crawlers. */
export async function loadSitemap({ context }: { context: Readonly<RouterContextProvider> }) {
  const { db, config } = context.get(servicesContext);
  const posts = await listPublishedPostsForSitemap({ db });
  // A post changes when edited (updated_at) or when a scheduled post goes live (published_at).
  const lastChange = (p: { updatedAt: Date; publishedAt: Date }) =>
    new Date(Math.max(p.updatedAt.getTime(), p.publishedAt.getTime()));
  // The newest change of the posts each list shows: /blog the English ones, /fr/blog the French ones.
  const newestPost = (locale: string) =>
    posts
      .filter((p) => p.language === locale)
      .reduce<Date | undefined>((latest, p) => {
        const changed = lastChange(p);
        return !latest || changed > latest ? changed : latest;
      }, undefined);
  const postUrl = (slug: string, locale: Locale) =>
    `${config.siteUrl}${localizePath(`/blog/${encodeURIComponent(slug)}`, locale)}`;
  const entries = [
    // Each page in English and in French, each naming the other.
    ...SITEMAP_PAGES.flatMap((page) => {
      const alternates = LOCALES.map((locale) => ({
        hreflang: locale,
        href: `${config.siteUrl}${localizePath(page.path, locale)}`,
      }));
      return alternates.map(({ hreflang, href }) =>
        urlEntry({
          loc: href,
          lastmod: page.path === "/blog" ? newestPost(hreflang) : undefined,
          changefreq: page.changefreq,
          priority: page.priority,
          alternates,
        }),
      );
    }),
    // Each post at its own language's address; a translated one names both versions.
    ...posts.map((post) => {
      const loc = postUrl(post.slug, post.language);
      const other: Locale = post.language === "en" ? "fr" : "en";
      const alternates = post.translationSlug
        ? [
            { hreflang: post.language, href: loc },
            { hreflang: other, href: postUrl(post.translationSlug, other) },
          ].sort((a, b) => a.hreflang.localeCompare(b.hreflang))
        : [];
      return urlEntry({
        loc,
        lastmod: lastChange(post),
        changefreq: "monthly",
        priority: "0.6",
        alternates,
      });
    }),
  ];
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${entries.join("\n")}
</urlset>
`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
