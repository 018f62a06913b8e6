import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { MailCheck, Send } from "lucide-react";
import { data, Form, Link } from "react-router";
import { AuthCard } from "#app/components/admin/auth/auth-card.tsx";
import { FormAlert, TextField, useSubmitting } from "#app/components/admin/form-fields.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import { Button } from "#app/components/ui/button.tsx";
import { requestContext, servicesContext } from "#app/context.ts";
import { forgotPasswordSchema, RESET_LINK_MINUTES } from "#app/schemas/login.ts";
import { readFormData } from "#app/server/platform/forms.server.ts";
import { consumeRateLimit } from "#app/server/platform/rate-limit.server.ts";
import { noStoreMiddleware } from "#app/server/staff/staff-guards.server.ts";
import { requestPasswordReset } from "#app/server/staff/staff-sign-in.server.ts";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta({ title: "Forgot Password", path: "/admin-forgot-password" }, matches);

export const middleware: Route.MiddlewareFunction[] = [noStoreMiddleware];

export async function action({ request, context }: Route.ActionArgs) {
  const { db, config, logger } = context.get(servicesContext);
  const { clientIp } = context.get(requestContext);
  const formData = (await readFormData(request)) ?? new FormData();
  const submission = parseWithZod(formData, { schema: forgotPasswordSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply(), sentTo: null }, { status: 400 });

  const limit = await consumeRateLimit({
    db,
    key: `reset:address:${clientIp}`,
    limit: 10,
    windowSeconds: 15 * 60,
  });
  if (!limit.allowed) {
    const minutes = Math.ceil(limit.retryAfterSeconds / 60);
    const message = `Too many requests. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
    return data({ result: submission.reply({ formErrors: [message] }), sentTo: null }, { status: 429 });
  }
  try {
    await requestPasswordReset({ db, config, logger, email: submission.value.email });
  } catch (error) {
    logger.error({ err: error }, "Password reset request failed");
    const message = "An error occurred. Please try again.";
    return data({ result: submission.reply({ formErrors: [message] }), sentTo: null }, { status: 500 });
  }
  // The same answer whether or not the address belongs to an account.
  return { result: submission.reply({ resetForm: true }), sentTo: submission.value.email };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
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
