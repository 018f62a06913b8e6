import { redirect } from "react-router";
import { ROLE_HOME } from "#app/lib/roles.ts";
import { getAdmin } from "#app/server/staff/staff-guards.server.ts";
import type { Route } from "./+types/index";

// The admin layout's middleware has already checked the session; each role starts on its own first page.
export function loader({ context }: Route.LoaderArgs) {
  throw redirect(ROLE_HOME[getAdmin(context).role]);
}
