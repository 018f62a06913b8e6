import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { MailCheck, Send } from "lucide-react";
import { Form, Link } from "react-router";
import { AuthCard } from "#app/components/admin/auth/auth-card.tsx";
import { FormAlert, TextField, useSubmitting } from "#app/components/admin/form-fields.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { forgotPasswordSchema, RESET_LINK_MINUTES } from "#app/schemas/login.ts";

/** /admin-forgot-password: the address form, then the same 'check your email' whatever the address. */
export function ForgotPasswordPage({
  actionData,
}: {
  actionData?: { result: SubmissionResult<string[]>; sentTo: string | null };
}) {
  const submitting = useSubmitting();
  const [form, fields] = useForm({
    id: "forgot-password-form",
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const backToLogin = (
    <Link to="/admin-login" className="font-medium text-brand-700 underline-offset-4 hover:underline">
      Back to login
    </Link>
  );

  if (actionData?.sentTo) {
    return (
      <AuthCard title="Check Your Email" footer={backToLogin}>
        <div role="status" className="flex gap-3 text-slate-800">
          <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
          <p>
            If an admin account exists for <strong className="break-all">{actionData.sentTo}</strong>, we have
            sent it a link to reset the password. The link is valid for {RESET_LINK_MINUTES} minutes and works
            once.
          </p>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot Password"
      description="Enter the email address of your admin account and we will send you a link to choose a new password."
      footer={backToLogin}
    >
      <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
        <FormAlert errors={form.errors} id={form.errorId} />
        <TextField
          meta={fields.email}
          label="Email"
          type="email"
          autoComplete="username"
          maxLength={254}
          required
        />
        <Button type="submit" size="lg" className="w-full" disabled={submitting}>
          <Send aria-hidden="true" className="size-4" />
          {submitting ? "Sending..." : "Send Reset Link"}
        </Button>
      </Form>
    </AuthCard>
  );
}
