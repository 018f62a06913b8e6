import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { KeyRound } from "lucide-react";
import { data, Form, Link } from "react-router";
import { AuthCard } from "#app/components/admin/auth/auth-card.tsx";
import { NewPasswordFields } from "#app/components/admin/auth/change-password-form.tsx";
import { FormAlert, useSubmitting } from "#app/components/admin/form-fields.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import { Button } from "#app/components/ui/button.tsx";
import { requestContext, servicesContext } from "#app/context.ts";
import { resetPasswordSchema } from "#app/schemas/password.ts";
import { clearSessionCookie } from "#app/server/auth/sessions.server.ts";
import { readFormData } from "#app/server/platform/forms.server.ts";
import { redirectWithToast } from "#app/server/platform/toast.server.ts";
import { isResetTokenValid, resetPasswordWithToken } from "#app/server/staff/staff-sign-in.server.ts";
import type { Route } from "./+types/reset-password";

const INVALID_LINK = "This reset link is invalid or has expired.";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta({ title: "Reset Password", path: "/admin-reset-password" }, matches);

// The link's token is in the address: never cache the page, never send it on in a Referer.
export const middleware: Route.MiddlewareFunction[] = [
  async (_args, next) => {
    const response = await next();
    response.headers.set("Cache-Control", "no-store");
    response.headers.set("Referrer-Policy", "no-referrer");
    return response;
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid = token !== "" && (await isResetTokenValid({ db, token }));
  return { token: valid ? token : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, config } = context.get(servicesContext);
  const formData = (await readFormData(request)) ?? new FormData();
  const submission = parseWithZod(formData, { schema: resetPasswordSchema });
  const hidden = ["newPassword", "confirmPassword"];
  if (submission.status !== "success") return data(submission.reply({ hideFields: hidden }), { status: 400 });
  const done = await resetPasswordWithToken({
    db,
    token: submission.value.token,
    password: submission.value.newPassword,
    clientAddress: context.get(requestContext).clientIp,
  });
  if (!done)
    return data(submission.reply({ formErrors: [INVALID_LINK], hideFields: hidden }), { status: 400 });
  return redirectWithToast(
    "/admin-login",
    { type: "success", title: "Password reset", description: "Log in with your new password." },
    { headers: { "Set-Cookie": clearSessionCookie(config) } },
  );
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
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
          {INVALID_LINK}
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
