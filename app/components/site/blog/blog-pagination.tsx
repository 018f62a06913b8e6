import { Link } from "react-router";
import { Icon } from "#app/components/site/icons.tsx";
import { cn } from "#app/lib/cn.ts";
import { useT } from "#app/lib/i18n/use-words.ts";

/** Page links for the blog list: previous, numbered pages, next. */
export function BlogPagination({
  page,
  totalPages,
  hrefForPage,
}: {
  page: number;
  totalPages: number;
  hrefForPage: (page: number) => string;
}) {
  const t = useT();
  if (totalPages <= 1) return null;
  const pages = Array.from({ length: totalPages }, (_, i) => i + 1);
  const base =
    "inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-md border px-3 text-sm font-medium transition-colors";
  return (
    <nav aria-label={t("Blog pages")} className="mt-12 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link
          to={hrefForPage(page - 1)}
          rel="prev"
          className={cn(base, "border-slate-300 bg-white text-slate-800 hover:bg-slate-50")}
        >
          <Icon name="chevron-left" aria-hidden="true" className="size-4" />
          {t("Previous")}
        </Link>
      ) : null}
      <ul className="flex flex-wrap items-center gap-2">
        {pages.map((n) => (
          <li key={n}>
            <Link
              to={hrefForPage(n)}
              aria-label={t("Page {n}", { n })}
              aria-current={n === page ? "page" : undefined}
              className={cn(
                base,
                n === page
                  ? "border-brand-700 bg-brand-700 text-white"
                  : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
              )}
            >
              {n}
            </Link>
          </li>
        ))}
      </ul>
      {page < totalPages ? (
        <Link
          to={hrefForPage(page + 1)}
          rel="next"
          className={cn(base, "border-slate-300 bg-white text-slate-800 hover:bg-slate-50")}
        >
          {t("Next")}
          <Icon name="chevron-right" aria-hidden="true" className="size-4" />
        </Link>
      ) : null}
    </nav>
  );
}
