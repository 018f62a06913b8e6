import { BlogListError, BlogListPage, blogHref } from "#app/components/site/blog/blog-list-page.tsx";
import { BLOG_FEED_LINK } from "#app/lib/blog-feed.ts";
import { localeOfPath } from "#app/lib/i18n/locale.ts";
import { localizedSeo, translateFromMatches } from "#app/lib/seo.ts";
import { loadBlogPage } from "#app/server/blog/blog-pages.server.ts";
import type { Route } from "./+types/blog";

const DESCRIPTION =
  "News, shipping guides and practical advice on air, sea and road freight to and from Liberia, from the logistics team in Monrovia.";

export const meta: Route.MetaFunction = (args) => {
  const { loaderData, matches, location } = args;
  const locale = localeOfPath(location.pathname);
  const t = translateFromMatches(matches);
  const page = loaderData?.page ?? 1;
  const category = loaderData?.category ?? null;
  let title = category
    ? t("{category}: Latest Updates & Insights", { category })
    : t("Blog: Latest Updates & Insights");
  if (page > 1) title = t("{title} (Page {page})", { title, page });
  // The feed carries the English posts only, so only the English list names it.
  return [
    ...localizedSeo(args, {
      title,
      description: DESCRIPTION,
      path: blogHref({ page, category, locale: "en" }),
    }),
    ...(locale === "en" ? [BLOG_FEED_LINK] : []),
  ];
};

export function loader({ request, context }: Route.LoaderArgs) {
  return loadBlogPage({ request, context });
}

// The page components are the route's own exports, not wrapped in one more function that would add to
// the page's script (docs/decisions/023-public-page-weight.md).
export default BlogListPage;

export const ErrorBoundary = BlogListError;
