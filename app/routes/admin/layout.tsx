import { Outlet } from "react-router";
import { AdminErrorView } from "#app/components/admin/shell/admin-error.tsx";
import { AdminShell } from "#app/components/admin/shell/admin-shell.tsx";
import { findAdminBell } from "#app/server/inbox/unread.server.ts";
import { loadAdminLayout } from "#app/server/staff/admin-layout-page.server.ts";
import { requireAdminMiddleware } from "#app/server/staff/staff-guards.server.ts";
import type { Route } from "./+types/layout";

// Every request below /admin passes here first: no session, no admin page (and no admin data).
export const middleware: Route.MiddlewareFunction[] = [requireAdminMiddleware];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadAdminLayout({ request, context, findBell: findAdminBell });
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell
      user={loaderData.user}
      role={loaderData.user.role}
      collapsed={loaderData.collapsed}
      notifications={loaderData.notifications}
      unread={loaderData.unread}
    >
      <Outlet />
    </AdminShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="admin-main" className="mx-auto max-w-3xl p-8">
      <AdminErrorView error={error} />
    </main>
  );
}
