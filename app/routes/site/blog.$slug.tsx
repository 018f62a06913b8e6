import type { ReactNode } from "react";
import { data, isRouteErrorResponse, Link } from "react-router";
import { BlogCard } from "#app/components/site/blog/blog-card.tsx";
import { BlogContent } from "#app/components/site/blog/blog-content.tsx";
import { BlogDate } from "#app/components/site/blog/blog-date.tsx";
import { BlogFeaturedImage } from "#app/components/site/blog/blog-featured-image.tsx";
import { blogPostingJsonLd, JsonLd } from "#app/components/site/blog/blog-json-ld.tsx";
import { Icon } from "#app/components/site/icons.tsx";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { servicesContext } from "#app/context.ts";
import { BLOG_FEED_LINK } from "#app/lib/blog-feed.ts";
import { mediaFilenameFromUrl, mediaSrcSet } from "#app/lib/media.ts";
import { seo } from "#app/lib/seo.ts";
import { useRootData } from "#app/root.tsx";
import {
  findRelatedPosts,
  getPublishedPostBySlug,
  withFeaturedImageSrcSets,
} from "#app/server/blog/blog-posts.server.ts";
import { findResponsiveImages } from "#app/server/blog/media.server.ts";
import {
  htmlToPlainText,
  mediaFilenamesInHtml,
  sanitizePostHtml,
  summarize,
} from "#app/server/blog/sanitize-html.server.ts";
import type { Route } from "./+types/blog.$slug";

export const meta: Route.MetaFunction = ({ loaderData, matches, params, error }) => {
  const root = matches[0]?.loaderData;
  if (!loaderData) {
    const notFound = !error || (isRouteErrorResponse(error) && error.status === 404);
    return seo(
      {
        title: notFound ? "Blog Post Not Found" : "Error Loading Blog Post",
        description: "There was an error loading this blog post. It may not exist or has been removed.",
        path: `/blog/${encodeURIComponent(params.slug ?? "")}`,
        noindex: true,
      },
      root,
    );
  }
  const { post, description } = loaderData;
  const tags = seo(
    {
      title: post.title,
      description,
      path: `/blog/${encodeURIComponent(post.slug)}`,
      image: post.featuredImage,
      type: "article",
    },
    root,
  );
  tags.push({ property: "article:published_time", content: new Date(post.publishedAt).toISOString() });
  tags.push({ property: "article:modified_time", content: new Date(post.updatedAt).toISOString() });
  if (post.category) tags.push({ property: "article:section", content: post.category });
  tags.push(BLOG_FEED_LINK);
  return tags;
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const now = new Date();
  const post = await getPublishedPostBySlug({ db, slug: params.slug ?? "", now });
  if (!post) throw data("Blog post not found", { status: 404 });
  // Library images (in the body and the featured one) are served responsively from their stored variants.
  const featuredFile = mediaFilenameFromUrl(post.featuredImage);
  const images = await findResponsiveImages({
    db,
    filenames: [...mediaFilenamesInHtml(post.content), ...(featuredFile ? [featuredFile] : [])],
  });
  const html = sanitizePostHtml(post.content, { images });
  const text = htmlToPlainText(html);
  const words = text ? text.split(" ").length : 0;
  const related = await withFeaturedImageSrcSets({
    db,
    posts: await findRelatedPosts({ db, excludeId: post.id, now, limit: 3 }),
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
      html,
    },
    description: summarize(post.excerpt?.trim() || text || post.title),
    readingMinutes: Math.max(1, Math.round(words / 200)),
    related,
  };
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, description, readingMinutes, related } = loaderData;
  const { siteUrl, settings } = useRootData();
  return (
    <>
      <article>
        <header className="bg-brand-900 text-white">
          <div className="mx-auto max-w-3xl px-4 pt-10 pb-28 sm:px-6 sm:pt-14 sm:pb-36">
            <Link
              to="/blog"
              className="inline-flex items-center gap-2 rounded-md text-sm font-medium text-brand-100 hover:text-white"
            >
              <Icon name="arrow-left" aria-hidden="true" className="size-4" />
              Back to Blog
            </Link>
            <div className="mt-8 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-brand-100">
              {post.category ? (
                <span className="rounded-full bg-accent-700 px-3 py-1 font-semibold text-white">
                  {post.category}
                </span>
              ) : null}
              <BlogDate date={post.publishedAt} />
              <span className="inline-flex items-center gap-1.5">
                <Icon name="clock" aria-hidden="true" className="size-4" />
                {readingMinutes} min read
              </span>
            </div>
            <h1 className="mt-4 text-3xl font-bold leading-tight tracking-tight text-balance sm:text-4xl lg:text-5xl">
              {post.title}
            </h1>
            {post.excerpt ? (
              <p className="mt-5 text-lg leading-relaxed text-brand-100 sm:text-xl">{post.excerpt}</p>
            ) : null}
          </div>
        </header>

        <div className="mx-auto -mt-20 max-w-4xl px-4 sm:-mt-28 sm:px-6">
          <BlogFeaturedImage
            src={post.featuredImage}
            srcSet={post.featuredImageSrcSet}
            sizes="(min-width: 896px) 848px, calc(100vw - 2rem)"
            alt={post.title}
            eager
            className="rounded-xl shadow-xl ring-1 ring-slate-900/5"
          />
        </div>

        <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
          <BlogContent html={post.html} />
        </div>

        <footer className="mx-auto max-w-3xl px-4 pb-12 sm:px-6">
          <div className="flex flex-col gap-6 rounded-xl bg-brand-50 p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8">
            <div>
              <p className="text-lg font-semibold text-brand-900">Have cargo to move?</p>
              <p className="mt-1 text-slate-700">
                Tell us what you are shipping and we will send you a free quote.
              </p>
            </div>
            <Link
              to="/contact#quote"
              className="inline-flex h-11 shrink-0 items-center justify-center rounded-md bg-accent-700 px-5 font-semibold text-white transition-colors hover:bg-brand-900"
            >
              Get a Free Quote
            </Link>
          </div>
        </footer>
      </article>

      <section aria-labelledby="more-articles" className="border-t border-slate-200 bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
            <h2 id="more-articles" className="text-2xl font-bold text-brand-900 sm:text-3xl">
              More from our blog
            </h2>
            <Link
              to="/blog"
              className={buttonClass({ variant: "outline", className: "self-start sm:self-auto" })}
            >
              Browse More Articles
              <Icon name="arrow-right" aria-hidden="true" className="size-4" />
            </Link>
          </div>
          {related.length > 0 ? (
            <div className="mt-8 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
              {related.map((item) => (
                <BlogCard key={item.id} post={item} headingLevel="h3" />
              ))}
            </div>
          ) : null}
        </div>
      </section>

      <JsonLd
        data={blogPostingJsonLd({
          siteUrl,
          companyName: settings.companyName,
          slug: post.slug,
          title: post.title,
          description,
          image: post.featuredImage,
          category: post.category,
          publishedAt: post.publishedAt,
          updatedAt: post.updatedAt,
        })}
      />
    </>
  );
}

function BlogPostMessage({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      {icon}
      <h1 className="text-3xl font-bold text-brand-900">{title}</h1>
      {children}
      <Link to="/blog" className={buttonClass({ className: "mt-2" })}>
        <Icon name="arrow-left" aria-hidden="true" className="size-4" />
        Return to Blog
      </Link>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <BlogPostMessage
        icon={<Icon name="file-x-2" aria-hidden="true" className="size-12 text-brand-600" />}
        title="Blog Post Not Found"
      >
        <p className="text-slate-700">
          The article you are looking for does not exist or is no longer available.
        </p>
      </BlogPostMessage>
    );
  }
  return (
    <BlogPostMessage
      icon={<Icon name="triangle-alert" aria-hidden="true" className="size-12 text-accent-600" />}
      title="Error Loading Blog Post"
    >
      <p className="text-slate-700">
        There was an error loading this blog post. It may not exist or has been removed.
      </p>
    </BlogPostMessage>
  );
}
