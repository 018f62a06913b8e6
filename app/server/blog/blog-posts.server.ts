import { and, count, desc, eq, gt, isNotNull, lte, min, ne, or, type SQL, sql } from "drizzle-orm";
import type { Locale } from "#app/lib/i18n/locale.ts";
import { mediaFilenameFromUrl, mediaSrcSet } from "#app/lib/media.ts";
import { findResponsiveImages } from "#app/server/blog/media.server.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { blogPosts } from "#app/server/db/schema.ts";

export type BlogPost = typeof blogPosts.$inferSelect;

/** What a post card needs: everything but the content. */
type BlogPostSummary = Pick<
  BlogPost,
  "id" | "slug" | "title" | "excerpt" | "featuredImage" | "category" | "publishedAt" | "updatedAt"
> & { publishedAt: Date };

const summaryColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  featuredImage: blogPosts.featuredImage,
  category: blogPosts.category,
  publishedAt: blogPosts.publishedAt,
  updatedAt: blogPosts.updatedAt,
};

/**
 * The featured image address as the public pages may use it: a site path ("/images/...") or an
 * http(s) URL. Anything else (javascript:, data:, protocol-relative, junk) counts as no image.
 */
export function safeImageUrl(url: string | null | undefined): string | null {
  const value = url?.trim();
  if (!value || value.length > 2000 || /[\u0000-\u001f\u007f\s\\]/.test(value)) return null;
  if (value.startsWith("/") && !value.startsWith("//")) return value;
  return /^https?:\/\/[^/]/i.test(value) ? value : null;
}

function withSafeImage<T extends { featuredImage: string | null }>(row: T): T {
  return { ...row, featuredImage: safeImageUrl(row.featuredImage) };
}

/** PostgreSQL text cannot hold NUL, and no slug or category contains control characters. */
function isPlainText(value: string, maxLength: number): boolean {
  return value.length > 0 && value.length <= maxLength && !/[\u0000-\u001f\u007f]/.test(value);
}

/** Published means a publish date that has arrived: drafts (no date) and scheduled posts stay hidden. */
function isPublished(now: Date): SQL {
  return and(isNotNull(blogPosts.publishedAt), lte(blogPosts.publishedAt, now))!;
}

/** Published and in `language`: /blog lists the English posts, /fr/blog the French ones (decision 030). */
function publishedIn(now: Date, language: Locale): SQL {
  return and(isPublished(now), eq(blogPosts.language, language))!;
}

function publishedWhere({
  now,
  category,
  language,
}: {
  now: Date;
  category?: string | null;
  language: Locale;
}): SQL {
  if (category === undefined || category === null || category === "") return publishedIn(now, language);
  // A category no post can have (control characters, absurd length) matches nothing.
  if (!isPlainText(category, 200)) return sql`false`;
  return and(publishedIn(now, language), eq(blogPosts.category, category))!;
}

const newestFirst = [desc(blogPosts.publishedAt), desc(blogPosts.createdAt), desc(blogPosts.id)];

/** Published posts in a language (English unless told), newest publish date first. */
export async function findPublishedPosts({
  db,
  now = new Date(),
  limit = 100,
  offset = 0,
  category,
  language = "en",
}: {
  db: Db;
  now?: Date;
  limit?: number;
  offset?: number;
  category?: string | null;
  language?: Locale;
}): Promise<BlogPostSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(blogPosts)
    .where(publishedWhere({ now, category, language }))
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
  return (rows as BlogPostSummary[]).map(withSafeImage);
}

export async function countPublishedPosts({
  db,
  now = new Date(),
  category,
  language = "en",
}: {
  db: Db;
  now?: Date;
  category?: string | null;
  language?: Locale;
}): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(blogPosts)
    .where(publishedWhere({ now, category, language }));
  return row?.total ?? 0;
}

/**
 * One published post by its slug (in either language: the page sends a post at the other language's address
 * to its own), or null for an unknown slug, a draft or a scheduled post.
 */
export async function getPublishedPostBySlug({
  db,
  slug,
  now = new Date(),
}: {
  db: Db;
  slug: string;
  now?: Date;
}): Promise<(BlogPost & { publishedAt: Date }) | null> {
  if (!isPlainText(slug, 300)) return null;
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), isPublished(now)))
    .limit(1);
  return row ? withSafeImage(row as BlogPost & { publishedAt: Date }) : null;
}

/** The categories that have at least one published post in the language, alphabetically. */
export async function listPublishedCategories({
  db,
  now = new Date(),
  language = "en",
}: {
  db: Db;
  now?: Date;
  language?: Locale;
}): Promise<string[]> {
  const rows = await db
    .selectDistinct({ category: blogPosts.category })
    .from(blogPosts)
    .where(and(publishedIn(now, language), isNotNull(blogPosts.category), ne(blogPosts.category, "")))
    .orderBy(blogPosts.category);
  return rows.map((r) => r.category).filter((c): c is string => Boolean(c));
}

/** Other published posts in the same language to suggest under a post, newest first. */
export async function findRelatedPosts({
  db,
  excludeId,
  now = new Date(),
  limit = 3,
  language = "en",
}: {
  db: Db;
  excludeId: string;
  now?: Date;
  limit?: number;
  language?: Locale;
}): Promise<BlogPostSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(blogPosts)
    .where(and(publishedIn(now, language), ne(blogPosts.id, excludeId)))
    .orderBy(...newestFirst)
    .limit(limit);
  return (rows as BlogPostSummary[]).map(withSafeImage);
}

/**
 * The published translation of a post: the post it names as its original, else the newest post in the other
 * language that names it. Null when there is none (or it is a draft, scheduled, or in the same language).
 */
export async function findPublishedTranslation({
  db,
  post,
  now = new Date(),
}: {
  db: Db;
  post: Pick<BlogPost, "id" | "language" | "translationOf">;
  now?: Date;
}): Promise<{ slug: string; language: Locale } | null> {
  const other: Locale = post.language === "fr" ? "en" : "fr";
  const named = post.translationOf ? eq(blogPosts.id, post.translationOf) : undefined;
  const [row] = await db
    .select({ slug: blogPosts.slug })
    .from(blogPosts)
    .where(and(publishedIn(now, other), or(named, eq(blogPosts.translationOf, post.id))))
    .orderBy(...(named ? [desc(named)] : []), ...newestFirst)
    .limit(1);
  return row ? { slug: row.slug, language: other } : null;
}

type SitemapPost = {
  slug: string;
  language: Locale;
  updatedAt: Date;
  publishedAt: Date;
  /** The slug of its published translation, when it has one. */
  translationSlug: string | null;
};

/** Slug, language, translation and last change of every published post, for the sitemap. */
export async function listPublishedPostsForSitemap({
  db,
  now = new Date(),
}: {
  db: Db;
  now?: Date;
}): Promise<SitemapPost[]> {
  const rows = (await db
    .select({
      id: blogPosts.id,
      slug: blogPosts.slug,
      language: blogPosts.language,
      translationOf: blogPosts.translationOf,
      updatedAt: blogPosts.updatedAt,
      publishedAt: blogPosts.publishedAt,
    })
    .from(blogPosts)
    .where(isPublished(now))
    .orderBy(...newestFirst)) as (Omit<SitemapPost, "translationSlug"> & {
    id: string;
    translationOf: string | null;
  })[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  // As findPublishedTranslation: the named original first, else the newest post naming this one.
  return rows.map(({ id, translationOf, ...row }) => {
    const named = translationOf ? byId.get(translationOf) : undefined;
    const translation =
      named && named.language !== row.language
        ? named
        : rows.find((other) => other.translationOf === id && other.language !== row.language);
    return { ...row, translationSlug: translation?.slug ?? null };
  });
}

/**
 * The posts with `featuredImageSrcSet`: the variants of a featured image from the media library (`/media/…`),
 * for a responsive `<img>`; null for any other image.
 */
export async function withFeaturedImageSrcSets<T extends { featuredImage: string | null }>({
  db,
  posts,
}: {
  db: Db;
  posts: T[];
}): Promise<(T & { featuredImageSrcSet: string | null })[]> {
  const filenames = posts.flatMap((post) => mediaFilenameFromUrl(post.featuredImage) ?? []);
  const images = await findResponsiveImages({ db, filenames });
  return posts.map((post) => {
    const filename = mediaFilenameFromUrl(post.featuredImage);
    const image = filename ? images.get(filename) : undefined;
    return { ...post, featuredImageSrcSet: filename && image ? mediaSrcSet(filename, image.variants) : null };
  });
}

/** When the next scheduled post goes live, or null when none is waiting. */
export async function findNextPublicationTime({
  db,
  now = new Date(),
}: {
  db: Db;
  now?: Date;
}): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(blogPosts.publishedAt) })
    .from(blogPosts)
    .where(gt(blogPosts.publishedAt, now));
  return row?.at ?? null;
}
