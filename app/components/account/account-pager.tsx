import { Link } from "react-router";
import { useLocalePath, useT } from "#app/lib/i18n/use-words.ts";
import type { Paging } from "#app/server/customers/customer-billing-views.ts";

/** 'Newer' and 'Older' under an account list, with where the reader is; plain links (no JavaScript needed). */
export function AccountPager({ paging, path }: { paging: Paging; path: string }) {
  const t = useT();
  const here = useLocalePath()(path);
  if (paging.pages <= 1) return null;
  const link = "rounded-md border border-slate-300 px-4 py-2 font-medium text-brand-700 hover:bg-slate-50";
  return (
    <nav aria-label={t("Pages")} className="mt-6 flex flex-wrap items-center gap-3 text-sm">
      {paging.page > 1 ? (
        <Link to={`${here}?page=${paging.page - 1}`} className={link}>
          {t("Newer")}
        </Link>
      ) : null}
      <span className="text-slate-700">
        {t("Page {page} of {pages}", { page: paging.page, pages: paging.pages })}
      </span>
      {paging.page < paging.pages ? (
        <Link to={`${here}?page=${paging.page + 1}`} className={link}>
          {t("Older")}
        </Link>
      ) : null}
    </nav>
  );
}
