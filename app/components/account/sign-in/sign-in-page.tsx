import { Form, useNavigation } from "react-router";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { FieldError, Input, Label } from "#app/components/ui/field.tsx";
import { useT } from "#app/lib/i18n/use-words.ts";
import type { SignInPageData, SignInReply } from "#app/server/customers/customer-sign-in-views.ts";

/** The customer account's door: an e-mail address or, when SMS is on, a mobile number; a code is sent to it. */
export function SignInPage({ data, reply }: { data: SignInPageData; reply: SignInReply | undefined }) {
  const busy = useNavigation().state === "submitting";
  const t = useT();
  const { phone, redirectTo } = data;
  const error = reply?.error;
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
          defaultValue={reply?.value}
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
