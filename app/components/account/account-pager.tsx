import { Link } from "react-router";
import type { Paging } from "#app/server/customers/customer-billing-views.ts";

/** 'Newer' and 'Older' under an account list, with where the reader is; plain links (no JavaScript needed). */
export function AccountPager({ paging, path }: { paging: Paging; path: string }) {
  if (paging.pages <= 1) return null;
  const link = "rounded-md border border-slate-300 px-4 py-2 font-medium text-brand-700 hover:bg-slate-50";
  return (
    <nav aria-label="Pages" className="mt-6 flex flex-wrap items-center gap-3 text-sm">
      {paging.page > 1 ? (
        <Link to={`${path}?page=${paging.page - 1}`} className={link}>
          Newer
        </Link>
      ) : null}
      <span className="text-slate-700">
        Page {paging.page} of {paging.pages}
      </span>
      {paging.page < paging.pages ? (
        <Link to={`${path}?page=${paging.page + 1}`} className={link}>
          Older
        </Link>
      ) : null}
    </nav>
  );
}

/** The page a list's address asks for (1 when it asks none or nonsense). */
export function pageParam(request: Request): number {
  const page = Number.parseInt(new URL(request.url).searchParams.get("page") ?? "", 10);
  return Number.isFinite(page) && page > 0 ? Math.min(page, 100_000) : 1;
}
