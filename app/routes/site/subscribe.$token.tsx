import { data, Form, Link, useNavigation } from "react-router";
import { TooManyRequests } from "#app/components/site/too-many-requests.tsx";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { servicesContext } from "#app/context.ts";
import { localeOf } from "#app/lib/i18n/locale.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import { useLocalePath, useT, type WithWords } from "#app/lib/i18n/use-words.ts";
import { secretPageHeaders } from "#app/lib/secret-page-headers.ts";
import { translateFromMatches } from "#app/lib/seo.ts";
import { trackingPath } from "#app/lib/tracking-number.ts";
import type { RootData } from "#app/root.tsx";
import { wordsFor } from "#app/server/i18n/words.server.ts";
import {
  confirmEmailSubscription,
  findEmailSubscription,
} from "#app/server/notifications/subscription-confirmations.server.ts";
import { limitLinkOpening, tooManyRequests } from "#app/server/platform/forms.server.ts";
import type { Route } from "./+types/subscribe.$token";

// The link of a 'Get updates' confirmation e-mail (decision 014). Opening it (GET) confirms nothing: mail
// scanners open every link. The page's 'Confirm' button (a POST) does, as long as the link has not expired
// (24 hours) and the shipment has fewer than 10 confirmed subscribers.

export const meta: Route.MetaFunction = ({ matches }) => {
  const company = (matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined)
    ?.settings.companyName;
  const title = translateFromMatches(matches)("Confirm updates");
  return [
    { title: company ? `${title} | ${company}` : title },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
};

export const headers: Route.HeadersFunction = secretPageHeaders;

export type SubscribeData = (
  | { found: false }
  | { found: false; retryAfterSeconds: number }
  | { found: true; trackingNumber: string; trackingPath: string; address: string; confirmed: boolean }
) &
  WithWords;

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const locale = localeOf(request);
  // The page's words in French (decision 030); none in English.
  const words = wordsFor(locale, "tracking");
  const wait = await limitLinkOpening(context);
  if (wait !== null)
    return tooManyRequests<SubscribeData>({ found: false, retryAfterSeconds: wait, words }, wait);
  const found = await findEmailSubscription({ db, token: params.token });
  if (!found) return data<SubscribeData>({ found: false, words }, { status: 404 });
  // The path made here: app/lib/tracking-number.ts stays out of this page's script (see the updates route).
  return data<SubscribeData>({
    found: true,
    ...found,
    trackingPath: localizePath(trackingPath(found.trackingNumber), locale),
    words,
  });
}

export async function action({ params, context }: Route.ActionArgs) {
  const { db, config, logger } = context.get(servicesContext);
  const wait = await limitLinkOpening(context);
  if (wait !== null)
    return tooManyRequests({ outcome: "rate-limited" as const, retryAfterSeconds: wait }, wait);
  const outcome = await confirmEmailSubscription({ db, config, token: params.token });
  if (outcome === "invalid") return data({ outcome }, { status: 404 });
  if (outcome === "full") return data({ outcome }, { status: 409 });
  logger.info("A public subscriber confirmed by e-mail");
  return { outcome };
}

export default function SubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const t = useT();
  const to = useLocalePath();
  const outcome = actionData?.outcome;
  const back = loaderData.found ? (
    <Link to={loaderData.trackingPath} className="font-medium wrap-anywhere text-brand-700 underline">
      {t("Track shipment")} <span translate="no">{loaderData.trackingNumber}</span>
    </Link>
  ) : null;
  return (
    <section className="mx-auto flex wrap-anywhere min-h-[50vh] max-w-xl flex-col justify-center gap-4 px-4 py-12">
      {"retryAfterSeconds" in loaderData || actionData?.outcome === "rate-limited" ? (
        <TooManyRequests
          retryAfterSeconds={
            actionData && "retryAfterSeconds" in actionData
              ? actionData.retryAfterSeconds
              : "retryAfterSeconds" in loaderData
                ? loaderData.retryAfterSeconds
                : 60
          }
        />
      ) : !loaderData.found || outcome === "invalid" ? (
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
            <span translate="no">{loaderData.address}</span>{" "}
            {t("was not added. Please follow it on its tracking page.")}
          </p>
          {back}
        </>
      ) : outcome === "confirmed" || loaderData.confirmed ? (
        <>
          <h1 className="text-2xl font-bold text-brand-900">{t("You are subscribed")}</h1>
          <p role="status" className="text-slate-700">
            <span translate="no">{loaderData.address}</span>{" "}
            {t("will receive a message when the status of shipment")}{" "}
            <span translate="no">{loaderData.trackingNumber}</span>{" "}
            {t("changes. Each message has a link to unsubscribe.")}
          </p>
          {back}
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold text-brand-900">
            {t("Get updates about shipment")} <span translate="no">{loaderData.trackingNumber}</span>?
          </h1>
          <p className="text-slate-700">
            <span translate="no">{loaderData.address}</span>{" "}
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
