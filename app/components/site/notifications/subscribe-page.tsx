import { Form, Link, useNavigation } from "react-router";
import { TooManyRequests } from "#app/components/site/too-many-requests.tsx";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { useLocalePath, useT } from "#app/lib/i18n/use-words.ts";
import type { SubscribeData, SubscribeReply } from "#app/server/notifications/subscription-views.ts";

// The page of a 'Get updates' confirmation link (decision 014): what the link would confirm and its 'Confirm'
// button (opening the link confirms nothing), or what the button did.

export function SubscribePage({
  loaderData: page,
  actionData: reply,
}: {
  loaderData: SubscribeData;
  actionData?: SubscribeReply;
}) {
  const navigation = useNavigation();
  const t = useT();
  const to = useLocalePath();
  const outcome = reply?.outcome;
  const back = page.found ? (
    <Link to={page.trackingPath} className="font-medium wrap-anywhere text-brand-700 underline">
      {t("Track shipment")} <span translate="no">{page.trackingNumber}</span>
    </Link>
  ) : null;
  return (
    <section className="mx-auto flex wrap-anywhere min-h-[50vh] max-w-xl flex-col justify-center gap-4 px-4 py-12">
      {"retryAfterSeconds" in page || reply?.outcome === "rate-limited" ? (
        <TooManyRequests
          retryAfterSeconds={
            reply && "retryAfterSeconds" in reply
              ? reply.retryAfterSeconds
              : "retryAfterSeconds" in page
                ? page.retryAfterSeconds
                : 60
          }
        />
      ) : !page.found || outcome === "invalid" ? (
        <>
          <h1 className="text-2xl font-bold text-brand-900">{t("This confirmation link is not valid")}</h1>
          <p className="text-slate-700">
            {t(
              "It may have expired (a link works for 24 hours) or been mistyped. You can ask for a new one with 'Get updates' on the shipment's tracking page.",
            )}
          </p>
          <Link to={to("/track")} className="font-medium text-brand-700 underline">
            {t("Track a shipment")}
          </Link>
        </>
      ) : outcome === "full" ? (
        <>
          <h1 className="text-2xl font-bold text-brand-900">{t("This shipment has enough subscribers")}</h1>
          <p role="status" className="text-slate-700">
            {t("It already has as many subscribers as we can tell, so")}{" "}
            <span translate="no">{page.address}</span>{" "}
            {t("was not added. Please follow it on its tracking page.")}
          </p>
          {back}
        </>
      ) : outcome === "confirmed" || page.confirmed ? (
        <>
          <h1 className="text-2xl font-bold text-brand-900">{t("You are subscribed")}</h1>
          <p role="status" className="text-slate-700">
            <span translate="no">{page.address}</span>{" "}
            {t("will receive a message when the status of shipment")}{" "}
            <span translate="no">{page.trackingNumber}</span>{" "}
            {t("changes. Each message has a link to unsubscribe.")}
          </p>
          {back}
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold text-brand-900">
            {t("Get updates about shipment")} <span translate="no">{page.trackingNumber}</span>?
          </h1>
          <p className="text-slate-700">
            <span translate="no">{page.address}</span>{" "}
            {t("will receive a message when this shipment's status changes.")}
          </p>
          <Form method="post">
            <button type="submit" disabled={navigation.state === "submitting"} className={buttonClass()}>
              {t("Confirm")}
            </button>
          </Form>
          {back}
        </>
      )}
    </section>
  );
}
