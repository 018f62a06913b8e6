// The loaders and actions of the customer account's doors: /account asks for a code, /account/code
// checks it, the code e-mail's link signs in with a button, and /account/sign-out. No password. The answer to a
// request for a code is the same whether or not the address has an account.
import { data, type RouterContextProvider, redirect } from "react-router";
import { requestContext, servicesContext } from "#app/context.ts";
import { localeOf } from "#app/lib/i18n/locale.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import { recordCustomerAuditEvent } from "#app/server/audit/audit.server.ts";
import { codesPausedMessage, findOneTimeLink } from "#app/server/auth/one-time-codes.server.ts";
import {
  ACCOUNT_HOME_PATH,
  getCustomerSession,
  landingPath,
  safeAccountRedirect,
} from "#app/server/customers/customer-guards.server.ts";
import {
  clearCustomerSessionCookie,
  deleteCustomerSession,
} from "#app/server/customers/customer-sessions.server.ts";
import {
  attemptCookie,
  clearAttemptCookie,
  findSignInAttempt,
  isPhoneSignInAvailable,
  readAttemptToken,
  requestCustomerCode,
  signInWithLink,
  verifyCustomerCode,
} from "#app/server/customers/customer-sign-in.server.ts";
import type {
  CodePageData,
  CodeReply,
  SignInLinkReply,
  SignInPageData,
  SignInReply,
} from "#app/server/customers/customer-sign-in-views.ts";
import { translatorFor, wordsFor } from "#app/server/i18n/words.server.ts";
import {
  limitLinkOpening,
  readFormData,
  tooManyRequests,
  tooManySubmissionsMessage,
} from "#app/server/platform/forms.server.ts";

type Ctx = Readonly<RouterContextProvider>;
type PageArgs = { request: Request; context: Ctx };

/** The headers of /account and /account/code: never stored nor indexed; a refusal's Retry-After is kept. */
export function signInPageHeaders({ actionHeaders }: { actionHeaders: Headers }): Headers {
  const headers = new Headers({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

/** /account: the form, or straight to the account for a customer already signed in. */
export async function loadSignInPage({ request, context }: PageArgs): Promise<SignInPageData> {
  const { config } = context.get(servicesContext);
  const redirectTo = safeAccountRedirect(new URL(request.url).searchParams.get("redirectTo"));
  const session = await getCustomerSession({ request, context });
  if (session) {
    throw redirect(landingPath({ request, redirectTo, language: session.user.language }), {
      headers: { "Cache-Control": "no-store" },
    });
  }
  return { phone: isPhoneSignInAvailable(config), redirectTo, words: wordsFor(localeOf(request), "account") };
}

/** Sends a code to the typed address, then the code page; this browser holds the attempt in a cookie. */
export async function signInPageAction({ request, context }: PageArgs) {
  const services = context.get(servicesContext);
  const { clientIp } = context.get(requestContext);
  const formData = await readFormData(request);
  const typed = formData?.get("address");
  const value = typeof typed === "string" ? typed.slice(0, 300) : "";
  const redirectTo = safeAccountRedirect(formData?.get("redirectTo"));
  const locale = localeOf(request);
  const t = translatorFor(locale);
  const asked = await requestCustomerCode({
    ...services,
    settings: await services.siteSettings.get(),
    typed: value,
    clientAddress: clientIp,
    locale,
  });
  if (asked.ok) {
    return redirect(`${localizePath("/account/code", locale)}?${new URLSearchParams({ redirectTo })}`, {
      headers: {
        "Set-Cookie": attemptCookie(services.config, asked.attemptToken),
        "Cache-Control": "no-store",
      },
    });
  }
  if ("retryAfterSeconds" in asked) {
    return data<SignInReply>(
      { error: t(tooManySubmissionsMessage(asked.retryAfterSeconds)), value },
      { status: 429, headers: { "Retry-After": String(asked.retryAfterSeconds) } },
    );
  }
  return data<SignInReply>({ error: t(asked.message), value }, { status: 400 });
}

/** /account/code: the attempt this browser holds, if any still works. */
export async function loadCodePage({ request, context }: PageArgs): Promise<CodePageData> {
  const { db, config } = context.get(servicesContext);
  const redirectTo = safeAccountRedirect(new URL(request.url).searchParams.get("redirectTo"));
  const token = readAttemptToken(request, config);
  const attempt = token ? await findSignInAttempt({ db, attemptToken: token }) : null;
  return { attempt, redirectTo, words: wordsFor(localeOf(request), "account") };
}

/** The 6-digit (or 8-digit) code, checked against the attempt this browser holds. */
export async function codePageAction({ request, context }: PageArgs) {
  const { db, config } = context.get(servicesContext);
  const { clientIp } = context.get(requestContext);
  const formData = await readFormData(request);
  const code = formData?.get("code");
  const redirectTo = safeAccountRedirect(formData?.get("redirectTo"));
  const locale = localeOf(request);
  const t = translatorFor(locale);
  const result = await verifyCustomerCode({
    db,
    config,
    attemptToken: readAttemptToken(request, config),
    code: typeof code === "string" ? code.slice(0, 20) : "",
    clientAddress: clientIp,
    userAgent: request.headers.get("user-agent"),
    locale,
  });
  switch (result.outcome) {
    case "signed-in": {
      const headers = new Headers({ "Cache-Control": "no-store" });
      headers.append("Set-Cookie", result.cookie);
      headers.append("Set-Cookie", clearAttemptCookie(config));
      return redirect(landingPath({ request, redirectTo, language: result.language }), { headers });
    }
    case "rate-limited":
    case "paused":
      return data<CodeReply>(
        {
          error: t(
            result.outcome === "paused"
              ? codesPausedMessage(result.retryAfterSeconds)
              : tooManySubmissionsMessage(result.retryAfterSeconds),
          ),
        },
        { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
      );
    case "expired":
      return data<CodeReply>({ error: t(result.message), expired: true }, { status: 400 });
    default:
      return data<CodeReply>({ error: t(result.message) }, { status: 400 });
  }
}

const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The code e-mail's sign-in link. Opening it signs nobody in: mail scanners open links before people do. The
 * page's button does, once.
 */
export async function loadSignInLinkPage({ request, context, token }: PageArgs & { token: string }) {
  const { db } = context.get(servicesContext);
  const words = wordsFor(localeOf(request), "account");
  const retryAfter = await limitLinkOpening(context);
  if (retryAfter !== null) return tooManyRequests({ works: false, retryAfter, words }, retryAfter);
  const works = LINK_TOKEN.test(token)
    ? !!(await findOneTimeLink({ db, purpose: "customer_sign_in", linkToken: token }))
    : false;
  return data({ works, retryAfter: null as number | null, words }, { status: works ? 200 : 404 });
}

/** The link page's button: signs in on this device, then the account in the member's language. */
export async function signInLinkPageAction({ request, context, token }: PageArgs & { token: string }) {
  const { db, config } = context.get(servicesContext);
  const { clientIp } = context.get(requestContext);
  const retryAfter = await limitLinkOpening(context);
  if (retryAfter !== null) return tooManyRequests<SignInLinkReply>({ failed: true }, retryAfter);
  const signedIn = LINK_TOKEN.test(token)
    ? await signInWithLink({
        db,
        config,
        linkToken: token,
        clientAddress: clientIp,
        userAgent: request.headers.get("user-agent"),
        locale: localeOf(request),
      })
    : null;
  if (!signedIn) return data<SignInLinkReply>({ failed: true }, { status: 404 });
  return redirect(landingPath({ request, redirectTo: ACCOUNT_HOME_PATH, language: signedIn.language }), {
    headers: { "Set-Cookie": signedIn.cookie, "Cache-Control": "no-store" },
  });
}

/** /account/sign-out by GET only goes back to the account: signing out is a POST (the layout's button). */
export function signOutPageRedirect({ request }: { request: Request }) {
  return redirect(localizePath("/account", localeOf(request)));
}

/** Ends this browser's session (and records it), then the sign-in page. */
export async function signOutAction({ request, context }: PageArgs) {
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
