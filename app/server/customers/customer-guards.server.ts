// The customer account's guard (decision 016): every page under /account/… runs behind
// requireCustomerMiddleware, and every account action and resource route calls requireCustomer itself.
import { createContext, type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { servicesContext } from "#app/context.ts";
import { type Locale, localeOf } from "#app/lib/i18n/locale.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import { LANGUAGE_COOKIE } from "#app/lib/i18n/remember-language.ts";
import { requestedPath } from "#app/lib/request-path.ts";
import {
  type CustomerUser,
  clearCustomerSessionCookie,
  getCustomerSessionUser,
  readCustomerSessionToken,
} from "#app/server/customers/customer-sessions.server.ts";

export type { CustomerUser } from "#app/server/customers/customer-sessions.server.ts";

type Ctx = Readonly<RouterContextProvider>;

/** The signed-in customer, set by the account layout's middleware for every route below it. */
export const customerContext = createContext<CustomerUser>();

export const ACCOUNT_SIGN_IN_PATH = "/account";
export const ACCOUNT_HOME_PATH = "/account/shipments";

/** The signed-in customer and their session token, or null. */
export async function getCustomerSession({
  request,
  context,
}: {
  request: Request;
  context: Ctx;
}): Promise<{ user: CustomerUser; token: string } | null> {
  const { db, config } = context.get(servicesContext);
  const token = readCustomerSessionToken(request, config);
  if (!token) return null;
  const user = await getCustomerSessionUser({ db, config, token });
  return user ? { user, token } : null;
}

/**
 * Only paths of the account itself, in either language (/account/…, /fr/compte/…), may be returned to after
 * signing in (never another site).
 */
export function safeAccountRedirect(value: unknown): string {
  if (typeof value !== "string") return ACCOUNT_HOME_PATH;
  return /^\/(?:account|fr\/compte)\/[A-Za-z0-9/_.?=&%-]*$/.test(value) && !/\/\/|\.\.|%2e|%2f/i.test(value)
    ? value
    : ACCOUNT_HOME_PATH;
}

/** The language this browser chose itself with the site's switch or offer (the `lang` cookie), if any. */
function chosenLanguage(request: Request): Locale | null {
  const match = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=(en|fr)(?:;|$)`).exec(
    request.headers.get("cookie") ?? "",
  );
  return match ? (match[1] as Locale) : null;
}

/**
 * Where a member lands after signing in (decision 030): the account page asked for (or the shipments), in the
 * member's own language (customer_members.language, set in their preferences), unless this browser chose the
 * sign-in page's language itself with the site's language switch or offer: a choice made on this device, now,
 * beats the saved one.
 */
export function landingPath({
  request,
  redirectTo,
  language,
}: {
  request: Request;
  redirectTo: string;
  language: Locale;
}): string {
  const page = localeOf(request);
  return localizePath(safeAccountRedirect(redirectTo), chosenLanguage(request) === page ? page : language);
}

/** The sign-in page in the request's language, remembering an account page to return to. */
export function signInPath(request: Request, redirectTo?: string): string {
  const path = localizePath(ACCOUNT_SIGN_IN_PATH, localeOf(request));
  return redirectTo ? `${path}?${new URLSearchParams({ redirectTo })}` : path;
}

/**
 * The signed-in customer, or a thrown redirect to the sign-in page that remembers the page asked for. A staff
 * session opens nothing here: only the customer cookie counts.
 */
export async function requireCustomer({
  request,
  context,
}: {
  request: Request;
  context: Ctx;
}): Promise<CustomerUser> {
  const session = await getCustomerSession({ request, context });
  if (session) return session.user;
  const { config } = context.get(servicesContext);
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (readCustomerSessionToken(request, config))
    headers.append("Set-Cookie", clearCustomerSessionCookie(config));
  const redirectTo = safeAccountRedirect(requestedPath(request));
  throw redirect(signInPath(request, redirectTo), { headers });
}

/** The signed-in customer as set by the account layout's middleware (loaders below the layout). */
export function getCustomer(context: Ctx): CustomerUser {
  return context.get(customerContext);
}

/** The account layout's guard: no session, no account page; and no account page is ever stored by a cache. */
export const requireCustomerMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const user = await requireCustomer({ request, context });
  context.set(customerContext, user);
  const response = await next();
  response.headers.set("Cache-Control", "private, no-store");
  return response;
};

/** A 404 for anything not the customer's: another company's ids look exactly like ids that do not exist. */
export function notFound(): never {
  throw new Response("Not Found", { status: 404, headers: { "Cache-Control": "private, no-store" } });
}
