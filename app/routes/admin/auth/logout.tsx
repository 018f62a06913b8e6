import { redirect } from "react-router";
import { redirectWithToast } from "#app/server/platform/toast.server.ts";
import { getAdminSession, LOGIN_PATH, NO_STORE } from "#app/server/staff/staff-guards.server.ts";
import { logout } from "#app/server/staff/staff-sign-in.server.ts";
import type { Route } from "./+types/logout";

// Logging out changes state, so it is a POST only; a GET just goes back to the admin area.
export function loader() {
  throw redirect("/admin");
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await getAdminSession({ request, context });
  const cookie = await logout({ request, context });
  const headers = { ...NO_STORE, "Set-Cookie": cookie };
  if (!session) return redirect(LOGIN_PATH, { headers });
  return redirectWithToast(
    LOGIN_PATH,
    {
      type: "success",
      title: "Logged out successfully",
      description: "You have been logged out of the admin area",
    },
    { headers },
  );
}
