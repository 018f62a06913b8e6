// One payment (decision 026): its receipt as staff see it, the invoices it settled, what is left as credit, and what
// can be done with it: download or e-mail the receipt, reverse it (a bounced cheque) with a reason.
import { ArrowLeft } from "lucide-react";
import { Form, Link } from "react-router";
import { FormAlert, useSubmitting } from "#app/components/admin/form-fields.tsx";
import { ReasonCard, recordRow } from "#app/components/admin/record-parts.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { formatCalendarDate } from "#app/lib/format.ts";
import { PAYMENT_TEXT_LIMITS } from "#app/schemas/payment.ts";
import type { PaymentActionData, PaymentView } from "#app/server/payments/payment-views.ts";

const row = recordRow;

export function PaymentPage({
  payment,
  actionData,
}: {
  payment: PaymentView;
  actionData: PaymentActionData | undefined;
}) {
  const errors = actionData?.errors ?? {};
  const reversing = useSubmitting("reverse-payment");
  const emailing = useSubmitting("email-receipt");
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div>
        <Link
          to="/admin/payments"
          className={buttonClass({ variant: "ghost", size: "sm", className: "-ml-3" })}
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Payments
        </Link>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="break-all text-3xl font-bold text-slate-900">Payment {payment.number}</h1>
          {payment.reversal ? <Badge tone="red">Reversed</Badge> : <Badge tone="green">Received</Badge>}
        </div>
        <div className="mt-3 flex flex-wrap gap-2">
          <a
            href={`/admin/payments/${payment.id}/receipt.pdf`}
            target="_blank"
            rel="noopener"
            className={buttonClass({ variant: "outline" })}
          >
            Download receipt
          </a>
          {payment.email ? (
            <Form method="post" className="min-w-0 max-w-full">
              <input type="hidden" name="intent" value="email-receipt" />
              <input type="hidden" name="submissionKey" value={payment.submissionKey} />
              <Button type="submit" variant="outline" disabled={emailing} aria-describedby="receipt-email">
                E-mail receipt
              </Button>
              <p id="receipt-email" className="mt-1 text-xs text-slate-600 [overflow-wrap:anywhere]">
                To {payment.email}
              </p>
            </Form>
          ) : null}
        </div>
      </div>
      <FormAlert id="form-error" errors={errors.form ? [errors.form] : undefined} />
      {payment.reversal ? (
        <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          Reversed{payment.reversal.by ? ` by ${payment.reversal.by}` : ""}: {payment.reversal.reason}. It no
          longer counts; what it settled is owed again.
        </p>
      ) : null}
      <Card>
        <CardContent className="pt-5">
          <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            {row("Customer", payment.customer)}
            {row("Received on", formatCalendarDate(payment.receivedOn))}
            {row("Method", payment.method)}
            {row("Amount received", payment.received)}
            {payment.rate ? row("Exchange rate", payment.rate) : null}
            {payment.settled ? row("Worth", payment.settled) : null}
            {row("Reference", payment.reference ?? "None")}
            {row("Recorded by", payment.recordedBy ?? "Unknown")}
            {payment.note ? row("Note", payment.note) : null}
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Applied to</CardTitle>
        </CardHeader>
        <CardContent>
          {payment.allocations.length === 0 ? (
            <p className="text-sm text-slate-600">No invoice yet.</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {payment.allocations.map((a) => (
                <li key={a.invoiceId} className="flex flex-wrap gap-3 text-sm">
                  <Link
                    to={`/admin/invoices/${a.invoiceId}`}
                    className="font-medium text-brand-700 underline"
                  >
                    {a.number}
                  </Link>
                  <span className="tabular-nums">{a.amount}</span>
                </li>
              ))}
            </ul>
          )}
          {payment.unapplied ? (
            <p className="mt-3 text-sm text-slate-700">Kept as the customer's credit: {payment.unapplied}</p>
          ) : null}
        </CardContent>
      </Card>
      {payment.reversal ? null : (
        <ReasonCard
          title="Reverse"
          description="For a bounced cheque or a refused transfer. The payment stays on record, marked reversed, and what it settled is owed again. It cannot be undone."
          intent="reverse-payment"
          maxLength={PAYMENT_TEXT_LIMITS.reason}
          error={errors.reason}
          busy={reversing}
          submitLabel="Reverse payment"
          hint="Printed on the customer's receipt and statement: write it for them, not a staff remark."
        />
      )}
    </div>
  );
}
