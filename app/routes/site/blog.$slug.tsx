import type { ReactNode } from "react";
import { data, isRouteErrorResponse, Link, redirect } from "react-router";
import { BlogCard } from "#app/components/site/blog/blog-card.tsx";
import { BlogContent } from "#app/components/site/blog/blog-content.tsx";
import { BlogDate } from "#app/components/site/blog/blog-date.tsx";
import { BlogFeaturedImage } from "#app/components/site/blog/blog-featured-image.tsx";
import { blogPostingJsonLd, JsonLd } from "#app/components/site/blog/blog-json-ld.tsx";
import { useErrorT } from "#app/components/site/blog/use-error-words.ts";
import { Icon } from "#app/components/site/icons.tsx";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { servicesContext } from "#app/context.ts";
import { BLOG_FEED_LINK } from "#app/lib/blog-feed.ts";
import { blogPath, type Locale, localeOf, localeOfPath } from "#app/lib/i18n/locale.ts";
import type { Translate } from "#app/lib/i18n/translate.ts";
import { useLocale, useLocalePath, useT } from "#app/lib/i18n/use-words.ts";
import { mediaFilenameFromUrl, mediaSrcSet } from "#app/lib/media.ts";
import { localizedSeo } from "#app/lib/seo.ts";
import { useRootData } from "#app/root.tsx";
import {
  findPublishedTranslation,
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
import { wordsFor } from "#app/server/i18n/words.server.ts";
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

/**
 * A published post at its own language's address. A post asked for at the other language's address (an old
 * link from before staff changed its language, or a hand-typed one) is sent to its own with a temporary
 * redirect: a permanent one would be remembered by browsers and loop if staff changed the language back.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const now = new Date();
  const locale = localeOf(request);
  const words = wordsFor(locale, "blog");
  const post = await getPublishedPostBySlug({ db, slug: params.slug ?? "", now });
  if (!post) throw data({ message: "Blog post not found", words }, { status: 404 });
  if (post.language !== locale) throw redirect(postPath(post.slug, post.language));
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
      [locale]: postPath(post.slug, locale),
      [locale === "en" ? "fr" : "en"]: translation ? postPath(translation.slug, translation.language) : null,
    } as Record<Locale, string | null>,
    words,
    description: summarize(post.excerpt?.trim() || text || post.title),
    readingMinutes: Math.max(1, Math.round(wordCount / 200)),
    related,
  };
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, description, readingMinutes, related, alternates } = loaderData;
  const { siteUrl, settings } = useRootData();
  const t = useT();
  const to = useLocalePath();
  const locale = useLocale();
  const other: Locale = locale === "en" ? "fr" : "en";
  const translation = alternates[other];
  return (
    <>
      <article>
        <header className="bg-brand-900 text-white">
          <div className="mx-auto max-w-3xl px-4 pt-10 pb-28 sm:px-6 sm:pt-14 sm:pb-36">
            <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3">
              <Link
                to={to("/blog")}
                className="inline-flex items-center gap-2 rounded-md text-sm font-medium text-brand-100 hover:text-white"
              >
                <Icon name="arrow-left" aria-hidden="true" className="size-4" />
                {t("Back to Blog")}
              </Link>
              {translation ? (
                <Link
                  to={translation}
                  hrefLang={other}
                  className="inline-flex items-center gap-2 rounded-md text-sm font-medium text-brand-100 underline underline-offset-4 hover:text-white"
                >
                  <Icon name="globe" aria-hidden="true" className="size-4" />
                  {other === "fr" ? t("Read in French") : t("Read in English")}
                </Link>
              ) : null}
            </div>
            <div className="mt-8 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-brand-100">
              {post.category ? (
                <span className="rounded-full bg-accent-700 px-3 py-1 font-semibold text-white">
                  {post.category}
                </span>
              ) : null}
              <BlogDate date={post.publishedAt} />
              <span className="inline-flex items-center gap-1.5">
                <Icon name="clock" aria-hidden="true" className="size-4" />
                {t("{minutes} min read", { minutes: readingMinutes })}
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
              <p className="text-lg font-semibold text-brand-900">{t("Have cargo to move?")}</p>
              <p className="mt-1 text-slate-700">
                {t("Tell us what you are shipping and we will send you a free quote.")}
              </p>
            </div>
            <Link
              to={to("/contact#quote")}
              className="inline-flex h-11 shrink-0 items-center justify-center rounded-md bg-accent-700 px-5 font-semibold text-white transition-colors hover:bg-brand-900"
            >
              {t("Get a Free Quote")}
            </Link>
          </div>
        </footer>
      </article>

      <section aria-labelledby="more-articles" className="border-t border-slate-200 bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
            <h2 id="more-articles" className="text-2xl font-bold text-brand-900 sm:text-3xl">
              {t("More from our blog")}
            </h2>
            <Link
              to={to("/blog")}
              className={buttonClass({ variant: "outline", className: "self-start sm:self-auto" })}
            >
              {t("Browse More Articles")}
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
          language: post.language,
        })}
      />
    </>
  );
}

function BlogPostMessage({
  icon,
  title,
  t,
  children,
}: {
  icon: ReactNode;
  title: string;
  t: Translate;
  children: ReactNode;
}) {
  const to = useLocalePath();
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      {icon}
      <h1 className="text-3xl font-bold text-brand-900">{title}</h1>
      {children}
      <Link to={to("/blog")} className={buttonClass({ className: "mt-2" })}>
        <Icon name="arrow-left" aria-hidden="true" className="size-4" />
        {t("Return to Blog")}
      </Link>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useErrorT(error);
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <BlogPostMessage
        icon={<Icon name="file-x-2" aria-hidden="true" className="size-12 text-brand-600" />}
        title={t("Blog Post Not Found")}
        t={t}
      >
        <p className="text-slate-700">
          {t("The article you are looking for does not exist or is no longer available.")}
        </p>
      </BlogPostMessage>
    );
  }
  return (
    <BlogPostMessage
      icon={<Icon name="triangle-alert" aria-hidden="true" className="size-12 text-accent-600" />}
      title={t("Error Loading Blog Post")}
      t={t}
    >
      <p className="text-slate-700">
        {t("There was an error loading this blog post. It may not exist or has been removed.")}
      </p>
    </BlogPostMessage>
  );
}
