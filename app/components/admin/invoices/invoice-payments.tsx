// The invoice page's payments card (issue 28): each payment that settled part of it (reversed ones struck
// through), 'Record payment', and 'Use credit' when the customer holds credit in its currency.
import { Form, Link } from "react-router";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { formatCalendarDate } from "#app/lib/format.ts";
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
