import { LoginErrorView, LoginPage } from "#app/components/admin/auth/login-page.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import { noStoreMiddleware } from "#app/server/staff/staff-guards.server.ts";
import { loadLoginPage, loginPageAction } from "#app/server/staff/staff-sign-in-pages.server.ts";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(
    { title: "Admin Login", path: "/admin-login", description: "Sign in to the back office." },
    matches,
  );

export const middleware: Route.MiddlewareFunction[] = [noStoreMiddleware];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadLoginPage({ request, context });
}

export function action({ request, context }: Route.ActionArgs) {
  return loginPageAction({ request, context });
}

export default function AdminLogin({ actionData }: Route.ComponentProps) {
  return <LoginPage actionData={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoginErrorView error={error} />;
}
