import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Data, Filled, SLOT } from "#app/components/account/filled.tsx";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { FieldError, Input, Label } from "#app/components/ui/field.tsx";
import { requestContext, servicesContext } from "#app/context.ts";
import { localeOf } from "#app/lib/i18n/locale.ts";
import { useLocalePath, useT } from "#app/lib/i18n/use-words.ts";
import { localizedSeo } from "#app/lib/seo.ts";
import { codesPausedMessage } from "#app/server/auth/one-time-codes.server.ts";
import { landingPath, safeAccountRedirect } from "#app/server/customers/customer-guards.server.ts";
import {
  clearAttemptCookie,
  findSignInAttempt,
  readAttemptToken,
  verifyCustomerCode,
} from "#app/server/customers/customer-sign-in.server.ts";
import { translatorFor, wordsFor } from "#app/server/i18n/words.server.ts";
import { readFormData, tooManySubmissionsMessage } from "#app/server/platform/forms.server.ts";
import type { Route } from "./+types/code";

// The second step of signing in: the 6-digit (or 8-digit) code, checked against the attempt this browser holds.

export const meta: Route.MetaFunction = (args) =>
  localizedSeo(args, {
    title: "Enter your code",
    description: "Sign in to your account.",
    path: "/account/code",
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = context.get(servicesContext);
  const redirectTo = safeAccountRedirect(new URL(request.url).searchParams.get("redirectTo"));
  const token = readAttemptToken(request, config);
  const attempt = token ? await findSignInAttempt({ db, attemptToken: token }) : null;
  return { attempt, redirectTo, words: wordsFor(localeOf(request), "account") };
}

type Reply = { error: string; expired?: boolean };

export async function action({ request, context }: Route.ActionArgs) {
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
      return data<Reply>(
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
      return data<Reply>({ error: t(result.message), expired: true }, { status: 400 });
    default:
      return data<Reply>({ error: t(result.message) }, { status: 400 });
  }
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export default function AccountCode({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const t = useT();
  const to = useLocalePath();
  const { attempt, redirectTo } = loaderData;
  const again = `${to("/account")}?${new URLSearchParams({ redirectTo })}`;
  if (!attempt || actionData?.expired) {
    return (
      <section className="mx-auto flex max-w-md flex-col gap-4 px-4 py-12">
        <h1 className="text-2xl font-bold text-brand-900">{t("Enter your code")}</h1>
        <p role="alert" className="text-slate-700">
          {actionData?.error ?? t("There is no code waiting in this browser: it has expired or was used.")}
        </p>
        <Link to={again} className={buttonClass({ className: "w-full sm:w-auto" })}>
          {t("Ask for a new code")}
        </Link>
      </section>
    );
  }
  const error = actionData?.error;
  // 8 digits once the site has seen many wrong codes (decision 029).
  const long = attempt.digits === 8;
  return (
    <section className="mx-auto flex max-w-md flex-col gap-6 px-4 py-12">
      <div>
        <h1 className="text-2xl font-bold text-brand-900">{t("Enter your code")}</h1>
        <p className="mt-2 break-words text-slate-700">
          <Filled
            text={
              attempt.channel === "email"
                ? long
                  ? t(
                      "If {address} belongs to a customer account, we have e-mailed it an 8-digit code. It works for 10 minutes.",
                      { address: SLOT },
                    )
                  : t(
                      "If {address} belongs to a customer account, we have e-mailed it a 6-digit code. It works for 10 minutes.",
                      { address: SLOT },
                    )
                : long
                  ? t(
                      "If {address} belongs to a customer account, we have texted it an 8-digit code. It works for 10 minutes.",
                      { address: SLOT },
                    )
                  : t(
                      "If {address} belongs to a customer account, we have texted it a 6-digit code. It works for 10 minutes.",
                      { address: SLOT },
                    )
            }
            value={<Data>{attempt.sentTo}</Data>}
          />
        </p>
      </div>
      <Form
        method="post"
        noValidate
        className="flex flex-col rounded-lg border border-slate-200 bg-white p-4"
      >
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Label htmlFor="code">{long ? t("8-digit code") : t("6-digit code")}</Label>
        <Input
          id="code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={long ? 9 : 7}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "code-error" : undefined}
        />
        <FieldError id="code-error" errors={error ? [error] : null} />
        <button type="submit" className={buttonClass({ className: "mt-4 w-full" })} disabled={busy}>
          {t("Sign in")}
        </button>
      </Form>
      <Link to={again} className="font-medium text-brand-700 underline">
        {t("Ask for a new code, or use another address")}
      </Link>
    </section>
  );
}
