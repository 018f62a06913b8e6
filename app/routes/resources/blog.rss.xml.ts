import { servicesContext } from "#app/context.ts";
import { findPublishedPosts } from "#app/server/blog/blog-posts.server.ts";
import { summarize } from "#app/server/blog/sanitize-html.server.ts";
import type { Route } from "./+types/blog.rss.xml";

const FEED_SIZE = 50;

/** Text for XML: the five special characters escaped, and characters XML 1.0 cannot hold dropped. */
export function escapeXml(value: string): string {
  return value
    .replace(/[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, "")
    .replace(
      /[<>&'"]/g,
      (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!,
    );
}

/**
 * The blog as an RSS 2.0 feed: the newest published posts (scheduled ones join at their time, drafts never),
 * with absolute links on the configured site address.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config, siteSettings } = context.get(servicesContext);
  const [settings, posts] = await Promise.all([
    siteSettings.get(),
    findPublishedPosts({ db, limit: FEED_SIZE }),
  ]);
  const blogUrl = `${config.siteUrl}/blog`;
  const items = posts.map((post) => {
    const link = `${blogUrl}/${encodeURIComponent(post.slug)}`;
    const description = summarize((post.excerpt ?? "").replace(/\s+/g, " ").trim(), 500);
    return [
      "    <item>",
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <pubDate>${new Date(post.publishedAt).toUTCString()}</pubDate>`,
      post.category ? `      <category>${escapeXml(post.category)}</category>` : null,
      description ? `      <description>${escapeXml(description)}</description>` : null,
      "    </item>",
    ]
      .filter(Boolean)
      .join("\n");
  });
  const newest = posts[0]?.publishedAt;
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(`${settings.companyName} Blog`)}</title>
    <link>${escapeXml(blogUrl)}</link>
    <description>${escapeXml("Latest Updates & Insights: shipping guides, customs advice and company news.")}</description>
    <language>en</language>
    <atom:link href="${escapeXml(`${config.siteUrl}/blog/rss.xml`)}" rel="self" type="application/rss+xml" />
${newest ? `    <lastBuildDate>${new Date(newest).toUTCString()}</lastBuildDate>\n` : ""}${items.join("\n")}
  </channel>
</rss>
`;
  return new Response(body, {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      // Short, so a scheduled post shows up in readers soon after its time.
      "Cache-Control": "public, max-age=300",
    },
  });
}
