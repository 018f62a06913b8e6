// Longer than 450 lines: one quote page: the request, the version editor with its live total and the sent
// versions read the same loader data and action state.
import { ArrowLeft, Plus, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { useMayUse } from "#app/components/admin/shell/use-staff-role.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Field, FieldError, Input, Label, Select, Textarea } from "#app/components/ui/field.tsx";
import { formatCalendarDate, formatDateTimeLong } from "#app/lib/format.ts";
import { CURRENCIES, INCOTERM_CODES, INCOTERMS } from "#app/lib/freight-terms.ts";
import { MAX_QUOTE_LINES, QUOTE_TEXT_LIMITS, type QuoteFormValues } from "#app/schemas/quote.ts";
import { NOT_GIVEN } from "#app/schemas/rules/quote-request-rules.ts";
import type {
  QuotePageData as Data,
  QuoteActionData,
  QuoteVersionView,
} from "#app/server/quotes/quote-views.ts";

const INTENTS = { save: "save-draft", send: "send-quote", book: "book-shipment" } as const;

const STATUS_LABELS: Record<QuoteVersionView["status"], string> = {
  draft: "Draft",
  open: "Sent",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Expired",
  replaced: "Replaced",
};
const STATUS_TONES = {
  draft: "grey",
  open: "blue",
  accepted: "green",
  declined: "red",
  expired: "yellow",
  replaced: "grey",
} as const;

export function QuotePage({ data, actionData }: { data: Data; actionData: QuoteActionData | undefined }) {
  const { request, versions } = data;
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? data.values;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const latest = versions[0];
  const accepted = versions.find((quote) => quote.status === "accepted");
  const mayInvoice = useMayUse("/admin/invoices/new");
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div>
        <Link
          to={`/admin/quote-requests/${request.id}`}
          className={buttonClass({ variant: "ghost", size: "sm", className: "-ml-3" })}
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back
        </Link>
        <h1 className="mt-2 text-3xl font-bold text-slate-900">Quote</h1>
        <p className="mt-1 break-words text-slate-600">
          {request.name} · {request.email} · {request.route} · {request.parcelType} · {request.weight}
        </p>
        <p className="mt-2 text-sm">
          Stage: <Badge tone="blue">{request.stage}</Badge>
        </p>
      </div>

      <RequestCard request={request} />

      {errors.form ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {errors.form}
        </p>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>Booking</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center gap-3">
          {request.bookedShipmentId ? (
            <Link className={buttonClass()} to={`/admin/shipments/${request.bookedShipmentId}`}>
              Open the booked shipment
            </Link>
          ) : (
            <Form method="post">
              <input type="hidden" name="intent" value={INTENTS.book} />
              <Button
                type="submit"
                disabled={busy}
                variant={latest?.status === "accepted" ? "primary" : "outline"}
              >
                Book shipment
              </Button>
            </Form>
          )}
          {accepted && mayInvoice ? (
            <Link
              className={buttonClass({ variant: "outline" })}
              to={`/admin/invoices/new?quote=${accepted.id}`}
            >
              Invoice
            </Link>
          ) : null}
          <p className="text-sm text-slate-600">
            {request.bookedShipmentId
              ? "This request is booked."
              : latest?.status === "accepted"
                ? `Accepted by ${latest.acceptedName}: book it as a shipment.`
                : "Opens the shipment form filled from this request (a phone booking needs no quote)."}
          </p>
        </CardContent>
      </Card>

      {data.canEdit ? (
        <QuoteEditor
          key={JSON.stringify(values)}
          values={values}
          errors={errors}
          today={data.today}
          busy={busy}
          hasDraft={data.hasDraft}
          editingSent={!data.hasDraft && versions.length > 0}
        />
      ) : null}

      {versions.length > 0 ? (
        <section aria-labelledby="versions-title" className="flex flex-col gap-4">
          <h2 id="versions-title" className="text-xl font-semibold text-slate-900">
            Versions
          </h2>
          {versions.map((quote) => (
            <QuoteVersion
              key={quote.id}
              quote={quote}
              pdfHref={`/admin/quote-requests/${request.id}/quote.pdf?version=${quote.version}`}
            />
          ))}
        </section>
      ) : null}
    </div>
  );
}

/** What the customer asked for, beside the price: everything the request holds. */
function RequestCard({ request }: { request: Data["request"] }) {
  const row = (label: string, value: ReactNode) => (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-slate-900">{value}</dd>
    </div>
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>The request</CardTitle>
        <p className="text-sm text-slate-600">Received {formatDateTimeLong(request.submittedOn)}</p>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {row("Customer", request.name)}
          {request.company ? row("Company", request.company) : null}
          {row(
            "Contact",
            <>
              <a href={`mailto:${request.email}`} className="text-brand-700 underline">
                {request.email}
              </a>
              {request.phone ? (
                <>
                  {" · "}
                  <a href={`tel:${request.phone}`} className="text-brand-700 underline">
                    {request.phone}
                  </a>
                </>
              ) : null}
            </>,
          )}
          {row("Route", request.route)}
          {row(
            "Freight types",
            <span className="flex flex-wrap gap-2">
              {request.freightTypes.map((label) => (
                <Badge key={label} tone="blue">
                  {label}
                </Badge>
              ))}
            </span>,
          )}
          {row("Parcel type", request.parcelType)}
          {row("Weight", request.weight)}
          {row("Cargo ready", request.readyDate ? formatCalendarDate(request.readyDate) : NOT_GIVEN)}
          <div className="min-w-0 sm:col-span-2">
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">
              Special information (dimensions, dates, handling)
            </dt>
            <dd className="mt-0.5 whitespace-pre-wrap break-words text-sm text-slate-900">
              {request.specialInfo ?? "None given"}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

function QuoteVersion({ quote, pdfHref }: { quote: QuoteVersionView; pdfHref: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          Version {quote.version}{" "}
          <Badge tone={STATUS_TONES[quote.status]}>{STATUS_LABELS[quote.status]}</Badge>
        </CardTitle>
        <p className="text-sm text-slate-600">
          Valid until {formatCalendarDate(quote.validUntil)}
          {quote.sentAt ? ` · sent ${formatDateTimeLong(quote.sentAt)}` : ""}
          {quote.acceptedAt
            ? ` · accepted by ${quote.acceptedName} on ${formatDateTimeLong(quote.acceptedAt)}`
            : ""}
          {quote.declinedAt ? ` · declined on ${formatDateTimeLong(quote.declinedAt)}` : ""}
        </p>
        <p className="mt-1 text-sm">
          {/* A document, not a page of the app: the browser opens it itself. */}
          <a href={pdfHref} className="font-medium text-brand-700 underline" target="_blank" rel="noopener">
            Download PDF<span className="sr-only"> of version {quote.version}</span>
          </a>
        </p>
      </CardHeader>
      <CardContent>
        <table className="w-full text-sm">
          <caption className="sr-only">Price lines of version {quote.version}</caption>
          <thead>
            <tr className="border-b text-left text-slate-600">
              <th scope="col" className="py-1 font-medium">
                Description
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {quote.lines.map((line, index) => (
              <tr key={index} className="border-b border-slate-100">
                <td className="py-1 pr-2 [overflow-wrap:anywhere]">{line.description}</td>
                <td className="whitespace-nowrap py-1 text-right tabular-nums">{line.amount}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className="py-1 text-left">
                Total
              </th>
              <td className="whitespace-nowrap py-1 text-right font-semibold tabular-nums">{quote.total}</td>
            </tr>
          </tfoot>
        </table>
        {quote.declineComment ? (
          <p className="mt-3 whitespace-pre-wrap break-words text-sm text-slate-700">
            Customer's comment: {quote.declineComment}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

type Row = { key: number; description: string; amount: string };

function QuoteEditor({
  values,
  errors,
  today,
  busy,
  hasDraft,
  editingSent,
}: {
  values: QuoteFormValues;
  errors: Record<string, string>;
  today: string;
  busy: boolean;
  hasDraft: boolean;
  editingSent: boolean;
}) {
  const [rows, setRows] = useState<Row[]>(() =>
    (values.lines.length > 0 ? values.lines : [{ description: "", amount: "" }]).map((line, key) => ({
      key,
      ...line,
    })),
  );
  const [nextKey, setNextKey] = useState(rows.length);
  const described = (name: string) =>
    errors[name] ? { "aria-invalid": true as const, "aria-describedby": `${name}-error` } : {};
  return (
    <Card>
      <CardHeader>
        <CardTitle>{hasDraft ? "Edit draft" : "Prepare quote"}</CardTitle>
        {editingSent ? (
          <p className="text-sm text-slate-600">
            A sent quote never changes: saving makes a new version, and the customer's earlier link then says
            it was replaced.
          </p>
        ) : null}
      </CardHeader>
      <CardContent>
        <Form method="post" className="flex flex-col gap-5" noValidate>
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 text-sm font-semibold text-slate-900">Price lines</legend>
            {rows.map((row, index) => (
              <div
                key={row.key}
                className="grid grid-cols-1 gap-2 sm:grid-cols-[1fr_10rem_auto] sm:items-start"
              >
                <div>
                  <Label htmlFor={`line-${row.key}-description`}>Description {index + 1}</Label>
                  <Input
                    id={`line-${row.key}-description`}
                    name="lineDescription"
                    defaultValue={row.description}
                    maxLength={QUOTE_TEXT_LIMITS.description}
                    {...described(`lines.${index}.description`)}
                  />
                  <FieldError
                    id={`lines.${index}.description-error`}
                    errors={
                      errors[`lines.${index}.description`] ? [errors[`lines.${index}.description`]!] : null
                    }
                  />
                </div>
                <div>
                  <Label htmlFor={`line-${row.key}-amount`}>Amount {index + 1}</Label>
                  <Input
                    id={`line-${row.key}-amount`}
                    name="lineAmount"
                    inputMode="decimal"
                    defaultValue={row.amount}
                    {...described(`lines.${index}.amount`)}
                  />
                  <FieldError
                    id={`lines.${index}.amount-error`}
                    errors={errors[`lines.${index}.amount`] ? [errors[`lines.${index}.amount`]!] : null}
                  />
                </div>
                <Button
                  type="button"
                  variant="ghost"
                  className="sm:mt-6"
                  aria-label={`Remove line ${index + 1}`}
                  disabled={rows.length === 1}
                  onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </div>
            ))}
            <FieldError id="lines-error" errors={errors.lines ? [errors.lines] : null} />
            <div>
              <Button
                type="button"
                variant="outline"
                disabled={rows.length >= MAX_QUOTE_LINES}
                onClick={() => {
                  setRows((current) => [...current, { key: nextKey, description: "", amount: "" }]);
                  setNextKey(nextKey + 1);
                }}
              >
                <Plus aria-hidden="true" className="size-4" />
                Add line
              </Button>
            </div>
          </fieldset>

          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Field
              label="Currency"
              htmlFor="currency"
              errorId="currency-error"
              errors={errors.currency ? [errors.currency] : null}
            >
              <Select id="currency" name="currency" defaultValue={values.currency} {...described("currency")}>
                {CURRENCIES.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </Select>
            </Field>
            <Field
              label="Valid until"
              htmlFor="validUntil"
              errorId="validUntil-error"
              errors={errors.validUntil ? [errors.validUntil] : null}
            >
              <Input
                id="validUntil"
                name="validUntil"
                type="date"
                min={today}
                defaultValue={values.validUntil}
                {...described("validUntil")}
              />
            </Field>
            <Field
              label="Transit time"
              htmlFor="transitTime"
              errorId="transitTime-error"
              errors={errors.transitTime ? [errors.transitTime] : null}
            >
              <Input
                id="transitTime"
                name="transitTime"
                placeholder="e.g. 10–14 days"
                maxLength={QUOTE_TEXT_LIMITS.transitTime}
                defaultValue={values.transitTime}
                {...described("transitTime")}
              />
            </Field>
            <Field
              label="Incoterm"
              htmlFor="incoterm"
              errorId="incoterm-error"
              errors={errors.incoterm ? [errors.incoterm] : null}
            >
              <Select id="incoterm" name="incoterm" defaultValue={values.incoterm} {...described("incoterm")}>
                <option value="">None</option>
                {INCOTERM_CODES.map((code) => (
                  <option key={code} value={code}>
                    {code} – {INCOTERMS[code]}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <Field
            label="Terms"
            htmlFor="terms"
            errorId="terms-error"
            errors={errors.terms ? [errors.terms] : null}
          >
            <Textarea
              id="terms"
              name="terms"
              maxLength={QUOTE_TEXT_LIMITS.terms}
              defaultValue={values.terms}
              {...described("terms")}
            />
          </Field>
          <Field
            label="Note to the customer"
            htmlFor="note"
            errorId="note-error"
            errors={errors.note ? [errors.note] : null}
          >
            <Textarea
              id="note"
              name="note"
              maxLength={QUOTE_TEXT_LIMITS.note}
              defaultValue={values.note}
              {...described("note")}
            />
          </Field>
          {/* One form, two buttons: 'Send quote' posts what is on screen and the server saves it, then sends it. */}
          <div className="flex flex-col gap-3 border-t border-slate-200 pt-4">
            <p id="send-quote-help" className="text-sm text-slate-600">
              'Send quote' saves the quote as shown here and e-mails it to the customer with a link to accept
              or decline it online.
            </p>
            <div className="flex flex-wrap gap-3">
              <Button type="submit" name="intent" value={INTENTS.save} variant="outline" disabled={busy}>
                Save draft
              </Button>
              <Button
                type="submit"
                name="intent"
                value={INTENTS.send}
                disabled={busy}
                aria-describedby="send-quote-help"
              >
                Send quote
              </Button>
            </div>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
