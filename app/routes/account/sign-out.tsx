import { signOutAction, signOutPageRedirect } from "#app/server/customers/customer-sign-in-pages.server.ts";
import type { Route } from "./+types/sign-out";

// Signing out of the customer account: a POST (the layout's button); a GET only goes back to the account.

export function loader({ request }: Route.LoaderArgs) {
  return signOutPageRedirect({ request });
}

export function action({ request, context }: Route.ActionArgs) {
  return signOutAction({ request, context });
}
