import { Form, Link, useNavigation } from "react-router";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { useLocalePath, useT } from "#app/lib/i18n/use-words.ts";
import type { SignInLinkPageData, SignInLinkReply } from "#app/server/customers/customer-sign-in-views.ts";

/** The code e-mail's link: a button that signs in on this device, or why the link no longer works. */
export function SignInLinkPage({
  data,
  reply,
}: {
  data: SignInLinkPageData;
  reply: SignInLinkReply | undefined;
}) {
  const busy = useNavigation().state === "submitting";
  const t = useT();
  const to = useLocalePath();
  const works = data.works && !reply?.failed;
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
            {data.retryAfter
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
