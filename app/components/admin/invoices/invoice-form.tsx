// The invoice or credit-note draft: customer, currency and terms, lines with a live total, notes. 'Add line'
// and 'Remove line' are submit buttons the server answers with the rows changed (no JavaScript needed); with
// JavaScript they change the rows in place. 'Issue' posts the form as it is on screen.
import { Plus, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormAlert } from "#app/components/admin/form-fields.tsx";
import { TotalsPreview } from "#app/components/admin/invoices/invoice-totals.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { ConfirmDialog } from "#app/components/ui/dialog.tsx";
import { Field, FieldError, Input, Label, Select, Textarea } from "#app/components/ui/field.tsx";
import { CURRENCIES } from "#app/lib/freight-terms.ts";
import { INVOICE_TEXT_LIMITS, type InvoiceFormValues, MAX_INVOICE_LINES } from "#app/schemas/invoice.ts";
import type { InvoiceFormData } from "#app/server/invoices/invoice-views.ts";

export const FORM_INTENTS = {
  save: "save-draft",
  issue: "issue-invoice",
  delete: "delete-draft",
  addLine: "add-line",
  removeLine: "remove-line",
} as const;

const FORM_ID = "invoice-form";

type Row = InvoiceFormValues["lines"][number] & { key: number };

export function InvoiceEditor({
  form,
  values,
  errors,
}: {
  form: InvoiceFormData;
  values: InvoiceFormValues;
  errors: Record<string, string>;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [rows, setRows] = useState<Row[]>(() => values.lines.map((line, key) => ({ key, ...line })));
  const [nextKey, setNextKey] = useState(values.lines.length);
  const [currency, setCurrency] = useState(values.currency);
  const [customer, setCustomer] = useState({
    party: values.party,
    customerName: values.customerName,
    customerCompany: values.customerCompany,
    customerEmail: values.customerEmail,
    billingAddress: values.billingAddress,
  });
  const noun = form.kind === "credit_note" ? "credit note" : "invoice";
  const described = (name: string) =>
    errors[name] ? { "aria-invalid": true as const, "aria-describedby": `${name}-error` } : {};
  const error = (name: string) => (errors[name] ? [errors[name]!] : null);
  const setRow = (key: number, change: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const pickParty = (value: string) => {
    const party = form.parties.find((p) => p.value === value);
    setCustomer((current) =>
      party
        ? {
            party: value,
            customerName: party.name,
            customerCompany: party.company,
            customerEmail: party.email,
            billingAddress: party.address,
          }
        : { ...current, party: value },
    );
  };
  const customerField = (name: keyof typeof customer) => ({
    id: name,
    name,
    value: customer[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setCustomer((current) => ({ ...current, [name]: value }));
    },
    ...described(name),
  });
  return (
    <Form method="post" id={FORM_ID} className="flex flex-col gap-6" noValidate>
      <FormAlert id="form-error" errors={errors.form ? [errors.form] : undefined} />
      <Card>
        <CardHeader>
          <CardTitle>Customer</CardTitle>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field
            label="From the address book"
            htmlFor="party"
            errorId="party-error"
            errors={error("party")}
            hint="Picking a party fills in the fields below; they stay editable."
            className="sm:col-span-2"
          >
            <Select
              id="party"
              name="party"
              value={customer.party}
              onChange={(event) => pickParty(event.currentTarget.value)}
              {...described("party")}
            >
              <option value="">Not in the address book (typed below)</option>
              <optgroup label="Shippers">
                {form.parties
                  .filter((p) => p.kind === "shipper")
                  .map((p) => (
                    <option key={p.value} value={p.value}>
                      {p.label}
                    </option>
                  ))}
              </optgroup>
              <optgroup label="Consignees">
                {form.parties
                  .filter((p) => p.kind === "consignee")
                  .map((p) => (
                    <option key={p.value} value={p.value}>
                      {p.label}
                    </option>
                  ))}
              </optgroup>
            </Select>
          </Field>
          <Field
            label="Name"
            htmlFor="customerName"
            errorId="customerName-error"
            errors={error("customerName")}
          >
            <Input maxLength={INVOICE_TEXT_LIMITS.customerName} {...customerField("customerName")} />
          </Field>
          <Field
            label="Company"
            htmlFor="customerCompany"
            errorId="customerCompany-error"
            errors={error("customerCompany")}
          >
            <Input maxLength={INVOICE_TEXT_LIMITS.customerCompany} {...customerField("customerCompany")} />
          </Field>
          <Field
            label="E-mail"
            htmlFor="customerEmail"
            errorId="customerEmail-error"
            errors={error("customerEmail")}
          >
            <Input type="email" {...customerField("customerEmail")} />
          </Field>
          <Field
            label="Billing address"
            htmlFor="billingAddress"
            errorId="billingAddress-error"
            errors={error("billingAddress")}
          >
            <Textarea
              rows={3}
              maxLength={INVOICE_TEXT_LIMITS.billingAddress}
              {...customerField("billingAddress")}
            />
          </Field>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Lines</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Field label="Currency" htmlFor="currency" errorId="currency-error" errors={error("currency")}>
              <Select
                id="currency"
                name="currency"
                value={currency}
                onChange={(event) => setCurrency(event.currentTarget.value)}
                {...described("currency")}
              >
                {CURRENCIES.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </Select>
            </Field>
            {form.kind === "credit_note" ? (
              // A credit note asks for no payment: no terms to choose (the field is still posted).
              <input type="hidden" name="paymentTermsDays" value={values.paymentTermsDays} />
            ) : (
              <Field
                label="Payment terms (days)"
                htmlFor="paymentTermsDays"
                errorId="paymentTermsDays-error"
                errors={error("paymentTermsDays")}
                hint="The due date is the issue date plus these days."
              >
                <Input
                  id="paymentTermsDays"
                  name="paymentTermsDays"
                  inputMode="numeric"
                  defaultValue={values.paymentTermsDays}
                  {...described("paymentTermsDays")}
                />
              </Field>
            )}
          </div>
          <fieldset className="flex flex-col gap-4">
            <legend className="mb-2 text-sm font-semibold text-slate-900">Lines of the {noun}</legend>
            {rows.map((row, index) => {
              const at = (field: string) => `lines.${index}.${field}`;
              const cell = (field: string, label: string, control: ReactNode) => (
                <div>
                  <Label htmlFor={`line-${row.key}-${field}`}>
                    {label} {index + 1}
                  </Label>
                  {control}
                  <FieldError id={`${at(field)}-error`} errors={error(at(field))} />
                </div>
              );
              return (
                <div
                  key={row.key}
                  className="grid grid-cols-1 gap-2 border-b border-slate-100 pb-3 sm:grid-cols-[minmax(0,1fr)_6rem_9rem_10rem_auto] sm:items-start"
                >
                  {cell(
                    "description",
                    "Description",
                    <Input
                      id={`line-${row.key}-description`}
                      name="lineDescription"
                      value={row.description}
                      maxLength={INVOICE_TEXT_LIMITS.description}
                      onChange={(e) => setRow(row.key, { description: e.currentTarget.value })}
                      {...described(at("description"))}
                    />,
                  )}
                  {cell(
                    "quantity",
                    "Quantity",
                    <Input
                      id={`line-${row.key}-quantity`}
                      name="lineQuantity"
                      inputMode="decimal"
                      value={row.quantity}
                      onChange={(e) => setRow(row.key, { quantity: e.currentTarget.value })}
                      {...described(at("quantity"))}
                    />,
                  )}
                  {cell(
                    "unitPrice",
                    "Unit price",
                    <Input
                      id={`line-${row.key}-unitPrice`}
                      name="lineUnitPrice"
                      inputMode="decimal"
                      value={row.unitPrice}
                      onChange={(e) => setRow(row.key, { unitPrice: e.currentTarget.value })}
                      {...described(at("unitPrice"))}
                    />,
                  )}
                  {cell(
                    "tax",
                    "Tax",
                    <Select
                      id={`line-${row.key}-tax`}
                      name="lineTax"
                      value={row.tax}
                      onChange={(e) => setRow(row.key, { tax: e.currentTarget.value })}
                      {...described(at("tax"))}
                    >
                      <option value="">No tax</option>
                      {form.taxRates.map((rate) => (
                        <option key={rate.name} value={rate.name}>
                          {rate.label}
                        </option>
                      ))}
                      {row.tax && !form.taxRates.some((r) => r.name === row.tax) ? (
                        <option value={row.tax}>{row.tax} (no longer in the settings)</option>
                      ) : null}
                    </Select>,
                  )}
                  <Button
                    type="submit"
                    name="intent"
                    value={`${FORM_INTENTS.removeLine}:${index}`}
                    variant="ghost"
                    className="sm:mt-6"
                    aria-label={`Remove line ${index + 1}`}
                    disabled={rows.length === 1}
                    onClick={(event) => {
                      event.preventDefault();
                      setRows((current) => current.filter((other) => other.key !== row.key));
                    }}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </Button>
                </div>
              );
            })}
            <FieldError id="lines-error" errors={error("lines")} />
            <div>
              <Button
                type="submit"
                name="intent"
                value={FORM_INTENTS.addLine}
                variant="outline"
                disabled={rows.length >= MAX_INVOICE_LINES}
                onClick={(event) => {
                  event.preventDefault();
                  setRows((current) => [
                    ...current,
                    { key: nextKey, description: "", quantity: "1", unitPrice: "", tax: "" },
                  ]);
                  setNextKey(nextKey + 1);
                }}
              >
                <Plus aria-hidden="true" className="size-4" />
                Add line
              </Button>
            </div>
          </fieldset>
          <TotalsPreview rows={rows} currency={currency} taxRates={form.taxRates} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Notes and payment</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <Field
            label="Notes"
            htmlFor="notes"
            errorId="notes-error"
            errors={error("notes")}
            hint="Printed on the invoice the customer gets: no internal remarks here."
          >
            <Textarea
              id="notes"
              name="notes"
              maxLength={INVOICE_TEXT_LIMITS.notes}
              defaultValue={values.notes}
              {...described("notes")}
            />
          </Field>
          <Field
            label="Payment instructions"
            htmlFor="paymentInstructions"
            errorId="paymentInstructions-error"
            errors={error("paymentInstructions")}
            hint="Bank account, mobile-money numbers: printed on the invoice."
          >
            <Textarea
              id="paymentInstructions"
              name="paymentInstructions"
              maxLength={INVOICE_TEXT_LIMITS.paymentInstructions}
              defaultValue={values.paymentInstructions}
              {...described("paymentInstructions")}
            />
          </Field>
          {form.shipments.length > 0 ? (
            <div>
              <p className="text-sm font-medium text-slate-800">Shipments</p>
              <ul className="mt-1 flex min-w-0 flex-wrap gap-3 text-sm">
                {form.shipments.map((shipment) => (
                  <li key={shipment.id} className="min-w-0">
                    <Link
                      to={`/admin/shipments/${shipment.id}`}
                      className="break-all text-brand-700 underline"
                    >
                      {shipment.trackingNumber}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {values.shipmentIds.map((id) => (
            <input key={id} type="hidden" name="shipmentId" value={id} />
          ))}
        </CardContent>
      </Card>

      <div className="flex flex-col gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:flex-wrap">
        <Button type="submit" name="intent" value={FORM_INTENTS.save} variant="outline" disabled={busy}>
          Save draft
        </Button>
        {form.id && form.canIssue ? (
          <ConfirmDialog
            trigger={<Button disabled={busy}>Issue {noun}</Button>}
            title={`Issue this ${noun}?`}
            description={`Issuing gives it the next number and today's date. An issued ${noun} cannot be changed: a mistake is then corrected with a credit note or by voiding it.`}
          >
            <Button type="submit" form={FORM_ID} name="intent" value={FORM_INTENTS.issue} disabled={busy}>
              Issue {noun}
            </Button>
          </ConfirmDialog>
        ) : null}
      </div>
    </Form>
  );
}
