import { Link } from "react-router";
import { AccountPager, pageParam } from "#app/components/account/account-pager.tsx";
import { servicesContext } from "#app/context.ts";
import { formatCalendarDate } from "#app/lib/format.ts";
import { seo } from "#app/lib/seo.ts";
import { type AccountQuotesData, pagingOf } from "#app/server/customers/customer-billing-views.ts";
import { getCustomer } from "#app/server/customers/customer-guards.server.ts";
import { listCompanyQuotes } from "#app/server/customers/customer-quotes.server.ts";
import type { Route } from "./+types/quotes";

// The customer's quotes (issue 29): every quote sent to their company, newest first, with its state.

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(
    { title: "Your quotes", description: "", path: "/account/quotes", noindex: true },
    matches[0]?.loaderData,
  );

export async function loader({ request, context }: Route.LoaderArgs): Promise<AccountQuotesData> {
  const customer = getCustomer(context);
  const { db } = context.get(servicesContext);
  const page = pageParam(request);
  const { rows, total } = await listCompanyQuotes({ db, companyId: customer.companyId, page });
  return { rows, paging: pagingOf(page, total) };
}

export default function AccountQuotes({ loaderData }: Route.ComponentProps) {
  const { rows, paging } = loaderData;
  return (
    <section aria-labelledby="quotes-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="quotes-title" className="text-2xl font-bold text-brand-900">
          Your quotes
        </h1>
        <Link
          to="/contact#quote"
          className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800"
        >
          Ask for a quote
        </Link>
      </div>
      {rows.length === 0 ? (
        <p className="mt-6 text-slate-700">
          No quotes yet. When we send you a quote, it appears here, and you can accept or decline it.
        </p>
      ) : (
        <ul className="mt-6 flex flex-col divide-y divide-slate-200 border-y border-slate-200">
          {rows.map((row) => (
            <li key={row.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:gap-4">
              <div className="min-w-0 flex-1">
                <Link
                  to={`/account/quotes/${row.id}`}
                  className="font-semibold text-brand-700 underline [overflow-wrap:anywhere]"
                >
                  {row.route}
                </Link>
                <p className="text-sm text-slate-700">
                  {row.sentAt ? `Sent ${formatCalendarDate(row.sentAt.slice(0, 10))} · ` : ""}
                  Valid until {formatCalendarDate(row.validUntil)}
                  {row.version > 1 ? ` · version ${row.version}` : ""}
                </p>
              </div>
              <p className="text-sm font-medium text-slate-800">{row.statusLabel}</p>
              <p className="whitespace-nowrap font-semibold tabular-nums">{row.total}</p>
            </li>
          ))}
        </ul>
      )}
      <AccountPager paging={paging} path="/account/quotes" />
    </section>
  );
}
