import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link, useLocation } from "react-router";
import { cn } from "#app/lib/cn.ts";

/** Previous/next page links that keep every other query parameter (search, filters) of the URL. */
export function Pagination({
  page,
  pageCount,
  param = "page",
}: {
  page: number;
  pageCount: number;
  param?: string;
}) {
  const location = useLocation();
  if (pageCount <= 1) return null;
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search);
    if (target <= 1) params.delete(param);
    else params.set(param, String(target));
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ""}`;
  };
  const linkClass =
    "inline-flex h-9 items-center gap-1 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50";
  const disabledClass = "pointer-events-none opacity-50";
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-4 pt-4">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={linkClass} rel="prev">
          <ChevronLeft className="h-4 w-4" aria-hidden /> Previous
        </Link>
      ) : (
        <span className={cn(linkClass, disabledClass)} aria-disabled="true">
          <ChevronLeft className="h-4 w-4" aria-hidden /> Previous
        </span>
      )}
      <p className="text-sm text-slate-700" aria-live="polite">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={linkClass} rel="next">
          Next <ChevronRight className="h-4 w-4" aria-hidden />
        </Link>
      ) : (
        <span className={cn(linkClass, disabledClass)} aria-disabled="true">
          Next <ChevronRight className="h-4 w-4" aria-hidden />
        </span>
      )}
    </nav>
  );
}
