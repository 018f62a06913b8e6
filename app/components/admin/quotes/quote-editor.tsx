// The quote editor: the price lines (added and removed in the browser, at most MAX_QUOTE_LINES), currency,
// validity, transit time, incoterm, terms and note, saved as the draft or sent at once. The server totals the
// lines itself; a sent version is never edited, saving after one starts the next version (docs/decisions/016).
import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Field, FieldError, Input, Label, Select, Textarea } from "#app/components/ui/field.tsx";
import { CURRENCIES, INCOTERM_CODES, INCOTERMS } from "#app/lib/freight-terms.ts";
import { MAX_QUOTE_LINES, QUOTE_TEXT_LIMITS, type QuoteFormValues } from "#app/schemas/quote.ts";

/** The buttons' intents, as the page's action reads them (QUOTE_INTENTS in quote-page.server.ts). */
const INTENTS = { save: "save-draft", send: "send-quote" } as const;

type Row = { key: number; description: string; amount: string };
export function QuoteEditor({
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
