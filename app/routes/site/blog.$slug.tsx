import { isRouteErrorResponse } from "react-router";
import { BlogPostError, BlogPostPage } from "#app/components/site/blog/blog-post-page.tsx";
import { BLOG_FEED_LINK } from "#app/lib/blog-feed.ts";
import { blogPath, type Locale, localeOfPath } from "#app/lib/i18n/locale.ts";
import { localizedSeo } from "#app/lib/seo.ts";
import { loadBlogPostPage } from "#app/server/blog/blog-pages.server.ts";
import type { Route } from "./+types/blog.$slug";

const postPath = (slug: string, locale: Locale) => blogPath(locale, slug);

export const meta: Route.MetaFunction = (args) => {
  const { loaderData, matches, params, error, location } = args;
  if (!loaderData) {
    const notFound = !error || (isRouteErrorResponse(error) && error.status === 404);
    // The words of a 'not found' come with the error (the loader had no data to give them in).
    const words = isRouteErrorResponse(error) ? (error.data as { words?: unknown } | null)?.words : undefined;
    return localizedSeo(
      { location, matches: [...matches, { loaderData: { words } }] },
      {
        title: notFound ? "Blog Post Not Found" : "Error Loading Blog Post",
        description: "There was an error loading this blog post. It may not exist or has been removed.",
        path: `/blog/${encodeURIComponent(params.slug ?? "")}`,
        noindex: true,
      },
    );
  }
  const { post, description } = loaderData;
  // A post's title and summary are its own words, in its language: nothing to translate.
  const tags = localizedSeo(
    { location, matches: matches.slice(0, 1) },
    {
      title: post.title,
      description,
      path: postPath(post.slug, localeOfPath(location.pathname)),
      image: post.featuredImage,
      type: "article",
    },
  );
  tags.push({ property: "article:published_time", content: new Date(post.publishedAt).toISOString() });
  tags.push({ property: "article:modified_time", content: new Date(post.updatedAt).toISOString() });
  if (post.category) tags.push({ property: "article:section", content: post.category });
  // The feed carries the English posts only.
  if (post.language === "en") tags.push(BLOG_FEED_LINK);
  return tags;
};

/** A published post at its own language's address (blog-pages.server.ts). */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return loadBlogPostPage({ request, context, slug: params.slug });
}

// The page components are the route's own exports, not wrapped in one more function that would add to
// the page's script (docs/decisions/023-public-page-weight.md).
export default BlogPostPage;

export const ErrorBoundary = BlogPostError;
