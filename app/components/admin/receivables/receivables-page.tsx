import { Download, FileText } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Input, Label, Select } from "#app/components/ui/field.tsx";
import { Pagination } from "#app/components/ui/pagination.tsx";
import { Table, TBody, TD, TH, THead, TR } from "#app/components/ui/table.tsx";
import {
  AGE_LABELS,
  type AgeKey,
  type ReceivablesPageData,
} from "#app/server/receivables/receivables-views.ts";

const AGES = Object.keys(AGE_LABELS) as AgeKey[];

/** The ages of one currency or customer as a list of terms (phones) */
function AgeList({ row }: { row: Record<AgeKey, string> }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
      {AGES.map((age) => (
        <div key={age} className="contents">
          <dt className="text-slate-600">{AGE_LABELS[age]}</dt>
          <dd className="min-w-0 text-right tabular-nums wrap-anywhere text-slate-900">{row[age]}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * What each customer owes by how late it is (decision 028): totals per currency on top, then the customers, a
 * currency's largest balance first, each linking to their statement; below, the accountant's export.
 */
export function ReceivablesPage({ data }: { data: ReceivablesPageData }) {
  const { totals, customers, count, page, pageCount, today, exportPeriod } = data;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">Receivables</h1>
        <p className="mt-1 text-sm text-slate-600">
          What customers owe on issued invoices, by how many days it is past its due date, on {today}. Each
          currency is counted on its own.
        </p>
      </div>

      {totals.length === 0 ? (
        <Card>
          <CardContent className="py-8 text-center text-slate-600">Nobody owes anything.</CardContent>
        </Card>
      ) : (
        <section aria-labelledby="totals-title" className="flex flex-col gap-3">
          <h2 id="totals-title" className="text-lg font-semibold text-slate-900">
            Totals
          </h2>
          <div className="grid gap-4 md:grid-cols-2">
            {totals.map((row) => (
              <Card key={row.currency} className="min-w-0">
                <CardHeader className="pb-2">
                  <CardTitle className="text-base font-medium text-slate-700">
                    Owed in {row.currency}
                  </CardTitle>
                </CardHeader>
                <CardContent className="flex flex-col gap-3">
                  <p className="text-2xl font-bold tabular-nums wrap-anywhere text-slate-900">{row.total}</p>
                  <p className="text-sm wrap-anywhere text-slate-700">
                    Overdue: <span className="font-semibold tabular-nums">{row.overdue}</span>
                  </p>
                  <AgeList row={row} />
                  {row.credit ? (
                    <p className="text-sm wrap-anywhere text-slate-700">
                      Customers' unused credit: <span className="tabular-nums">{row.credit}</span>
                    </p>
                  ) : null}
                </CardContent>
              </Card>
            ))}
          </div>
        </section>
      )}

      {customers.length > 0 ? (
        <section aria-labelledby="customers-title" className="flex flex-col gap-3">
          <h2 id="customers-title" className="text-lg font-semibold text-slate-900">
            Customers ({count})
          </h2>
          <ul aria-label="Customers" className="flex flex-col gap-3 lg:hidden">
            {customers.map((row) => (
              <li key={row.key} className="rounded-lg border border-slate-200 bg-white p-4">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <CustomerName row={row} />
                  <span className="font-semibold tabular-nums wrap-anywhere text-slate-900">{row.total}</span>
                </div>
                <div className="mt-3">
                  <AgeList row={row} />
                </div>
                {row.credit ? (
                  <p className="mt-2 text-sm text-slate-700">Unused credit: {row.credit}</p>
                ) : null}
              </li>
            ))}
          </ul>
          <div className="hidden lg:block">
            <Table>
              <caption className="sr-only">What each customer owes</caption>
              <THead>
                <tr>
                  <TH>Customer</TH>
                  <TH className="text-right">Owed</TH>
                  {AGES.map((age) => (
                    <TH key={age} className="text-right">
                      {AGE_LABELS[age]}
                    </TH>
                  ))}
                  <TH className="text-right">Unused credit</TH>
                </tr>
              </THead>
              <TBody>
                {customers.map((row) => (
                  <TR key={row.key}>
                    <TD className="max-w-56">
                      <CustomerName row={row} />
                    </TD>
                    <TD className="whitespace-nowrap text-right font-semibold tabular-nums">{row.total}</TD>
                    {AGES.map((age) => (
                      <TD key={age} className="whitespace-nowrap text-right tabular-nums">
                        {row[age]}
                      </TD>
                    ))}
                    <TD className="whitespace-nowrap text-right tabular-nums">{row.credit ?? "-"}</TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          </div>
          <Pagination page={page} pageCount={pageCount} />
        </section>
      ) : null}

      <ExportForm period={exportPeriod} />
    </div>
  );
}

function CustomerName({ row }: { row: ReceivablesPageData["customers"][number] }) {
  const label = row.company ? `${row.name} (${row.company})` : row.name;
  return (
    <span className="min-w-0 wrap-anywhere">
      {row.statementUrl ? (
        <Link to={row.statementUrl} className="font-medium text-brand-700 underline-offset-4 hover:underline">
          {label}
          <span className="sr-only">: statement</span>
        </Link>
      ) : (
        <span className="font-medium text-slate-900">{label}</span>
      )}
      <span className="block text-xs text-slate-600">
        {row.invoices} {row.invoices === 1 ? "invoice" : "invoices"} not fully paid
      </span>
    </span>
  );
}

/** Invoices, credit notes or payments of a period as a spreadsheet: a plain form, the answer is a file. */
function ExportForm({ period }: { period: { from: string; to: string } }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <FileText aria-hidden="true" className="size-5 text-brand-700" />
          Export for the accountant
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form
          method="get"
          action="/admin/invoices/export.csv"
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(3,minmax(0,12rem))_auto] lg:items-end"
        >
          <div>
            <Label htmlFor="export-what">What</Label>
            <Select id="export-what" name="what" defaultValue="documents">
              <option value="documents">Invoices and credit notes</option>
              <option value="payments">Payments</option>
            </Select>
          </div>
          <div>
            <Label htmlFor="export-from">From</Label>
            <Input id="export-from" type="date" name="from" defaultValue={period.from} required />
          </div>
          <div>
            <Label htmlFor="export-to">To</Label>
            <Input id="export-to" type="date" name="to" defaultValue={period.to} required />
          </div>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={buttonClass({ variant: "outline" })}>
              <Download aria-hidden="true" className="size-4" />
              Export CSV
            </button>
            <button
              type="submit"
              formAction="/admin/invoices/export.xlsx"
              className={buttonClass({ variant: "outline" })}
            >
              <Download aria-hidden="true" className="size-4" />
              Export Excel
            </button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
