import { useRouteLoaderData } from "react-router";
import { roleMayUse, type StaffRole } from "#app/lib/roles.ts";

/**
 * Whether the signed-in role may use an admin address (the admin layout's loader data), to show a link only to
 * those it would not refuse. The server checks every request anyway (decision 019).
 */
export function useMayUse(pathname: string): boolean {
  const layout = useRouteLoaderData("routes/admin/layout") as { user?: { role: StaffRole } } | undefined;
  return layout?.user ? roleMayUse(layout.user.role, pathname) : false;
}

/** Whether the signed-in role may change what an admin address shows (post to it), not only read it. */
export function useMayChange(pathname: string): boolean {
  const layout = useRouteLoaderData("routes/admin/layout") as { user?: { role: StaffRole } } | undefined;
  return layout?.user ? roleMayUse(layout.user.role, pathname, "POST") : false;
}
