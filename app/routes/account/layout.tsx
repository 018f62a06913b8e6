import { Outlet } from "react-router";
import { AccountNav } from "#app/components/account/account-nav.tsx";
import { localeOf } from "#app/lib/i18n/locale.ts";
import { getCustomer, requireCustomerMiddleware } from "#app/server/customers/customer-guards.server.ts";
import { wordsFor } from "#app/server/i18n/words.server.ts";
import type { Route } from "./+types/layout";

// The customer account (issue 29, decision 16): every page below runs behind the customer's session; the
// middleware answers without one (to the sign-in page, in the page's language) and marks every answer private
// and not to be stored. The account's French words (issue 30) come with the layout, for every page below it.

export const middleware: Route.MiddlewareFunction[] = [requireCustomerMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = getCustomer(context);
  return {
    name: customer.name,
    companyName: customer.companyName,
    canInvite: customer.canInvite,
    words: wordsFor(localeOf(request), "account", "tracking"),
  };
}

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AccountNav name={loaderData.name} companyName={loaderData.companyName} />
      <div className="mx-auto max-w-6xl px-4 py-8">
        <Outlet />
      </div>
    </>
  );
}
