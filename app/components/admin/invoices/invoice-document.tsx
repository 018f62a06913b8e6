// An issued or void invoice or credit note, read-only: what the customer's copy says, where it comes from, and
// what can still be done with it (download, credit, void).
import { ArrowLeft } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { FormAlert } from "#app/components/admin/form-fields.tsx";
import { InvoiceHistory } from "#app/components/admin/invoices/invoice-history.tsx";
import { InvoicePayments } from "#app/components/admin/invoices/invoice-payments.tsx";
import { InvoiceSendForm } from "#app/components/admin/invoices/invoice-send-form.tsx";
import { InvoiceStatusBadge, KIND_LABELS } from "#app/components/admin/invoices/invoice-status-badge.tsx";
import { ReasonCard, recordRow } from "#app/components/admin/record-parts.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Table } from "#app/components/ui/table.tsx";
import { formatCalendarDate } from "#app/lib/format.ts";
import type { InvoiceActionData, InvoiceDocumentView } from "#app/server/invoices/invoice-views.ts";
import type { InvoicePaymentsView } from "#app/server/payments/payment-views.ts";

const row = recordRow;

/** A column of the lines shown from the `sm` width up (a phone reads it under the description). */
const WIDE_ONLY = "hidden sm:table-cell";

function totalRow(label: string, amount: string, strong = false) {
  return (
    <tr key={label}>
      <th scope="row" className={`py-1 pr-4 text-right ${strong ? "font-semibold" : "font-medium"}`}>
        {label}
      </th>
      <td className={`whitespace-nowrap py-1 text-right tabular-nums ${strong ? "font-semibold" : ""}`}>
        {amount}
      </td>
    </tr>
  );
}

export function InvoiceDocument({
  document: doc,
  payments,
  actionData,
}: {
  document: InvoiceDocumentView;
  payments: InvoicePaymentsView;
  actionData: InvoiceActionData | undefined;
}) {
  const errors = actionData?.errors ?? {};
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const kind = KIND_LABELS[doc.kind];
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div>
        <Link
          to="/admin/invoices"
          className={buttonClass({ variant: "ghost", size: "sm", className: "-ml-3" })}
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Invoices
        </Link>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          {/* The number stays on one line on a phone ('INV-2026-00' over '01' reads as another number). */}
          <h1 className="break-words text-3xl font-bold text-slate-900">
            {kind} <span className="inline-block max-w-full break-all">{doc.number}</span>
          </h1>
          <InvoiceStatusBadge status={doc.status} />
        </div>
        <div className="mt-3 flex flex-wrap gap-2">
          {/* A document, not a page of the app: the browser opens it itself. */}
          <a
            href={`/admin/invoices/${doc.id}/invoice.pdf`}
            target="_blank"
            rel="noopener"
            className={buttonClass({ variant: "outline" })}
          >
            Download PDF
          </a>
          {doc.kind === "invoice" && doc.status !== "void" && doc.canIssue ? (
            <Link to={`/admin/invoices/new?credit=${doc.id}`} className={buttonClass({ variant: "outline" })}>
              Credit note
            </Link>
          ) : null}
          {doc.canRemind ? (
            // The scheduled reminder's e-mail, now; the server sends one per minute however often it is posted.
            <Form method="post">
              <input type="hidden" name="intent" value="send-reminder" />
              <Button type="submit" variant="outline" disabled={busy}>
                Send a reminder now
              </Button>
            </Form>
          ) : null}
        </div>
      </div>

      <FormAlert id="form-error" errors={errors.form ? [errors.form] : undefined} />
      {doc.voidReason ? (
        <p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          Void: {doc.voidReason}
        </p>
      ) : null}

      <Card>
        <CardContent className="pt-5">
          <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            {row(
              "Customer",
              [doc.customer.name, doc.customer.company, doc.customer.billingAddress, doc.customer.email]
                .filter(Boolean)
                .join("\n"),
            )}
            {row("Issue date", formatCalendarDate(doc.issueDate))}
            {doc.dueDate ? row("Due date", formatCalendarDate(doc.dueDate)) : null}
          </dl>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Lines</CardTitle>
        </CardHeader>
        <CardContent>
          {/* Fits a phone without scrolling sideways: there a line is its description and amount, with its
              quantity, unit price and tax under the description; the columns show from the `sm` width up. */}
          <Table>
            <caption className="sr-only">Lines of {doc.number}</caption>
            <thead>
              <tr className="border-b text-left text-slate-600">
                <th scope="col" className="py-1 pr-2 font-medium">
                  Description
                </th>
                <th scope="col" className={`${WIDE_ONLY} py-1 pr-2 text-right font-medium`}>
                  Quantity
                </th>
                <th scope="col" className={`${WIDE_ONLY} py-1 pr-2 text-right font-medium`}>
                  Unit price
                </th>
                <th scope="col" className={`${WIDE_ONLY} py-1 pr-2 font-medium`}>
                  Tax
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {doc.lines.map((line, index) => (
                <tr key={index} className="border-b border-slate-100 align-top">
                  <td className="py-1 pr-2 [overflow-wrap:anywhere]">
                    <span>{line.description}</span>
                    <span className="block text-slate-600 sm:hidden">
                      {line.quantity} × {line.unitPrice} · {line.tax}
                    </span>
                  </td>
                  <td className={`${WIDE_ONLY} py-1 pr-2 text-right tabular-nums`}>{line.quantity}</td>
                  <td className={`${WIDE_ONLY} whitespace-nowrap py-1 pr-2 text-right tabular-nums`}>
                    {line.unitPrice}
                  </td>
                  <td className={`${WIDE_ONLY} py-1 pr-2`}>{line.tax}</td>
                  <td className="whitespace-nowrap py-1 text-right tabular-nums">{line.amount}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          {/* The totals in a table of their own (label, amount), so no column of the lines sets their width. */}
          <table className="mt-2 ml-auto text-sm">
            <caption className="sr-only">Totals of {doc.number}</caption>
            <tbody>
              {totalRow("Subtotal", doc.subtotal)}
              {doc.taxes.map((tax) => totalRow(tax.label, tax.amount))}
              {totalRow("Total", doc.total, true)}
              {doc.credits.map((credit) => totalRow(credit.label, credit.amount))}
              {doc.paid ? totalRow("Amount paid", `-${doc.paid}`) : null}
              {doc.balanceDue ? totalRow("Balance due", doc.balanceDue, true) : null}
            </tbody>
          </table>
        </CardContent>
      </Card>

      {doc.kind === "invoice" && doc.status !== "draft" ? (
        <InvoicePayments invoiceId={doc.id} payments={payments} busy={busy} />
      ) : null}

      <Card>
        <CardContent className="pt-5">
          <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {row("Notes", doc.notes ?? "None")}
            {row("Payment instructions", doc.paymentInstructions ?? "None")}
            {row(
              "Shipments",
              doc.shipments.length > 0 ? (
                <span className="flex flex-wrap gap-3">
                  {doc.shipments.map((s) => (
                    <Link
                      key={s.id}
                      to={`/admin/shipments/${s.id}`}
                      className="min-w-0 break-all text-brand-700 underline"
                    >
                      {s.trackingNumber}
                    </Link>
                  ))}
                </span>
              ) : (
                "None"
              ),
            )}
            {doc.quote
              ? row(
                  "From",
                  <Link to={doc.quote.id} className="text-brand-700 underline">
                    {doc.quote.label}
                  </Link>,
                )
              : null}
            {doc.creditedInvoice
              ? row(
                  "Corrects invoice",
                  <Link to={`/admin/invoices/${doc.creditedInvoice.id}`} className="text-brand-700 underline">
                    {doc.creditedInvoice.label}
                  </Link>,
                )
              : null}
            {doc.creditNotes.length > 0
              ? row(
                  "Credit notes",
                  <ul className="flex flex-col gap-1">
                    {doc.creditNotes.map((note) => (
                      <li key={note.id} className="flex flex-wrap items-center gap-2">
                        <Link to={`/admin/invoices/${note.id}`} className="text-brand-700 underline">
                          {note.label}
                        </Link>
                        <InvoiceStatusBadge status={note.status} />
                        <span className="tabular-nums">{note.total}</span>
                      </li>
                    ))}
                  </ul>,
                )
              : null}
          </dl>
        </CardContent>
      </Card>

      {/* Sending and the history (decision 026). */}
      {doc.send ? <InvoiceSendForm send={doc.send} /> : null}
      <InvoiceHistory history={doc.history} />

      {doc.status !== "void" && doc.canIssue ? (
        <ReasonCard
          title="Void"
          description="Voiding keeps the number, marked void, with your reason. It cannot be undone."
          intent="void-invoice"
          maxLength={500}
          error={errors.reason}
          busy={busy}
          submitLabel={`Void ${kind.toLowerCase()}`}
        />
      ) : null}
    </div>
  );
}
