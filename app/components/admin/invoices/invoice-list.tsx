import { Plus, Search } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { InvoiceStatusBadge, KIND_LABELS } from "#app/components/admin/invoices/invoice-status-badge.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { Card, CardContent } from "#app/components/ui/card.tsx";
import { Input, Label, Select } from "#app/components/ui/field.tsx";
import { Pagination } from "#app/components/ui/pagination.tsx";
import { Table, TBody, TD, TH, THead, TR } from "#app/components/ui/table.tsx";
import { formatCalendarDate } from "#app/lib/format.ts";
import type { InvoiceListData } from "#app/server/invoices/invoice-views.ts";

const date = (value: string | null) => (value ? formatCalendarDate(value) : "-");

/** Invoices and credit notes: search and state in the URL, a card per document below 640 px, a table above. */
export function InvoiceList({ data }: { data: InvoiceListData }) {
  const { query, rows, total, page, pageCount } = data;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/invoices";
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-3xl font-bold text-slate-900">Invoices</h1>
        <Link to="/admin/invoices/new" className={buttonClass({ className: "self-start" })}>
          <Plus aria-hidden="true" className="size-4" />
          New invoice
        </Link>
      </div>

      <Card>
        <CardContent className="flex flex-col gap-4 pt-5">
          <Form
            method="get"
            role="search"
            aria-label="Invoices"
            className="grid gap-3 md:grid-cols-[minmax(0,1fr)_12rem_auto] md:items-end"
          >
            <div>
              <Label htmlFor="invoice-search">Search</Label>
              <Input
                id="invoice-search"
                type="search"
                name="q"
                defaultValue={query.q}
                placeholder="Search by number or customer..."
                maxLength={100}
              />
            </div>
            <div>
              <Label htmlFor="invoice-state-filter">State</Label>
              <Select id="invoice-state-filter" name="state" defaultValue={query.state}>
                <option value="">All</option>
                <option value="draft">Draft</option>
                <option value="issued">Issued</option>
                <option value="partly_paid">Partly paid</option>
                <option value="paid">Paid</option>
                <option value="overdue">Overdue</option>
                <option value="void">Void</option>
              </Select>
            </div>
            <Button type="submit" variant="outline">
              <Search aria-hidden="true" className="size-4" />
              Search
            </Button>
          </Form>

          <p role="status" className="text-sm text-slate-700">
            {loading ? "Loading invoices..." : `${total} ${total === 1 ? "document" : "documents"}`}
          </p>

          {rows.length === 0 ? (
            <p className="py-8 text-center text-slate-600">
              {query.q || query.state ? "No invoices match this search" : "No invoices yet"}
            </p>
          ) : (
            <>
              <ul
                aria-label="Invoices"
                aria-busy={loading || undefined}
                className="flex flex-col gap-3 sm:hidden"
              >
                {rows.map((row) => (
                  <li key={row.id} className="rounded-lg border border-slate-200 p-4">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <Link
                        to={`/admin/invoices/${row.id}`}
                        className="min-w-0 break-all font-medium text-brand-700 underline-offset-4 hover:underline"
                      >
                        {row.number ?? "Draft"}
                      </Link>
                      <InvoiceStatusBadge status={row.status} />
                    </div>
                    <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                      <dt className="text-slate-600">Kind</dt>
                      <dd className="text-slate-900">{KIND_LABELS[row.kind]}</dd>
                      <dt className="text-slate-600">Customer</dt>
                      <dd className="wrap-anywhere text-slate-900">{row.customer}</dd>
                      <dt className="text-slate-600">Issued</dt>
                      <dd className="text-slate-900">{date(row.issueDate)}</dd>
                      <dt className="text-slate-600">Due</dt>
                      <dd className="text-slate-900">{date(row.dueDate)}</dd>
                      <dt className="text-slate-600">Total</dt>
                      <dd className="tabular-nums text-slate-900">{row.total}</dd>
                    </dl>
                  </li>
                ))}
              </ul>
              <div className="hidden sm:block">
                <Table aria-busy={loading || undefined}>
                  <caption className="sr-only">Invoices</caption>
                  <THead>
                    <tr>
                      <TH>Number</TH>
                      <TH>Kind</TH>
                      <TH>Customer</TH>
                      <TH className="hidden lg:table-cell">Issue date</TH>
                      <TH className="hidden md:table-cell">Due date</TH>
                      <TH className="text-right">Total</TH>
                      <TH>State</TH>
                    </tr>
                  </THead>
                  <TBody>
                    {rows.map((row) => (
                      <TR key={row.id}>
                        <TD className="whitespace-nowrap font-medium">
                          <Link
                            to={`/admin/invoices/${row.id}`}
                            className="text-brand-700 underline-offset-4 hover:underline"
                          >
                            {row.number ?? "Draft"}
                          </Link>
                        </TD>
                        <TD className="whitespace-nowrap">{KIND_LABELS[row.kind]}</TD>
                        <TD className="max-w-48 truncate xl:max-w-72" title={row.customer}>
                          {row.customer}
                        </TD>
                        <TD className="hidden whitespace-nowrap lg:table-cell">{date(row.issueDate)}</TD>
                        <TD className="hidden whitespace-nowrap md:table-cell">{date(row.dueDate)}</TD>
                        <TD className="whitespace-nowrap text-right tabular-nums">{row.total}</TD>
                        <TD className="whitespace-nowrap">
                          <InvoiceStatusBadge status={row.status} />
                        </TD>
                      </TR>
                    ))}
                  </TBody>
                </Table>
              </div>
            </>
          )}
          <Pagination page={page} pageCount={pageCount} />
        </CardContent>
      </Card>
    </div>
  );
}
