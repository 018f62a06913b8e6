// The invoice page's payments card (decision 026): each payment that settled part of it (reversed ones struck
// through), 'Record payment', and 'Use credit' when the customer holds credit in its currency. Above them, the
// mobile-money requests MTN has not settled yet (decision 027): the one the customer waits for, and the ones they
// stopped waiting for, which would still be recorded if MTN approved them.
import { Form, Link } from "react-router";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { formatCalendarDate, formatDateTimeLong } from "#app/lib/format.ts";
import type { InvoicePaymentsView } from "#app/server/payments/payment-views.ts";

export function InvoicePayments({
  invoiceId,
  payments,
  busy,
}: {
  invoiceId: string;
  payments: InvoicePaymentsView;
  busy: boolean;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Payments</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {payments.mobileMoney.length > 0 ? (
          <ul className="flex flex-col gap-2" aria-label="Mobile money not settled yet">
            {payments.mobileMoney.map((request) => (
              <li
                key={request.id}
                className={`flex flex-col gap-1 rounded-md border p-3 text-sm ${request.waiting ? "border-amber-300 bg-amber-50" : "border-slate-200"}`}
              >
                <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <Badge tone={request.waiting ? "amber" : "grey"}>
                    {request.waiting ? "Mobile money waiting" : "Mobile money ended"}
                  </Badge>
                  <span className="tabular-nums">{request.amount}</span>
                  <span className="tabular-nums">{request.payer}</span>
                  <span className="text-slate-600">{formatDateTimeLong(request.startedAt)}</span>
                </span>
                <span>{request.status}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {payments.rows.length === 0 ? (
          <p className="text-sm text-slate-600">No payment recorded yet.</p>
        ) : (
          <ul className="flex flex-col gap-2" aria-label="Payments of this invoice">
            {payments.rows.map((row) => (
              <li key={row.paymentId} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <Link
                  to={`/admin/payments/${row.paymentId}`}
                  className="font-medium text-brand-700 underline"
                >
                  {row.number}
                </Link>
                <span>{formatCalendarDate(row.receivedOn)}</span>
                <span>{row.method}</span>
                <span className={`tabular-nums ${row.reversed ? "line-through" : ""}`}>{row.amount}</span>
                {row.detail ? <span className="text-slate-600">{row.detail}</span> : null}
                {row.reversed ? <Badge tone="red">Reversed</Badge> : null}
              </li>
            ))}
          </ul>
        )}
        {payments.canRecord ? (
          <div className="flex flex-wrap items-center gap-2">
            <Link to={`/admin/payments/new?invoice=${invoiceId}`} className={buttonClass()}>
              Record payment
            </Link>
            {payments.credit ? (
              <Form method="post">
                <input type="hidden" name="intent" value="apply-credit" />
                <Button type="submit" variant="outline" disabled={busy}>
                  Use the customer's credit ({payments.credit})
                </Button>
              </Form>
            ) : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
