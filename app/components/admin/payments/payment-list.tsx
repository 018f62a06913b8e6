import { Search } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent } from "#app/components/ui/card.tsx";
import { Input, Label } from "#app/components/ui/field.tsx";
import { Pagination } from "#app/components/ui/pagination.tsx";
import { Table, TBody, TD, TH, THead, TR } from "#app/components/ui/table.tsx";
import { formatCalendarDate } from "#app/lib/format.ts";
import type { PaymentListData } from "#app/server/payments/payment-views.ts";

/** Payments received, newest first: search by receipt number, customer or reference; a card per payment on a phone. */
export function PaymentList({ data }: { data: PaymentListData }) {
  const { q, rows, total, page, pageCount } = data;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/payments";
  const number = (row: (typeof rows)[number]) => (
    <Link
      to={`/admin/payments/${row.id}`}
      className="font-medium text-brand-700 underline-offset-4 hover:underline"
    >
      {row.number}
    </Link>
  );
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">Payments</h1>
        <p className="mt-1 text-sm text-slate-600">Record a payment from the invoice it pays.</p>
      </div>
      <Card>
        <CardContent className="flex flex-col gap-4 pt-5">
          <Form
            method="get"
            role="search"
            aria-label="Payments"
            className="flex flex-col gap-3 sm:flex-row sm:items-end"
          >
            <div className="grow">
              <Label htmlFor="payment-search">Search</Label>
              <Input
                id="payment-search"
                type="search"
                name="q"
                defaultValue={q}
                placeholder="Receipt number, customer or reference..."
                maxLength={100}
              />
            </div>
            <Button type="submit" variant="outline">
              <Search aria-hidden="true" className="size-4" />
              Search
            </Button>
          </Form>
          <p role="status" className="text-sm text-slate-700">
            {loading ? "Loading payments..." : `${total} ${total === 1 ? "payment" : "payments"}`}
          </p>
          {rows.length === 0 ? (
            <p className="py-8 text-center text-slate-600">
              {q ? "No payments match this search" : "No payments yet"}
            </p>
          ) : (
            <>
              <ul aria-label="Payments" className="flex flex-col gap-3 sm:hidden">
                {rows.map((row) => (
                  <li key={row.id} className="rounded-lg border border-slate-200 p-4 text-sm">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      {number(row)}
                      {row.reversed ? <Badge tone="red">Reversed</Badge> : null}
                    </div>
                    <p className="mt-2 [overflow-wrap:anywhere]">{row.customer}</p>
                    <p className="text-slate-600">
                      {formatCalendarDate(row.receivedOn)} · {row.method} ·{" "}
                      <span className="tabular-nums">{row.amount}</span>
                    </p>
                  </li>
                ))}
              </ul>
              <div className="hidden sm:block">
                <Table aria-busy={loading || undefined}>
                  <caption className="sr-only">Payments</caption>
                  <THead>
                    <tr>
                      <TH>Receipt</TH>
                      <TH>Received on</TH>
                      <TH>Customer</TH>
                      <TH>Method</TH>
                      <TH className="text-right">Amount</TH>
                      <TH>State</TH>
                    </tr>
                  </THead>
                  <TBody>
                    {rows.map((row) => (
                      <TR key={row.id}>
                        <TD className="whitespace-nowrap">{number(row)}</TD>
                        <TD className="whitespace-nowrap">{formatCalendarDate(row.receivedOn)}</TD>
                        <TD className="max-w-56 truncate" title={row.customer}>
                          {row.customer}
                        </TD>
                        <TD className="whitespace-nowrap">{row.method}</TD>
                        <TD className="whitespace-nowrap text-right tabular-nums">{row.amount}</TD>
                        <TD>
                          {row.reversed ? (
                            <Badge tone="red">Reversed</Badge>
                          ) : (
                            <Badge tone="green">Received</Badge>
                          )}
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
