import { Form, Link, useNavigation } from "react-router";
import { Data, Filled, SLOT } from "#app/components/account/filled.tsx";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { FieldError, Input, Label } from "#app/components/ui/field.tsx";
import { useLocalePath, useT } from "#app/lib/i18n/use-words.ts";
import type { CodePageData, CodeReply } from "#app/server/customers/customer-sign-in-views.ts";

/** The second step of signing in: the code, or a way to ask for a new one when this browser holds none. */
export function CodePage({ data, reply }: { data: CodePageData; reply: CodeReply | undefined }) {
  const busy = useNavigation().state === "submitting";
  const t = useT();
  const to = useLocalePath();
  const { attempt, redirectTo } = data;
  const again = `${to("/account")}?${new URLSearchParams({ redirectTo })}`;
  if (!attempt || reply?.expired) {
    return (
      <section className="mx-auto flex max-w-md flex-col gap-4 px-4 py-12">
        <h1 className="text-2xl font-bold text-brand-900">{t("Enter your code")}</h1>
        <p role="alert" className="text-slate-700">
          {reply?.error ?? t("There is no code waiting in this browser: it has expired or was used.")}
        </p>
        <Link to={again} className={buttonClass({ className: "w-full sm:w-auto" })}>
          {t("Ask for a new code")}
        </Link>
      </section>
    );
  }
  const error = reply?.error;
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
