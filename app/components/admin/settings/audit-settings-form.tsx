import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Save } from "lucide-react";
import { Form, Link } from "react-router";
import { FormAlert, INTENT, useSubmitting } from "#app/components/admin/form-fields.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field, Input } from "#app/components/ui/field.tsx";
import { type AuditSettings, auditSettingsSchema } from "#app/schemas/audit-settings.ts";
import { AUDIT_SETTINGS_INTENT } from "#app/schemas/settings-intents.ts";

/** Settings → Activity log: how long entries are kept (two years by default); older ones go once a day. */
export function AuditSettingsForm({
  settings,
  lastResult,
}: {
  settings: AuditSettings;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const submitting = useSubmitting(AUDIT_SETTINGS_INTENT);
  const [form, fields] = useForm({
    id: "audit-settings-form",
    lastResult,
    defaultValue: { retentionDays: String(settings.retentionDays) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: auditSettingsSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const { key, ...daysProps } = getInputProps(fields.retentionDays, { type: "number" });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      noValidate
      aria-label="Activity log"
      className="flex flex-col gap-4"
    >
      <input type="hidden" name={INTENT} value={AUDIT_SETTINGS_INTENT} />
      <FormAlert errors={form.errors} id={form.errorId} />
      <Field
        label="Keep activity for this many days"
        htmlFor={fields.retentionDays.id}
        errors={fields.retentionDays.errors}
        errorId={fields.retentionDays.errorId}
        hint="From 30 to 3650 days (730 is two years). Older entries are deleted once a day."
        className="sm:max-w-md"
      >
        <Input key={key} {...daysProps} inputMode="numeric" min={30} max={3650} className="sm:w-32" />
      </Field>
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={submitting}>
          <Save aria-hidden="true" className="size-4" />
          {submitting ? "Saving..." : "Save"}
        </Button>
        <Link to="/admin/activity" className="text-sm text-brand-700 underline">
          Open the activity log
        </Link>
      </div>
    </Form>
  );
}
