import { data, Form, Link, redirect, useNavigation } from "react-router";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { requestContext, servicesContext } from "#app/context.ts";
import { localeOf } from "#app/lib/i18n/locale.ts";
import { useLocalePath, useT } from "#app/lib/i18n/use-words.ts";
import { secretPageHeaders } from "#app/lib/secret-page-headers.ts";
import { localizedSeo } from "#app/lib/seo.ts";
import { findOneTimeLink } from "#app/server/auth/one-time-codes.server.ts";
import { ACCOUNT_HOME_PATH, landingPath } from "#app/server/customers/customer-guards.server.ts";
import { signInWithLink } from "#app/server/customers/customer-sign-in.server.ts";
import { wordsFor } from "#app/server/i18n/words.server.ts";
import { limitLinkOpening, tooManyRequests } from "#app/server/platform/forms.server.ts";
import type { Route } from "./+types/sign-in.$token";

// The sign-in link of the code e-mail (issue 29). Opening it signs nobody in: mail scanners open links before
// people do. The page's button does, once.

export const meta: Route.MetaFunction = (args) =>
  localizedSeo(args, {
    title: "Sign in to your account",
    description: "Sign in to your account.",
    path: "/account",
    noindex: true,
  });

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const words = wordsFor(localeOf(request), "account");
  const retryAfter = await limitLinkOpening(context);
  if (retryAfter !== null) return tooManyRequests({ works: false, retryAfter, words }, retryAfter);
  const works = TOKEN.test(params.token)
    ? !!(await findOneTimeLink({ db, purpose: "customer_sign_in", linkToken: params.token }))
    : false;
  return data({ works, retryAfter: null as number | null, words }, { status: works ? 200 : 404 });
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { db, config } = context.get(servicesContext);
  const { clientIp } = context.get(requestContext);
  const retryAfter = await limitLinkOpening(context);
  if (retryAfter !== null) return tooManyRequests({ failed: true }, retryAfter);
  const signedIn = TOKEN.test(params.token)
    ? await signInWithLink({
        db,
        config,
        linkToken: params.token,
        clientAddress: clientIp,
        userAgent: request.headers.get("user-agent"),
        locale: localeOf(request),
      })
    : null;
  if (!signedIn) return data({ failed: true }, { status: 404 });
  return redirect(landingPath({ request, redirectTo: ACCOUNT_HOME_PATH, language: signedIn.language }), {
    headers: { "Set-Cookie": signedIn.cookie, "Cache-Control": "no-store" },
  });
}

export const headers: Route.HeadersFunction = secretPageHeaders;

export default function AccountSignInLink({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const t = useT();
  const to = useLocalePath();
  const works = loaderData.works && !actionData?.failed;
  return (
    <section className="mx-auto flex max-w-md flex-col gap-4 px-4 py-12">
      <h1 className="text-2xl font-bold text-brand-900">{t("Sign in to your account")}</h1>
      {works ? (
        <Form method="post" className="flex flex-col gap-3">
          <p className="text-slate-700">{t("Press the button to sign in on this device.")}</p>
          <button type="submit" className={buttonClass({ className: "w-full sm:w-auto" })} disabled={busy}>
            {t("Sign in")}
          </button>
        </Form>
      ) : (
        <>
          <p role="alert" className="text-slate-700">
            {loaderData.retryAfter
              ? t("Too many links opened from your address. Please try again in a few minutes.")
              : t(
                  "This sign-in link no longer works: it was used, it has expired (links work for 10 minutes), or a newer code was sent.",
                )}
          </p>
          <Link to={to("/account")} className="font-medium text-brand-700 underline">
            {t("Ask for a new code")}
          </Link>
        </>
      )}
    </section>
  );
}
