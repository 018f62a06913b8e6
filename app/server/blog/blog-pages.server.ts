// The public blog's pages (app/routes/site/blog.tsx, blog.$slug.tsx): a page of the list, and one post.
import { data, type RouterContextProvider, redirect } from "react-router";
import { servicesContext } from "#app/context.ts";
import { blogPath, type Locale, localeOf } from "#app/lib/i18n/locale.ts";
import { mediaFilenameFromUrl, mediaSrcSet } from "#app/lib/media.ts";
import {
  countPublishedPosts,
  findPublishedPosts,
  findPublishedTranslation,
  findRelatedPosts,
  getPublishedPostBySlug,
  listPublishedCategories,
  withFeaturedImageSrcSets,
} from "#app/server/blog/blog-posts.server.ts";
import { findResponsiveImages } from "#app/server/blog/media.server.ts";
import {
  htmlToPlainText,
  mediaFilenamesInHtml,
  sanitizePostHtml,
  summarize,
} from "#app/server/blog/sanitize-html.server.ts";
import { wordsFor } from "#app/server/i18n/words.server.ts";

type Ctx = Readonly<RouterContextProvider>;

const BLOG_PAGE_SIZE = 9;

/** `?page=` as a page number; anything that is not a plain positive number means the first page. */
function parsePage(value: string | null): number {
  return value && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1;
}

/** A page of the list in the page's language, of one category or all; past the last page is a 404. */
export async function loadBlogPage({ request, context }: { request: Request; context: Ctx }) {
  const { db } = context.get(servicesContext);
  const url = new URL(request.url);
  const language = localeOf(request);
  const page = parsePage(url.searchParams.get("page"));
  const category = url.searchParams.get("category")?.trim().slice(0, 200) || null;
  const now = new Date();
  const [total, categories] = await Promise.all([
    countPublishedPosts({ db, now, category, language }),
    listPublishedCategories({ db, now, language }),
  ]);
  const totalPages = Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE));
  const words = wordsFor(language, "blog");
  if (page > totalPages) {
    throw data({ message: "There is no such page of the blog.", words }, { status: 404 });
  }
  const posts = await withFeaturedImageSrcSets({
    db,
    posts: await findPublishedPosts({
      db,
      now,
      category,
      language,
      limit: BLOG_PAGE_SIZE,
      offset: (page - 1) * BLOG_PAGE_SIZE,
    }),
  });
  // The blog's words, and the cards' (blog-card.tsx) and the pager's; none on an English page.
  return { posts, page, totalPages, total, category, categories, words };
}

/**
 * A published post at its own language's address. A post asked for at the other language's address (an old
 * link from before staff changed its language, or a hand-typed one) is sent to its own with a temporary
 * redirect: a permanent one would be remembered by browsers and loop if staff changed the language back.
 */
export async function loadBlogPostPage({
  request,
  context,
  slug,
}: {
  request: Request;
  context: Ctx;
  slug: string | undefined;
}) {
  const { db } = context.get(servicesContext);
  const now = new Date();
  const locale = localeOf(request);
  const words = wordsFor(locale, "blog");
  const post = await getPublishedPostBySlug({ db, slug: slug ?? "", now });
  if (!post) throw data({ message: "Blog post not found", words }, { status: 404 });
  if (post.language !== locale) throw redirect(blogPath(post.language, post.slug));
  const translation = await findPublishedTranslation({ db, post, now });
  // Library images (in the body and the featured one) are served responsively from their stored variants.
  const featuredFile = mediaFilenameFromUrl(post.featuredImage);
  const images = await findResponsiveImages({
    db,
    filenames: [...mediaFilenamesInHtml(post.content), ...(featuredFile ? [featuredFile] : [])],
  });
  const html = sanitizePostHtml(post.content, { images });
  const text = htmlToPlainText(html);
  const wordCount = text ? text.split(" ").length : 0;
  const related = await withFeaturedImageSrcSets({
    db,
    posts: await findRelatedPosts({ db, excludeId: post.id, now, limit: 3, language: locale }),
  });
  const featured = featuredFile ? images.get(featuredFile) : undefined;
  return {
    post: {
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      featuredImage: post.featuredImage,
      featuredImageSrcSet: featuredFile && featured ? mediaSrcSet(featuredFile, featured.variants) : null,
      category: post.category,
      publishedAt: post.publishedAt,
      updatedAt: post.updatedAt,
      language: post.language,
      html,
    },
    /** The page in each language, for the switch and hreflang: its translation's address, or none. */
    alternates: {
      [locale]: blogPath(locale, post.slug),
      [locale === "en" ? "fr" : "en"]: translation ? blogPath(translation.language, translation.slug) : null,
    } as Record<Locale, string | null>,
    words,
    description: summarize(post.excerpt?.trim() || text || post.title),
    readingMinutes: Math.max(1, Math.round(wordCount / 200)),
    related,
  };
}
