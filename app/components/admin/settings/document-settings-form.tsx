import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Save } from "lucide-react";
import { Form } from "react-router";
import { FormAlert, INTENT, useSubmitting } from "#app/components/admin/form-fields.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field, Textarea } from "#app/components/ui/field.tsx";
import {
  DEFAULT_WAYBILL_TERMS_FR,
  type DocumentSettings,
  documentSettingsSchema,
  WAYBILL_TERMS_MAX,
} from "#app/schemas/document-settings.ts";
import { DOCUMENT_SETTINGS_INTENT } from "#app/schemas/settings-intents.ts";

/** Settings → Documents: the terms printed on every house waybill. */
export function DocumentSettingsForm({
  settings,
  lastResult,
}: {
  settings: DocumentSettings;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const submitting = useSubmitting(DOCUMENT_SETTINGS_INTENT);
  const [form, fields] = useForm({
    id: "document-settings-form",
    lastResult,
    // The default French terms show as an empty field: saved back as typed, they would look chosen by staff.
    defaultValue: {
      ...settings,
      waybillTermsFr: settings.waybillTermsFr === DEFAULT_WAYBILL_TERMS_FR ? "" : settings.waybillTermsFr,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: documentSettingsSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const { key, ...termsProps } = getTextareaProps(fields.waybillTerms);
  const { key: frenchKey, ...frenchProps } = getTextareaProps(fields.waybillTermsFr);
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      noValidate
      aria-label="Documents"
      className="flex flex-col gap-4"
    >
      <input type="hidden" name={INTENT} value={DOCUMENT_SETTINGS_INTENT} />
      <FormAlert errors={form.errors} id={form.errorId} />
      <Field
        label="Waybill terms"
        htmlFor={fields.waybillTerms.id}
        errors={fields.waybillTerms.errors}
        errorId={fields.waybillTerms.errorId}
        hint={`Printed in small type on every house waybill. Up to ${WAYBILL_TERMS_MAX.toLocaleString("en-US")} characters.`}
      >
        <Textarea key={key} {...termsProps} rows={8} maxLength={WAYBILL_TERMS_MAX} />
      </Field>
      <Field
        label="Waybill terms in French"
        htmlFor={fields.waybillTermsFr.id}
        errors={fields.waybillTermsFr.errors}
        errorId={fields.waybillTermsFr.errorId}
        hint="Printed instead on a French waybill (a French-speaking shipper's, or one opened from a French page). Left empty: the default French terms while the waybill terms above are the default ones; once you change them, a French waybill prints your terms above (in English) until you write them in French here."
      >
        <Textarea key={frenchKey} {...frenchProps} rows={8} maxLength={WAYBILL_TERMS_MAX} lang="fr" />
      </Field>
      <div>
        <Button type="submit" disabled={submitting}>
          <Save aria-hidden="true" className="size-4" />
          {submitting ? "Saving..." : "Save terms"}
        </Button>
      </div>
    </Form>
  );
}
