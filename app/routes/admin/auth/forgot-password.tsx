import { ForgotPasswordPage } from "#app/components/admin/auth/forgot-password-page.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import { noStoreMiddleware } from "#app/server/staff/staff-guards.server.ts";
import { forgotPasswordPageAction } from "#app/server/staff/staff-sign-in-pages.server.ts";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta({ title: "Forgot Password", path: "/admin-forgot-password" }, matches);

export const middleware: Route.MiddlewareFunction[] = [noStoreMiddleware];

export function action({ request, context }: Route.ActionArgs) {
  return forgotPasswordPageAction({ request, context });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  return <ForgotPasswordPage actionData={actionData} />;
}
