import { ResetPasswordPage } from "#app/components/admin/auth/reset-password-page.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import {
  loadResetPasswordPage,
  resetLinkMiddleware,
  resetPasswordPageAction,
} from "#app/server/staff/staff-sign-in-pages.server.ts";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta({ title: "Reset Password", path: "/admin-reset-password" }, matches);

// No cache and no Referer: the link's token is in the address (staff-sign-in-pages.server.ts).
export const middleware: Route.MiddlewareFunction[] = [resetLinkMiddleware];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadResetPasswordPage({ request, context });
}

export function action({ request, context }: Route.ActionArgs) {
  return resetPasswordPageAction({ request, context });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  return <ResetPasswordPage loaderData={loaderData} actionData={actionData} />;
}
