import { Link } from "react-router";
import { AccountPager } from "#app/components/account/account-pager.tsx";
import { calendarDateIn } from "#app/components/account/calendar-date.ts";
import { useLocale, useLocalePath, useT } from "#app/lib/i18n/use-words.ts";
import type { AccountInvoicesData } from "#app/server/customers/customer-billing-views.ts";

/** The company's invoices and credit notes, what it owes per currency, and its statements of account. */
export function InvoicesPage({ data }: { data: AccountInvoicesData }) {
  const { rows, paging, owed, statements } = data;
  const t = useT();
  const to = useLocalePath();
  const locale = useLocale();
  return (
    <section aria-labelledby="invoices-title" className="flex flex-col gap-6">
      <h1 id="invoices-title" className="text-2xl font-bold text-brand-900">
        {t("Your invoices")}
      </h1>
      <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">
        <h2 className="font-semibold text-brand-900">{t("You owe")}</h2>
        {owed.length === 0 ? (
          <p className="text-slate-700">{t("Nothing: every invoice is paid.")}</p>
        ) : (
          <ul>
            {owed.map((row) => (
              <li key={row.currency} className="text-lg font-bold tabular-nums">
                {row.amount}
              </li>
            ))}
          </ul>
        )}
        {statements.length > 0 ? (
          <ul className="mt-3 flex flex-col gap-1 text-sm">
            {statements.map((statement) => (
              <li key={statement.href}>
                {/* A plain link: the PDF is a document the browser opens or saves, not a page of the app. */}
                <a href={statement.href} className="font-medium text-brand-700 underline" download>
                  {statement.label} {t("(PDF, this month)")}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {rows.length === 0 ? (
        <p className="text-slate-700">{t("No invoices yet. When we bill you, your invoices appear here.")}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200 border-y border-slate-200">
          {rows.map((row) => (
            <li key={row.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:gap-4">
              <div className="min-w-0 flex-1">
                <Link
                  to={to(`/account/invoices/${row.id}`)}
                  className="font-semibold text-brand-700 underline"
                >
                  {row.creditNote ? t("Credit note") : t("Invoice")} {row.number}
                </Link>
                <p className="text-sm text-slate-700">
                  {t("Issued {date}", { date: calendarDateIn(locale, row.issueDate) })}
                  {row.dueDate ? ` · ${t("due {date}", { date: calendarDateIn(locale, row.dueDate) })}` : ""}
                </p>
              </div>
              <p className={`text-sm font-medium ${row.overdue ? "text-red-700" : "text-slate-800"}`}>
                {t(row.statusLabel)}
              </p>
              <p className="whitespace-nowrap tabular-nums">
                {row.total}
                {row.balance ? (
                  <span className="block text-sm font-semibold">
                    {t("Owed: {amount}", { amount: row.balance })}
                  </span>
                ) : null}
              </p>
            </li>
          ))}
        </ul>
      )}
      <AccountPager paging={paging} path="/account/invoices" />
    </section>
  );
}
