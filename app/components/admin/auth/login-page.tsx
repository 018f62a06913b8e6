import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { LogIn } from "lucide-react";
import { Form, isRouteErrorResponse, Link, useSearchParams } from "react-router";
import { AuthCard } from "#app/components/admin/auth/auth-card.tsx";
import { FormAlert, TextField, useSubmitting } from "#app/components/admin/form-fields.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { LOGIN_MESSAGES, loginSchema } from "#app/schemas/login.ts";

/** /admin-login: email and password, and the page asked for before the login (redirectTo). */
export function LoginPage({ actionData }: { actionData?: SubmissionResult<string[]> }) {
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const submitting = useSubmitting();
  const [form, fields] = useForm({
    id: "login-form",
    lastResult: actionData,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  return (
    <AuthCard title="Admin Login" description="Enter your email and password to access the admin area.">
      <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
        <FormAlert errors={form.errors} id={form.errorId} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          meta={fields.email}
          label="Email"
          type="email"
          autoComplete="username"
          maxLength={254}
          required
        />
        <TextField
          meta={fields.password}
          label="Password"
          type="password"
          autoComplete="current-password"
          maxLength={1024}
          required
        />
        <Link
          to="/admin-forgot-password"
          className="self-end text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          Forgot password?
        </Link>
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={submitting}>
          <LogIn aria-hidden="true" className="size-4" />
          {submitting ? "Logging in..." : "Login"}
        </Button>
      </Form>
    </AuthCard>
  );
}

/** The login page's own error view: outside the admin shell, with a way back to the form. */
export function LoginErrorView({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <AuthCard title="Admin Login">
      <div role="alert" className="flex flex-col gap-4 text-slate-800">
        <p>{status === 404 ? "Page Not Found" : LOGIN_MESSAGES.unexpected}</p>
        <Link to="/admin-login" className="font-medium text-brand-700 underline">
          Try again
        </Link>
      </div>
    </AuthCard>
  );
}
