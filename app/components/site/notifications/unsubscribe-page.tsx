import { Form, Link, useNavigation } from "react-router";
import { TooManyRequests } from "#app/components/site/too-many-requests.tsx";
import { useLocalePath, useT } from "#app/lib/i18n/use-words.ts";
import type { UnsubscribeData, UnsubscribeReply } from "#app/server/notifications/subscription-views.ts";

// The page of the unsubscribe link every notification carries (decision 013): what the link would stop and its
// button (opening the link stops nothing), or what the button did.

export function UnsubscribePage({
  loaderData: page,
  actionData: reply,
}: {
  loaderData: UnsubscribeData;
  actionData?: UnsubscribeReply;
}) {
  const navigation = useNavigation();
  const t = useT();
  const to = useLocalePath();
  const unsubscribed = reply?.unsubscribed === true || (page.found && page.unsubscribed);
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col justify-center gap-4 px-4 py-12">
      {"retryAfterSeconds" in page ? (
        <TooManyRequests retryAfterSeconds={page.retryAfterSeconds} />
      ) : !page.found || reply?.unsubscribed === false ? (
        <>
          <h1 className="text-2xl font-bold text-brand-900">{t("This unsubscribe link is not valid")}</h1>
          <p className="text-slate-700">
            {t(
              "It may have been mistyped, or the shipment no longer exists. No messages are sent about a shipment that no longer exists.",
            )}
          </p>
          <Link to={to("/")} className="font-medium text-brand-700 underline">
            {t("Return to Home")}
          </Link>
        </>
      ) : unsubscribed ? (
        <>
          <h1 className="text-2xl font-bold text-brand-900">{t("You are unsubscribed")}</h1>
          <p role="status" className="text-slate-700">
            <span translate="no">{page.address}</span> {t("will receive no more updates about shipment")}{" "}
            <span translate="no">{page.trackingNumber}</span>.
          </p>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold text-brand-900">
            {t("Stop updates about shipment")} <span translate="no">{page.trackingNumber}</span>?
          </h1>
          <p className="text-slate-700">
            <span translate="no">{page.address}</span>{" "}
            {t("receives a message when this shipment's status changes.")}
          </p>
          <Form method="post">
            <button
              type="submit"
              disabled={navigation.state === "submitting"}
              className="rounded-md bg-brand-700 px-5 py-2.5 font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2"
            >
              {t("Unsubscribe")}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
