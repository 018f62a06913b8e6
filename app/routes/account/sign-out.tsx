import { redirect } from "react-router";
import { requestContext, servicesContext } from "#app/context.ts";
import { localeOf } from "#app/lib/i18n/locale.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import { recordCustomerAuditEvent } from "#app/server/audit/audit.server.ts";
import { getCustomerSession } from "#app/server/customers/customer-guards.server.ts";
import {
  clearCustomerSessionCookie,
  deleteCustomerSession,
} from "#app/server/customers/customer-sessions.server.ts";
import type { Route } from "./+types/sign-out";

// Signing out of the customer account: a POST (the layout's button); a GET only goes back to the account.

export async function loader({ request }: Route.LoaderArgs) {
  return redirect(localizePath("/account", localeOf(request)));
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, config } = context.get(servicesContext);
  const { clientIp } = context.get(requestContext);
  const session = await getCustomerSession({ request, context });
  if (session) {
    await db.transaction(async (tx) => {
      await deleteCustomerSession({ db: tx, token: session.token });
      await recordCustomerAuditEvent({
        db: tx,
        action: "customer_sign_out",
        member: session.user,
        clientAddress: clientIp,
      });
    });
  }
  return redirect(localizePath("/account", localeOf(request)), {
    headers: { "Set-Cookie": clearCustomerSessionCookie(config), "Cache-Control": "no-store" },
  });
}
