import { Link } from "react-router";
import { AccountPager } from "#app/components/account/account-pager.tsx";
import { calendarDateIn } from "#app/components/account/calendar-date.ts";
import { Data } from "#app/components/account/filled.tsx";
import { useLocale, useLocalePath, useT } from "#app/lib/i18n/use-words.ts";
import type { AccountQuotesData } from "#app/server/customers/customer-billing-views.ts";

/** Every quote sent to the company, newest first, with its state; paged. */
export function QuotesPage({ data }: { data: AccountQuotesData }) {
  const { rows, paging } = data;
  const t = useT();
  const to = useLocalePath();
  const locale = useLocale();
  return (
    <section aria-labelledby="quotes-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="quotes-title" className="text-2xl font-bold text-brand-900">
          {t("Your quotes")}
        </h1>
        <Link
          to={`${to("/contact")}#quote`}
          className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800"
        >
          {t("Ask for a quote")}
        </Link>
      </div>
      {rows.length === 0 ? (
        <p className="mt-6 text-slate-700">
          {t("No quotes yet. When we send you a quote, it appears here, and you can accept or decline it.")}
        </p>
      ) : (
        <ul className="mt-6 flex flex-col divide-y divide-slate-200 border-y border-slate-200">
          {rows.map((row) => (
            <li key={row.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:gap-4">
              <div className="min-w-0 flex-1">
                <Link
                  to={to(`/account/quotes/${row.id}`)}
                  className="font-semibold text-brand-700 underline [overflow-wrap:anywhere]"
                >
                  <Data>{row.from}</Data> {t("to")} <Data>{row.to}</Data>
                </Link>
                <p className="text-sm text-slate-700">
                  {row.sentAt
                    ? `${t("Sent {date}", { date: calendarDateIn(locale, row.sentAt.slice(0, 10)) })} · `
                    : ""}
                  {t("Valid until {date}", { date: calendarDateIn(locale, row.validUntil) })}
                  {row.version > 1 ? ` · ${t("version {version}", { version: row.version })}` : ""}
                </p>
              </div>
              <p className="text-sm font-medium text-slate-800">{t(row.statusLabel)}</p>
              <p className="whitespace-nowrap font-semibold tabular-nums">{row.total}</p>
            </li>
          ))}
        </ul>
      )}
      <AccountPager paging={paging} path="/account/quotes" />
    </section>
  );
}
