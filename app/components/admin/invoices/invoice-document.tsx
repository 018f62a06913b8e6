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
          <h1 className="break-all text-3xl font-bold text-slate-900">
            {kind} {doc.number}
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
          {/* Scrolls sideways on a phone (the Table box then takes the focus for the keyboard). */}
          <Table className="min-w-[32rem]">
            <caption className="sr-only">Lines of {doc.number}</caption>
            <thead>
              <tr className="border-b text-left text-slate-600">
                <th scope="col" className="py-1 pr-2 font-medium">
                  Description
                </th>
                <th scope="col" className="py-1 pr-2 text-right font-medium">
                  Quantity
                </th>
                <th scope="col" className="py-1 pr-2 text-right font-medium">
                  Unit price
                </th>
                <th scope="col" className="py-1 pr-2 font-medium">
                  Tax
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {doc.lines.map((line, index) => (
                <tr key={index} className="border-b border-slate-100">
                  <td className="py-1 pr-2 [overflow-wrap:anywhere]">{line.description}</td>
                  <td className="py-1 pr-2 text-right tabular-nums">{line.quantity}</td>
                  <td className="whitespace-nowrap py-1 pr-2 text-right tabular-nums">{line.unitPrice}</td>
                  <td className="py-1 pr-2">{line.tax}</td>
                  <td className="whitespace-nowrap py-1 text-right tabular-nums">{line.amount}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={4} className="py-1 pr-2 text-right font-medium">
                  Subtotal
                </th>
                <td className="whitespace-nowrap py-1 text-right tabular-nums">{doc.subtotal}</td>
              </tr>
              {doc.taxes.map((tax) => (
                <tr key={tax.label}>
                  <th scope="row" colSpan={4} className="py-1 pr-2 text-right font-medium">
                    {tax.label}
                  </th>
                  <td className="whitespace-nowrap py-1 text-right tabular-nums">{tax.amount}</td>
                </tr>
              ))}
              <tr>
                <th scope="row" colSpan={4} className="py-1 pr-2 text-right">
                  Total
                </th>
                <td className="whitespace-nowrap py-1 text-right font-semibold tabular-nums">{doc.total}</td>
              </tr>
              {doc.credits.map((credit) => (
                <tr key={credit.label}>
                  <th scope="row" colSpan={4} className="py-1 pr-2 text-right font-medium">
                    {credit.label}
                  </th>
                  <td className="whitespace-nowrap py-1 text-right tabular-nums">{credit.amount}</td>
                </tr>
              ))}
              {doc.paid ? (
                <tr>
                  <th scope="row" colSpan={4} className="py-1 pr-2 text-right font-medium">
                    Amount paid
                  </th>
                  <td className="whitespace-nowrap py-1 text-right tabular-nums">-{doc.paid}</td>
                </tr>
              ) : null}
              {doc.balanceDue ? (
                <tr>
                  <th scope="row" colSpan={4} className="py-1 pr-2 text-right">
                    Balance due
                  </th>
                  <td className="whitespace-nowrap py-1 text-right font-semibold tabular-nums">
                    {doc.balanceDue}
                  </td>
                </tr>
              ) : null}
            </tfoot>
          </Table>
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

      {/* Sending and the history (issue 28). */}
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
