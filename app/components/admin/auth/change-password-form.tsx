import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { KeyRound } from "lucide-react";
import { Form } from "react-router";
import {
  type FieldMeta,
  FormAlert,
  INTENT,
  TextField,
  useSubmitting,
} from "#app/components/admin/form-fields.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { changePasswordSchema, PASSWORD_MIN_LENGTH } from "#app/schemas/password.ts";
import { CHANGE_PASSWORD_INTENT } from "#app/schemas/settings-intents.ts";

/** Current password, new password twice. Used on /admin/settings and on the forced change after first login. */
export function ChangePasswordForm({
  lastResult,
  action,
  submitLabel = "Change Password",
  label = "Your Password",
}: {
  lastResult: SubmissionResult<string[]> | null | undefined;
  action?: string;
  submitLabel?: string;
  /** The form's accessible name. */
  label?: string;
}) {
  const submitting = useSubmitting(CHANGE_PASSWORD_INTENT);
  const [form, fields] = useForm({
    id: "change-password-form",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form
      method="post"
      action={action}
      {...getFormProps(form)}
      noValidate
      aria-label={label}
      className="flex flex-col gap-4"
    >
      <input type="hidden" name={INTENT} value={CHANGE_PASSWORD_INTENT} />
      <FormAlert errors={form.errors} id={form.errorId} />
      <TextField
        meta={fields.currentPassword}
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
      />
      <NewPasswordFields newPassword={fields.newPassword} confirmPassword={fields.confirmPassword} />
      <Button type="submit" className="self-start" disabled={submitting}>
        <KeyRound aria-hidden="true" className="size-4" />
        {submitting ? "Saving..." : submitLabel}
      </Button>
    </Form>
  );
}

/** The new password and its confirmation: here and on the reset page that a forgotten password leads to. */
export function NewPasswordFields({
  newPassword,
  confirmPassword,
}: {
  newPassword: FieldMeta;
  confirmPassword: FieldMeta;
}) {
  return (
    <>
      <TextField
        meta={newPassword}
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters; a passphrase of several words works well.`}
        maxLength={256}
        required
      />
      <TextField
        meta={confirmPassword}
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        maxLength={256}
        required
      />
    </>
  );
}
