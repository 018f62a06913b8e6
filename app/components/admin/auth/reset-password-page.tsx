import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { KeyRound } from "lucide-react";
import { Form, Link } from "react-router";
import { AuthCard } from "#app/components/admin/auth/auth-card.tsx";
import { NewPasswordFields } from "#app/components/admin/auth/change-password-form.tsx";
import { FormAlert, useSubmitting } from "#app/components/admin/form-fields.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { resetPasswordSchema } from "#app/schemas/password.ts";
import { INVALID_RESET_LINK } from "#app/server/staff/staff-views.ts";

/** /admin-reset-password: the new password's form while the link's token is valid, else a dead-link notice. */
export function ResetPasswordPage({
  loaderData,
  actionData,
}: {
  loaderData: { token: string | null };
  actionData?: SubmissionResult<string[]>;
}) {
  const submitting = useSubmitting();
  const [form, fields] = useForm({
    id: "reset-password-form",
    lastResult: actionData,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const requestNew = (
    <Link
      to="/admin-forgot-password"
      className="font-medium text-brand-700 underline-offset-4 hover:underline"
    >
      Request a new link
    </Link>
  );

  if (!loaderData.token) {
    return (
      <AuthCard title="Reset Password" footer={requestNew}>
        <p role="alert" className="text-slate-800">
          {INVALID_RESET_LINK}
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Reset Password"
      description="Choose a new password for your admin account. You will then log in with it."
      footer={requestNew}
    >
      <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
        <FormAlert errors={form.errors} id={form.errorId} />
        <input type="hidden" name="token" value={loaderData.token} />
        <NewPasswordFields newPassword={fields.newPassword} confirmPassword={fields.confirmPassword} />
        <Button type="submit" size="lg" className="w-full" disabled={submitting}>
          <KeyRound aria-hidden="true" className="size-4" />
          {submitting ? "Resetting..." : "Reset Password"}
        </Button>
      </Form>
    </AuthCard>
  );
}
