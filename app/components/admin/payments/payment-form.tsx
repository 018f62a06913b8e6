// 'Record payment' (decision 026): when, how, what was handed over (another currency asks for the rate), and what
// to take off each of the customer's open invoices; what is left is kept as their credit only when ticked. Works
// without JavaScript; the server checks everything. With it, the form says what money in another currency is
// worth in the invoices' as the clerk types (the server's own rule, typedPaymentWorth), and the amount taken off
// the invoice it was opened from follows what was received until the clerk types one there.
import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { Form, Link } from "react-router";
import { FormAlert, useSubmitting } from "#app/components/admin/form-fields.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Field, Input, Select, Textarea } from "#app/components/ui/field.tsx";
import { formatCalendarDate } from "#app/lib/format.ts";
import { formatMoney, minorToInput } from "#app/lib/money.ts";
import {
  formatRate,
  PAYMENT_METHOD_LABELS,
  PAYMENT_TEXT_LIMITS,
  type PaymentFormValues,
  parseRate,
  typedPaymentWorth,
} from "#app/schemas/payment.ts";
import type { NewPaymentPageData, PaymentActionData } from "#app/server/payments/payment-views.ts";

const errorProps = (errors: Record<string, string>, name: string) =>
  errors[name] ? { "aria-invalid": true as const, "aria-describedby": `${name}-error` } : {};

export function PaymentForm({
  data,
  actionData,
}: {
  data: NewPaymentPageData;
  actionData: PaymentActionData | undefined;
}) {
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? data.values;
  const busy = useSubmitting("record-payment");
  const [received, setReceived] = useState<Pick<PaymentFormValues, "currency" | "amount" | "rate">>({
    currency: values.currency,
    amount: values.amount,
    rate: values.rate,
  });
  const [applied, setApplied] = useState(() =>
    data.invoices.map((invoice) => values.applied.find((row) => row.invoiceId === invoice.id)?.amount ?? ""),
  );
  // The first invoice's amount follows what was received on a new form only: once the clerk types there, or
  // after a refused post (what they posted comes back), it is theirs.
  const [following, setFollowing] = useState(actionData === undefined);
  const worth = typedPaymentWorth(received, data.currency);
  const rateMicro = received.currency === data.currency ? null : parseRate(received.rate.trim());
  const receive = (change: Partial<typeof received>) => {
    const next = { ...received, ...change };
    setReceived(next);
    const first = data.invoices[0];
    const nextWorth = typedPaymentWorth(next, data.currency);
    if (!following || !first || nextWorth === null) return;
    const take = minorToInput(Math.min(nextWorth, first.balanceMinor), data.currency);
    setApplied((rows) => rows.map((amount, i) => (i === 0 ? take : amount)));
  };
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div>
        <Link to={data.backTo} className={buttonClass({ variant: "ghost", size: "sm", className: "-ml-3" })}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Invoice
        </Link>
        <h1 className="mt-2 text-3xl font-bold text-slate-900">Record payment</h1>
        <p className="mt-1 text-slate-700 [overflow-wrap:anywhere]">From {data.customer}</p>
      </div>
      <FormAlert id="form-error" errors={errors.form ? [errors.form] : undefined} />
      <Form method="post" noValidate className="flex flex-col gap-6">
        <input type="hidden" name="intent" value="record-payment" />
        <input type="hidden" name="submissionKey" value={data.submissionKey} />
        <Card>
          <CardHeader>
            <CardTitle>Money received</CardTitle>
          </CardHeader>
          <CardContent className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Field
              label="Received on"
              htmlFor="receivedOn"
              errorId="receivedOn-error"
              errors={errors.receivedOn ? [errors.receivedOn] : null}
            >
              <Input
                id="receivedOn"
                name="receivedOn"
                type="date"
                defaultValue={values.receivedOn}
                required
                {...errorProps(errors, "receivedOn")}
              />
            </Field>
            <Field
              label="Method"
              htmlFor="method"
              errorId="method-error"
              errors={errors.method ? [errors.method] : null}
            >
              <Select
                id="method"
                name="method"
                defaultValue={values.method}
                {...errorProps(errors, "method")}
              >
                {Object.entries(PAYMENT_METHOD_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </Select>
            </Field>
            <Field
              label="Currency received"
              htmlFor="currency"
              errorId="currency-error"
              errors={errors.currency ? [errors.currency] : null}
            >
              <Select
                id="currency"
                name="currency"
                value={received.currency}
                onChange={(event) => receive({ currency: event.currentTarget.value })}
                {...errorProps(errors, "currency")}
              >
                {data.currencies.map((currency) => (
                  <option key={currency} value={currency}>
                    {currency}
                  </option>
                ))}
              </Select>
            </Field>
            <Field
              label="Amount received"
              htmlFor="amount"
              errorId="amount-error"
              errors={errors.amount ? [errors.amount] : null}
            >
              <Input
                id="amount"
                name="amount"
                inputMode="decimal"
                autoComplete="off"
                value={received.amount}
                onChange={(event) => receive({ amount: event.currentTarget.value })}
                required
                {...errorProps(errors, "amount")}
              />
            </Field>
            <Field
              label={`Exchange rate: how many for 1 ${data.currency}`}
              htmlFor="rate"
              errorId="rate-error"
              errors={errors.rate ? [errors.rate] : null}
              hint={`Only when the money is not in ${data.currency}, e.g. 190.50 Liberian dollars for 1 US dollar.`}
            >
              <Input
                id="rate"
                name="rate"
                inputMode="decimal"
                autoComplete="off"
                value={received.rate}
                onChange={(event) => receive({ rate: event.currentTarget.value })}
                {...errorProps(errors, "rate")}
              />
            </Field>
            {/* What the money is worth in the invoices' currency, as the server will record it. */}
            <p aria-live="polite" className="text-sm font-medium text-slate-800 sm:col-span-2">
              {received.currency === data.currency
                ? null
                : worth !== null && rateMicro !== null
                  ? `Worth ${formatMoney(worth, data.currency)} (1 ${data.currency} = ${formatRate(rateMicro)} ${received.currency})`
                  : `Enter the amount and the rate to see what it is worth in ${data.currency}.`}
            </p>
            <Field
              label="Reference (optional)"
              htmlFor="reference"
              errorId="reference-error"
              errors={errors.reference ? [errors.reference] : null}
              hint="Cheque number, bank or mobile-money transaction id."
            >
              <Input
                id="reference"
                name="reference"
                maxLength={PAYMENT_TEXT_LIMITS.reference}
                defaultValue={values.reference}
                {...errorProps(errors, "reference")}
              />
            </Field>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Apply to invoices ({data.currency})</CardTitle>
            {data.credit ? (
              <p className="text-sm text-slate-600">The customer already holds {data.credit} of credit.</p>
            ) : null}
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <ul className="flex flex-col gap-3" aria-label="Open invoices">
              {data.invoices.map((invoice, i) => (
                <li
                  key={invoice.id}
                  className="grid grid-cols-1 gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-[minmax(0,1fr)_12rem] sm:items-end"
                >
                  <input type="hidden" name="applyInvoice" value={invoice.id} />
                  <div className="text-sm">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                      {invoice.number}
                      {invoice.overdue ? <Badge tone="red">Overdue</Badge> : null}
                    </p>
                    <p className="text-slate-600">
                      Due {formatCalendarDate(invoice.dueDate)} · total {invoice.total} · owed{" "}
                      <span className="tabular-nums">{invoice.balance}</span>
                    </p>
                  </div>
                  <Field
                    label={`Take off ${invoice.number}`}
                    htmlFor={`apply-${i}`}
                    errorId={`applied.${i}-error`}
                    errors={errors[`applied.${i}`] ? [errors[`applied.${i}`]!] : null}
                  >
                    <Input
                      id={`apply-${i}`}
                      name="applyAmount"
                      inputMode="decimal"
                      autoComplete="off"
                      value={applied[i] ?? ""}
                      onChange={(event) => {
                        const typed = event.currentTarget.value;
                        if (i === 0) setFollowing(false);
                        setApplied((rows) => rows.map((amount, j) => (j === i ? typed : amount)));
                      }}
                      {...errorProps(errors, `applied.${i}`)}
                    />
                  </Field>
                </li>
              ))}
            </ul>
            <label className="flex items-start gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                name="overpayment"
                defaultChecked={values.overpayment}
                className="mt-1 size-4"
              />
              <span>Keep the rest as the customer's credit (for a later invoice)</span>
            </label>
            <Field
              label="Note (optional, for staff)"
              htmlFor="note"
              errorId="note-error"
              errors={errors.note ? [errors.note] : null}
            >
              <Textarea
                id="note"
                name="note"
                maxLength={PAYMENT_TEXT_LIMITS.note}
                defaultValue={values.note}
                {...errorProps(errors, "note")}
              />
            </Field>
          </CardContent>
        </Card>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            {busy ? "Recording..." : "Record payment"}
          </Button>
          <Link to={data.backTo} className={buttonClass({ variant: "outline" })}>
            Cancel
          </Link>
        </div>
      </Form>
    </div>
  );
}
