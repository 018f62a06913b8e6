import { Plus, Save } from "lucide-react";
import { useState } from "react";
import { Form } from "react-router";
import { INTENT, useSubmitting } from "#app/components/admin/form-fields.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field, FieldError, Input, Label, Textarea } from "#app/components/ui/field.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import {
  INVOICE_SETTINGS_LIMITS,
  type InvoiceSettingsErrors,
  type InvoiceSettingsValues,
  MAX_PAYMENT_TERMS_DAYS,
  MAX_TAX_RATES,
} from "#app/schemas/invoice-settings.ts";
import { INVOICE_SETTINGS_INTENT, TAX_REMOVE } from "#app/schemas/settings-intents.ts";

/** What the action answers a refused save with: the values as typed and a message per field. */
export type InvoiceSettingsReply = { values: InvoiceSettingsValues; errors: InvoiceSettingsErrors };

type Row = { key: number; name: string; percent: string };

const blank = (rates: Row[]) => rates.some((rate) => rate.name.trim() === "" && rate.percent.trim() === "");

/**
 * The tax rates as rows, with one empty row to add a rate (without JavaScript too: fill it in and save). A row
 * whose 'Remove' box is ticked is dropped on save; with JavaScript, 'Add a tax rate' adds more empty rows.
 */
function useTaxRows(values: InvoiceSettingsValues["taxRates"]) {
  const [rows, setRows] = useState<Row[]>(() => {
    const typed = values.map((rate, key) => ({ key, ...rate }));
    return typed.length < MAX_TAX_RATES && !blank(typed)
      ? [...typed, { key: typed.length, name: "", percent: "" }]
      : typed;
  });
  const add = () =>
    setRows((current) => [
      ...current,
      { key: Math.max(-1, ...current.map((r) => r.key)) + 1, name: "", percent: "" },
    ]);
  return { rows, add };
}

/**
 * Settings → Invoices (decision 026): how invoices and credit notes are numbered, the payment terms a new invoice
 * starts with, the tax rates a line may carry, and the payment instructions printed on invoices.
 */
export function InvoiceSettingsForm({
  values,
  errors,
}: {
  values: InvoiceSettingsValues;
  errors: InvoiceSettingsErrors;
}) {
  const submitting = useSubmitting(INVOICE_SETTINGS_INTENT);
  const hydrated = useHydrated();
  const { rows, add } = useTaxRows(values.taxRates);
  const errorId = (name: string) => `invoice-settings-${name.replaceAll(".", "-")}-error`;
  const messages = (name: string) => (errors[name] ? [errors[name]] : null);
  const described = (name: string) =>
    errors[name] ? { "aria-invalid": true as const, "aria-describedby": errorId(name) } : {};
  const field = (name: keyof Omit<InvoiceSettingsValues, "taxRates">) => ({
    id: `invoice-settings-${name}`,
    name,
    defaultValue: values[name],
    ...described(name),
  });
  return (
    <Form method="post" noValidate aria-label="Invoices" className="flex flex-col gap-5">
      <input type="hidden" name={INTENT} value={INVOICE_SETTINGS_INTENT} />
      {Object.keys(errors).length > 0 ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          Nothing was saved. Correct the fields marked below.
        </p>
      ) : null}

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-semibold text-slate-900">Numbers</legend>
        <p className="text-sm text-slate-600">
          Write the number's pattern with <code>{"{YYYY}"}</code> where the year goes and{" "}
          <code>{"{NNNN}"}</code> where the count goes, one N per digit (3 to 6). The count starts again at 1
          each year: <code>{"INV-{YYYY}-{NNNN}"}</code> gives INV-2026-0001, INV-2026-0002, and so on. A draft
          gets its number when it is issued; numbers already given never change.
        </p>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field
            label="Invoice numbers"
            htmlFor="invoice-settings-invoicePattern"
            errorId={errorId("invoicePattern")}
            errors={messages("invoicePattern")}
          >
            <Input
              {...field("invoicePattern")}
              maxLength={INVOICE_SETTINGS_LIMITS.pattern}
              autoComplete="off"
            />
          </Field>
          <Field
            label="Credit note numbers"
            htmlFor="invoice-settings-creditNotePattern"
            errorId={errorId("creditNotePattern")}
            errors={messages("creditNotePattern")}
          >
            <Input
              {...field("creditNotePattern")}
              maxLength={INVOICE_SETTINGS_LIMITS.pattern}
              autoComplete="off"
            />
          </Field>
        </div>
      </fieldset>

      <Field
        label="Payment terms (days)"
        htmlFor="invoice-settings-paymentTermsDays"
        errorId={errorId("paymentTermsDays")}
        errors={messages("paymentTermsDays")}
        hint={`Days the customer has to pay after the invoice is issued; 0 means on receipt. A new invoice starts with this, and the clerk may change it. From 0 to ${MAX_PAYMENT_TERMS_DAYS}.`}
        className="sm:max-w-md"
      >
        <Input {...field("paymentTermsDays")} inputMode="numeric" className="sm:w-32" />
      </Field>

      <Field
        label="Reminders before the due date (days)"
        htmlFor="invoice-settings-reminderDaysBefore"
        errorId={errorId("reminderDaysBefore")}
        errors={messages("reminderDaysBefore")}
        hint="An e-mail reminding the customer of an unpaid invoice this many days before it is due, like 3. Several numbers separated by commas; leave empty for none."
        className="sm:max-w-md"
      >
        <Input {...field("reminderDaysBefore")} className="sm:w-48" />
      </Field>

      <Field
        label="Reminders after the due date (days)"
        htmlFor="invoice-settings-reminderDaysAfter"
        errorId={errorId("reminderDaysAfter")}
        errors={messages("reminderDaysAfter")}
        hint="The same, this many days after the due date while it is still unpaid, like 7, 30. They stop as soon as the invoice is paid or voided. A customer marked 'No reminders' in the address book gets none."
        className="sm:max-w-md"
      >
        <Input {...field("reminderDaysAfter")} className="sm:w-48" />
      </Field>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-semibold text-slate-900">Tax rates</legend>
        <p className="text-sm text-slate-600">
          The taxes a clerk can choose for each invoice line, like GST at 12 %. Each shows as its own line on
          the invoice. Leave the list empty if you charge no tax. To add a rate, fill in an empty row; empty
          rows are left out when you save.
        </p>
        <FieldError id={errorId("taxRates")} errors={messages("taxRates")} />
        {rows.map((row, index) => (
          <div
            key={row.key}
            className="grid grid-cols-[1fr_6rem] gap-2 sm:grid-cols-[1fr_8rem_auto] sm:items-start"
          >
            <div>
              <Label htmlFor={`tax-${row.key}-name`}>Tax name {index + 1}</Label>
              <Input
                id={`tax-${row.key}-name`}
                name="taxName"
                defaultValue={row.name}
                placeholder="GST"
                maxLength={INVOICE_SETTINGS_LIMITS.taxName}
                autoComplete="off"
                {...described(`taxRates.${index}.name`)}
              />
              <FieldError
                id={errorId(`taxRates.${index}.name`)}
                errors={messages(`taxRates.${index}.name`)}
              />
            </div>
            <div>
              <Label htmlFor={`tax-${row.key}-percent`}>Rate {index + 1} (%)</Label>
              <Input
                id={`tax-${row.key}-percent`}
                name="taxPercent"
                defaultValue={row.percent}
                placeholder="12"
                inputMode="decimal"
                autoComplete="off"
                {...described(`taxRates.${index}.percent`)}
              />
              <FieldError
                id={errorId(`taxRates.${index}.percent`)}
                errors={messages(`taxRates.${index}.percent`)}
              />
            </div>
            {row.name.trim() !== "" || row.percent.trim() !== "" ? (
              <label className="col-span-2 flex min-h-10 items-center gap-2 text-sm text-slate-800 sm:col-span-1 sm:mt-6">
                <input type="checkbox" name={TAX_REMOVE} value={index} className="size-4" />
                <span>
                  Remove<span className="sr-only"> tax {index + 1}</span> on save
                </span>
              </label>
            ) : null}
          </div>
        ))}
        {hydrated ? (
          <div>
            <Button type="button" variant="outline" disabled={rows.length >= MAX_TAX_RATES} onClick={add}>
              <Plus aria-hidden="true" className="size-4" />
              Add a tax rate
            </Button>
          </div>
        ) : null}
      </fieldset>

      <Field
        label="Payment instructions"
        htmlFor="invoice-settings-paymentInstructions"
        errorId={errorId("paymentInstructions")}
        errors={messages("paymentInstructions")}
        hint={`Printed on every invoice under 'How to pay': your bank account, mobile-money numbers (MTN, Orange), where to pay cash. Up to ${INVOICE_SETTINGS_LIMITS.paymentInstructions.toLocaleString("en-US")} characters.`}
      >
        <Textarea
          {...field("paymentInstructions")}
          rows={5}
          maxLength={INVOICE_SETTINGS_LIMITS.paymentInstructions}
          placeholder={"Bank: LBDI, account 001-234567-01\nMTN Mobile Money: +231 88 000 0000"}
        />
      </Field>

      <div>
        <Button type="submit" disabled={submitting}>
          <Save aria-hidden="true" className="size-4" />
          {submitting ? "Saving..." : "Save invoice settings"}
        </Button>
      </div>
    </Form>
  );
}
