import { data, Form, redirect, useNavigation } from "react-router";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { FieldError, Input, Label } from "#app/components/ui/field.tsx";
import { requestContext, servicesContext } from "#app/context.ts";
import { localeOf } from "#app/lib/i18n/locale.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import { useT } from "#app/lib/i18n/use-words.ts";
import { localizedSeo } from "#app/lib/seo.ts";
import {
  getCustomerSession,
  landingPath,
  safeAccountRedirect,
} from "#app/server/customers/customer-guards.server.ts";
import {
  attemptCookie,
  isPhoneSignInAvailable,
  requestCustomerCode,
} from "#app/server/customers/customer-sign-in.server.ts";
import { translatorFor, wordsFor } from "#app/server/i18n/words.server.ts";
import { readFormData, tooManySubmissionsMessage } from "#app/server/platform/forms.server.ts";
import type { Route } from "./+types/sign-in";

// The customer account's door (issue 29): an e-mail address or, when SMS is on, a mobile number, and a code
// sent to it. No password. The answer is the same whether or not the address has an account.

export const meta: Route.MetaFunction = (args) =>
  localizedSeo(args, {
    title: "Sign in to your account",
    description: "Your shipments, documents, quotes and invoices in one place.",
    path: "/account",
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
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

type Reply = { error: string; value: string };

export async function action({ request, context }: Route.ActionArgs) {
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
    return data<Reply>(
      { error: t(tooManySubmissionsMessage(asked.retryAfterSeconds)), value },
      { status: 429, headers: { "Retry-After": String(asked.retryAfterSeconds) } },
    );
  }
  return data<Reply>({ error: t(asked.message), value }, { status: 400 });
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export default function AccountSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const t = useT();
  const { phone, redirectTo } = loaderData;
  const error = actionData?.error;
  const label = phone ? t("E-mail address or mobile number") : t("E-mail address");
  return (
    <section className="mx-auto flex max-w-md flex-col gap-6 px-4 py-12">
      <div>
        <h1 className="text-2xl font-bold text-brand-900">{t("Your account")}</h1>
        <p className="mt-2 text-slate-700">
          {t(
            "Your shipments, documents, quotes and invoices in one place. We send you a code to sign in: no password to remember.",
          )}
        </p>
      </div>
      <Form
        method="post"
        noValidate
        className="flex flex-col rounded-lg border border-slate-200 bg-white p-4"
      >
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Label htmlFor="address">{label}</Label>
        <Input
          id="address"
          name="address"
          type={phone ? "text" : "email"}
          inputMode={phone ? undefined : "email"}
          autoComplete={phone ? "username" : "email"}
          required
          defaultValue={actionData?.value}
          aria-invalid={error ? true : undefined}
          aria-describedby={
            [phone ? "address-hint" : "", error ? "address-error" : ""].join(" ").trim() || undefined
          }
        />
        {phone ? (
          <p id="address-hint" className="mt-1 text-xs text-slate-600">
            {t("A mobile number as you dial it (0770 123 456), or with + and the country code.")}
          </p>
        ) : null}
        <FieldError id="address-error" errors={error ? [error] : null} />
        <button type="submit" className={buttonClass({ className: "mt-4 w-full" })} disabled={busy}>
          {t("Send me a code")}
        </button>
      </Form>
      <p className="text-sm text-slate-600">
        {t(
          "Your account is opened by our team, or by the e-mail address or phone number we have on file for your company. Ask us if yours is not recognised.",
        )}
      </p>
    </section>
  );
}
