import type { ReactNode } from "react";
import { isRouteErrorResponse, Link, useNavigation } from "react-router";
import { BlogCard } from "#app/components/site/blog/blog-card.tsx";
import { BlogPagination } from "#app/components/site/blog/blog-pagination.tsx";
import { useErrorT } from "#app/components/site/blog/use-error-words.ts";
import { Icon } from "#app/components/site/icons.tsx";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { cn } from "#app/lib/cn.ts";
import { blogPath, type Locale } from "#app/lib/i18n/locale.ts";
import type { Translate } from "#app/lib/i18n/translate.ts";
import { useLocale, useT } from "#app/lib/i18n/use-words.ts";
import type { BlogListPageData } from "#app/server/blog/blog-views.ts";

/** A page of the list in the page's language: '/blog?category=News&page=2', '/fr/blog?page=2'. */
export function blogHref({
  page,
  category,
  locale,
}: {
  page: number;
  category: string | null;
  locale: Locale;
}): string {
  const params = new URLSearchParams();
  if (category) params.set("category", category);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  const path = blogPath(locale);
  return query ? `${path}?${query}` : path;
}

function BlogHero({ t }: { t: Translate }) {
  return (
    <section className="bg-brand-900 text-white">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        <p className="text-sm font-semibold uppercase tracking-wider text-accent-500">{t("Our Blog")}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-5xl">
          {t("Latest Updates & Insights")}
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-brand-100">
          {t("Shipping guides, customs advice and company news from our team in Monrovia.")}
        </p>
      </div>
    </section>
  );
}

function BlogMessage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-6 py-14 text-center">
      <Icon name="newspaper" aria-hidden="true" className="size-10 text-brand-600" />
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      {children}
    </div>
  );
}

function CategoryFilter({ categories, active }: { categories: string[]; active: string | null }) {
  const t = useT();
  const locale = useLocale();
  if (categories.length < 2) return null;
  const pill = (selected: boolean) =>
    cn(
      "inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium transition-colors",
      selected
        ? "border-brand-700 bg-brand-700 text-white"
        : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
    );
  return (
    <nav aria-label={t("Blog categories")} className="mb-10">
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link
            to={blogHref({ page: 1, category: null, locale })}
            aria-current={active === null ? "page" : undefined}
            className={pill(active === null)}
          >
            {t("All Posts")}
          </Link>
        </li>
        {categories.map((category) => (
          <li key={category}>
            <Link
              to={blogHref({ page: 1, category, locale })}
              aria-current={active === category ? "page" : undefined}
              className={pill(active === category)}
            >
              {/* A category is the post's own word, written by staff in the post's language. */}
              <span translate="no">{category}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A page of the blog: the category filter, the cards, the pager. */
export function BlogListPage({ loaderData }: { loaderData: BlogListPageData }) {
  const { posts, page, totalPages, category, categories } = loaderData;
  const navigation = useNavigation();
  const t = useT();
  const locale = useLocale();
  const listPath = blogPath(locale);
  const loading = navigation.state === "loading" && navigation.location.pathname === listPath;
  return (
    <>
      <BlogHero t={t} />
      <section aria-label={t("Blog posts")} className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <CategoryFilter categories={categories} active={category} />
        <p role="status" className={cn("mb-6 text-center font-medium text-brand-700", !loading && "sr-only")}>
          {loading ? t("Loading blog posts...") : ""}
        </p>
        {posts.length === 0 ? (
          <BlogMessage title={t("No blog posts found")}>
            {category ? (
              <Link to={listPath} className={buttonClass({ variant: "outline" })}>
                {t("Show all posts")}
              </Link>
            ) : (
              <p className="text-slate-700">{t("New articles are on their way. Please check back soon.")}</p>
            )}
          </BlogMessage>
        ) : (
          <div
            aria-busy={loading || undefined}
            className={cn(
              "grid gap-8 sm:grid-cols-2 lg:grid-cols-3",
              loading && "opacity-60 transition-opacity",
            )}
          >
            {posts.map((post) => (
              <BlogCard key={post.id} post={post} />
            ))}
          </div>
        )}
        <BlogPagination
          page={page}
          totalPages={totalPages}
          hrefForPage={(n) => blogHref({ page: n, category, locale })}
        />
      </section>
    </>
  );
}

/** No such page of the list (404), or the list could not be read. */
export function BlogListError({ error }: { error: unknown }) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const t = useErrorT(error);
  const listPath = blogPath(useLocale());
  return (
    <>
      <BlogHero t={t} />
      <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        {notFound ? (
          <BlogMessage title={t("No blog posts found")}>
            <p className="text-slate-700">{t("This page of the blog does not exist.")}</p>
            <Link to={listPath} className={buttonClass()}>
              {t("Return to Blog")}
            </Link>
          </BlogMessage>
        ) : (
          <BlogMessage title={t("Error loading blog posts")}>
            <p className="text-slate-700">
              {t("Something went wrong on our side. Please try again in a moment.")}
            </p>
            <Link to={listPath} reloadDocument className={buttonClass()}>
              {t("Try again")}
            </Link>
          </BlogMessage>
        )}
      </section>
    </>
  );
}
