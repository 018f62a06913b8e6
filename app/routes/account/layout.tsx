import { Outlet } from "react-router";
import { AccountNav } from "#app/components/account/account-nav.tsx";
import { getCustomer, requireCustomerMiddleware } from "#app/server/customers/customer-guards.server.ts";
import type { Route } from "./+types/layout";

// The customer account (issue 29, decision 16): every page below runs behind the customer's session; the
// middleware answers without one (to the sign-in page) and marks every answer private and not to be stored.

export const middleware: Route.MiddlewareFunction[] = [requireCustomerMiddleware];

export async function loader({ context }: Route.LoaderArgs) {
  const customer = getCustomer(context);
  return { name: customer.name, companyName: customer.companyName, canInvite: customer.canInvite };
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
