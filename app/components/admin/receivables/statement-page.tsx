import { FileDown, Mail } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Input, Label } from "#app/components/ui/field.tsx";
import { Table, TBody, TD, TH, THead, TR } from "#app/components/ui/table.tsx";
import type { StatementPageData, StatementPartText } from "#app/server/receivables/receivables-views.ts";

/**
 * A customer's statement of account for a period (decision 028): the period (this month by default, or chosen),
 * per currency the opening balance, every invoice, credit note, payment and reversal with the running balance,
 * and the closing balance; the PDF and 'E-mail statement'.
 */
export function StatementPage({ data, error }: { data: StatementPageData; error: string | null }) {
  const { party, period, periodProblem, parts, presets, from, to, pdfUrl, submissionKey } = data;
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "email";
  const title = party.company ? `${party.name} (${party.company})` : party.name;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <p className="text-sm text-slate-600">
          <Link to="/admin/receivables" className="text-brand-700 underline-offset-4 hover:underline">
            Receivables
          </Link>
        </p>
        <h1 className="text-3xl font-bold text-slate-900 wrap-anywhere">Statement: {title}</h1>
        <p className="mt-1 text-sm text-slate-700">{period}</p>
      </div>

      <Card>
        <CardContent className="flex flex-col gap-4 pt-5">
          <form
            method="get"
            className="grid gap-3 sm:grid-cols-[repeat(2,minmax(0,12rem))_auto] sm:items-end"
          >
            <div>
              <Label htmlFor="statement-from">From</Label>
              <Input id="statement-from" type="date" name="from" defaultValue={from} required />
            </div>
            <div>
              <Label htmlFor="statement-to">To</Label>
              <Input id="statement-to" type="date" name="to" defaultValue={to} required />
            </div>
            <Button type="submit" variant="outline">
              Show
            </Button>
          </form>
          <nav aria-label="Periods" className="flex flex-wrap gap-2">
            {presets.map((preset) => (
              <Link
                key={preset.label}
                to={`?from=${preset.from}&to=${preset.to}`}
                className={buttonClass({ variant: "outline", size: "sm" })}
              >
                {preset.label}
              </Link>
            ))}
          </nav>
          {periodProblem ? (
            <p role="alert" className="text-sm text-red-700">
              {periodProblem}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <a href={pdfUrl} className={buttonClass({ variant: "outline" })}>
              <FileDown aria-hidden="true" className="size-4" />
              Download PDF
            </a>
            <Form method="post" action={`?from=${from}&to=${to}`}>
              <input type="hidden" name="intent" value="email" />
              <input type="hidden" name="submissionKey" value={submissionKey} />
              <Button type="submit" disabled={sending || !party.email}>
                <Mail aria-hidden="true" className="size-4" />
                {sending ? "Sending..." : "E-mail statement"}
              </Button>
            </Form>
          </div>
          <p className="text-sm wrap-anywhere text-slate-600">
            {party.email
              ? `'E-mail statement' sends the PDF of this period to ${party.email}.`
              : "This customer has no e-mail address in the address book."}
          </p>
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </CardContent>
      </Card>

      {parts.length === 0 ? (
        <Card>
          <CardContent className="py-8 text-center text-slate-600">
            Nothing invoiced or paid up to the end of this period.
          </CardContent>
        </Card>
      ) : (
        parts.map((part) => <StatementPart key={part.currency} part={part} />)
      )}
    </div>
  );
}

function StatementPart({ part }: { part: StatementPartText }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">In {part.currency}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p className="text-sm wrap-anywhere text-slate-700">
          Opening balance: <span className="font-semibold tabular-nums">{part.opening}</span>
        </p>
        {part.lines.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing in this period.</p>
        ) : (
          <>
            <ul aria-label={`Statement in ${part.currency}`} className="flex flex-col gap-2 md:hidden">
              {part.lines.map((line) => (
                <li key={line.key} className="rounded-lg border border-slate-200 p-3 text-sm">
                  <p className="text-slate-600">{line.date}</p>
                  <p className="wrap-anywhere text-slate-900">{line.description}</p>
                  <p className="mt-1 flex flex-wrap justify-between gap-2 tabular-nums">
                    <span>{line.charge ? `+${line.charge}` : `−${line.credit}`}</span>
                    <span className="font-semibold">Balance {line.balance}</span>
                  </p>
                </li>
              ))}
            </ul>
            <div className="hidden md:block">
              <Table>
                <caption className="sr-only">Statement in {part.currency}</caption>
                <THead>
                  <tr>
                    <TH>Date</TH>
                    <TH>Details</TH>
                    <TH className="text-right">Charges</TH>
                    <TH className="text-right">Credits</TH>
                    <TH className="text-right">Balance</TH>
                  </tr>
                </THead>
                <TBody>
                  {part.lines.map((line) => (
                    <TR key={line.key}>
                      <TD className="whitespace-nowrap">{line.date}</TD>
                      <TD className="wrap-anywhere">
                        {line.invoiceId ? (
                          <Link
                            to={`/admin/invoices/${line.invoiceId}`}
                            className="text-brand-700 underline-offset-4 hover:underline"
                          >
                            {line.description}
                          </Link>
                        ) : (
                          line.description
                        )}
                      </TD>
                      <TD className="whitespace-nowrap text-right tabular-nums">{line.charge}</TD>
                      <TD className="whitespace-nowrap text-right tabular-nums">{line.credit}</TD>
                      <TD className="whitespace-nowrap text-right tabular-nums">{line.balance}</TD>
                    </TR>
                  ))}
                </TBody>
              </Table>
            </div>
          </>
        )}
        <p className="text-sm wrap-anywhere text-slate-900">
          Closing balance: <span className="font-semibold tabular-nums">{part.closing}</span> (
          {part.closingNote})
        </p>
      </CardContent>
    </Card>
  );
}
