// What every page of the customer account starts with: the signed-in customer, the services, the
// page's language and its translator; the page a list asks for; and the layout's loader, which brings the
// account's words (decision 030) to every page below it.
import type { RouterContextProvider } from "react-router";
import { servicesContext } from "#app/context.ts";
import { type Locale, localeOf } from "#app/lib/i18n/locale.ts";
import type { Translate } from "#app/lib/i18n/translate.ts";
import {
  type CustomerUser,
  getCustomer,
  requireCustomer,
} from "#app/server/customers/customer-guards.server.ts";
import { translatorFor, wordsFor } from "#app/server/i18n/words.server.ts";
import type { Services } from "#app/server/services.server.ts";

type Ctx = Readonly<RouterContextProvider>;

export type AccountRequest = { customer: CustomerUser; services: Services; locale: Locale; t: Translate };

/** A loader below the account layout: the customer its middleware has set. */
export function accountPageRequest({ request, context }: { request: Request; context: Ctx }): AccountRequest {
  const locale = localeOf(request);
  return {
    customer: getCustomer(context),
    services: context.get(servicesContext),
    locale,
    t: translatorFor(locale),
  };
}

/** An account action: it checks the customer's session itself (decision 029), else redirects to sign in. */
export async function accountPostRequest({
  request,
  context,
}: {
  request: Request;
  context: Ctx;
}): Promise<AccountRequest> {
  const customer = await requireCustomer({ request, context });
  const locale = localeOf(request);
  return { customer, services: context.get(servicesContext), locale, t: translatorFor(locale) };
}

/** The refusal of a post whose form could not be read (or named no known intent), in the page's language. */
export function unreadForm(t: Translate): string {
  return t("The form could not be read. Please try again.");
}

/** The page a list's address asks for (1 when it asks none or nonsense). */
export function listPageOf(request: Request): number {
  const page = Number.parseInt(new URL(request.url).searchParams.get("page") ?? "", 10);
  return Number.isFinite(page) && page > 0 ? Math.min(page, 100_000) : 1;
}

/** The account layout's loader: who is signed in, for the navigation, and the account's words. */
export function loadAccountLayout({ request, context }: { request: Request; context: Ctx }) {
  const customer = getCustomer(context);
  return {
    name: customer.name,
    companyName: customer.companyName,
    canInvite: customer.canInvite,
    words: wordsFor(localeOf(request), "account", "tracking"),
  };
}
