import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import { AuthCard } from "#app/components/admin/auth/auth-card.tsx";
import { ChangePasswordForm } from "#app/components/admin/auth/change-password-form.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import { ROLE_HOME } from "#app/lib/roles.ts";
import { changePasswordSchema } from "#app/schemas/password.ts";
import { readFormData } from "#app/server/platform/forms.server.ts";
import { redirectWithToast } from "#app/server/platform/toast.server.ts";
import { noStoreMiddleware, requireAdmin } from "#app/server/staff/staff-guards.server.ts";
import { changePassword } from "#app/server/staff/staff-sign-in.server.ts";
import type { Route } from "./+types/change-password";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta({ title: "Choose a New Password", path: "/admin/change-password" }, matches);

export const middleware: Route.MiddlewareFunction[] = [noStoreMiddleware];

// Outside the admin layout on purpose: a user with a temporary password may reach only this page.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin({ request, context, allowPasswordChange: true });
  return { email: user.email, mustChangePassword: user.mustChangePassword };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin({ request, context, allowPasswordChange: true });
  const formData = (await readFormData(request)) ?? new FormData();
  const submission = parseWithZod(formData, { schema: changePasswordSchema });
  const hidden = ["currentPassword", "newPassword", "confirmPassword"];
  if (submission.status !== "success") return data(submission.reply({ hideFields: hidden }), { status: 400 });
  const result = await changePassword({
    request,
    context,
    user,
    currentPassword: submission.value.currentPassword,
    newPassword: submission.value.newPassword,
  });
  if (!result.ok)
    return data(submission.reply({ formErrors: [result.error], hideFields: hidden }), { status: 400 });
  return redirectWithToast(
    ROLE_HOME[user.role],
    { type: "success", title: "Password changed", description: "Your new password is now in use." },
    { headers: { "Set-Cookie": result.cookie } },
  );
}

export default function ChangePassword({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthCard
      title="Choose a New Password"
      description={
        loaderData.mustChangePassword
          ? `You signed in as ${loaderData.email} with a temporary password. Choose your own password to continue.`
          : `Change the password of ${loaderData.email}.`
      }
      footer={
        <Form method="post" action="/admin/logout">
          <button type="submit" className="font-medium text-brand-700 underline-offset-4 hover:underline">
            Logout
          </button>
        </Form>
      }
    >
      <ChangePasswordForm lastResult={actionData} submitLabel="Save Password" label="Choose a New Password" />
    </AuthCard>
  );
}
