import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { LogIn } from "lucide-react";
import { data, Form, isRouteErrorResponse, Link, redirect, useSearchParams } from "react-router";
import { AuthCard } from "#app/components/admin/auth/auth-card.tsx";
import { FormAlert, TextField, useSubmitting } from "#app/components/admin/form-fields.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import { Button } from "#app/components/ui/button.tsx";
import { requestContext, servicesContext } from "#app/context.ts";
import { homeOrAllowed, ROLE_HOME } from "#app/lib/roles.ts";
import { LOGIN_MESSAGES, loginSchema, safeRedirect } from "#app/schemas/login.ts";
import { tooManyAttemptsMessage } from "#app/server/auth/login-throttle.server.ts";
import { readSessionToken } from "#app/server/auth/sessions.server.ts";
import { readFormData } from "#app/server/platform/forms.server.ts";
import { redirectWithToast } from "#app/server/platform/toast.server.ts";
import {
  CHANGE_PASSWORD_PATH,
  getAdminSession,
  noStoreMiddleware,
} from "#app/server/staff/staff-guards.server.ts";
import { login } from "#app/server/staff/staff-sign-in.server.ts";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(
    { title: "Admin Login", path: "/admin-login", description: "Sign in to the back office." },
    matches,
  );

export const middleware: Route.MiddlewareFunction[] = [noStoreMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await getAdminSession({ request, context });
  if (session) throw redirect(ROLE_HOME[session.user.role]);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, config, logger } = context.get(servicesContext);
  const { clientIp } = context.get(requestContext);
  const formData = (await readFormData(request)) ?? new FormData();
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const { email, password, redirectTo } = submission.value;
  try {
    const result = await login({
      db,
      config,
      email,
      password,
      ip: clientIp,
      userAgent: request.headers.get("user-agent"),
      previousToken: readSessionToken(request, config),
    });
    if (!result.ok) {
      const throttled = result.reason === "throttled";
      const message = throttled ? tooManyAttemptsMessage(result.retryAfterSeconds) : LOGIN_MESSAGES.invalid;
      return data(submission.reply({ formErrors: [message], hideFields: ["password"] }), {
        status: throttled ? 429 : 401,
        headers: throttled ? { "Retry-After": String(result.retryAfterSeconds) } : undefined,
      });
    }
    const headers = new Headers({ "Set-Cookie": result.cookie });
    if (result.user.mustChangePassword) return redirect(CHANGE_PASSWORD_PATH, { headers });
    return redirectWithToast(
      // The remembered page when the role may use it, else the role's first page (never a 403).
      homeOrAllowed(result.user.role, safeRedirect(redirectTo, ROLE_HOME[result.user.role])),
      { type: "success", title: "Login successful", description: "Welcome to the admin dashboard" },
      { headers },
    );
  } catch (error) {
    logger.error({ err: error }, "Login failed");
    return data(submission.reply({ formErrors: [LOGIN_MESSAGES.failed], hideFields: ["password"] }), {
      status: 500,
    });
  }
}

export default function AdminLogin({ actionData }: Route.ComponentProps) {
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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
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
