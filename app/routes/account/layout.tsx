import { AccountLayout } from "#app/components/account/account-layout.tsx";
import { loadAccountLayout } from "#app/server/customers/customer-account-pages.server.ts";
import { requireCustomerMiddleware } from "#app/server/customers/customer-guards.server.ts";
import type { Route } from "./+types/layout";

// The customer account (decision 029): every page below runs behind the customer's session; the
// middleware answers without one (to the sign-in page, in the page's language) and marks every answer private
// and not to be stored. The account's French words (decision 030) come with the layout, for every page below it.

export const middleware: Route.MiddlewareFunction[] = [requireCustomerMiddleware];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadAccountLayout({ request, context });
}

export default function AccountLayoutRoute({ loaderData }: Route.ComponentProps) {
  return <AccountLayout data={loaderData} />;
}
