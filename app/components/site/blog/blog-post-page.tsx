import type { ReactNode } from "react";
import { isRouteErrorResponse, Link } from "react-router";
import { BlogCard } from "#app/components/site/blog/blog-card.tsx";
import { BlogContent } from "#app/components/site/blog/blog-content.tsx";
import { BlogDate } from "#app/components/site/blog/blog-date.tsx";
import { BlogFeaturedImage } from "#app/components/site/blog/blog-featured-image.tsx";
import { blogPostingJsonLd, JsonLd } from "#app/components/site/blog/blog-json-ld.tsx";
import { useErrorT } from "#app/components/site/blog/use-error-words.ts";
import { Icon } from "#app/components/site/icons.tsx";
import { buttonClass } from "#app/components/ui/button-class.ts";
import type { Locale } from "#app/lib/i18n/locale.ts";
import type { Translate } from "#app/lib/i18n/translate.ts";
import { useLocale, useLocalePath, useT } from "#app/lib/i18n/use-words.ts";
import { useRootData } from "#app/root.tsx";
import type { BlogPostPageData } from "#app/server/blog/blog-views.ts";

/** A post: its header, featured image and body, the call to a quote, more posts, and its JSON-LD. */
export function BlogPostPage({ loaderData }: { loaderData: BlogPostPageData }) {
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

/** No such post (404), or the post could not be read. */
export function BlogPostError({ error }: { error: unknown }) {
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
