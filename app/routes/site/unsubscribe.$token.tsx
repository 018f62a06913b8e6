import { data, Form, Link, useNavigation } from "react-router";
import { TooManyRequests } from "#app/components/site/too-many-requests.tsx";
import { servicesContext } from "#app/context.ts";
import { localeOf } from "#app/lib/i18n/locale.ts";
import { useLocalePath, useT, type WithWords } from "#app/lib/i18n/use-words.ts";
import { secretPageHeaders } from "#app/lib/secret-page-headers.ts";
import { translateFromMatches } from "#app/lib/seo.ts";
import type { RootData } from "#app/root.tsx";
import { wordsFor } from "#app/server/i18n/words.server.ts";
import { findUnsubscribe, unsubscribeByToken } from "#app/server/notifications/unsubscribe-links.server.ts";
import { limitLinkOpening, tooManyRequests } from "#app/server/platform/forms.server.ts";
import type { Route } from "./+types/unsubscribe.$token";

// The link every notification carries (decision 013). Opening it (GET) never unsubscribes: mail scanners open
// every link. A POST does: the page's button, or the mail client's one-click POST (RFC 8058:
// `List-Unsubscribe=One-Click`), which the write guard lets through from any origin on this path. Opening the
// page is rate limited per client; the POST is not: a mail service sends every one-click unsubscribe of its
// users from a few addresses, and the 256-bit token cannot be guessed.

export const meta: Route.MetaFunction = ({ matches }) => {
  const company = (matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined)
    ?.settings.companyName;
  const title = translateFromMatches(matches)("Unsubscribe");
  return [
    { title: company ? `${title} | ${company}` : title },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
};

export const headers: Route.HeadersFunction = secretPageHeaders;

export type UnsubscribeData = (
  | { found: false }
  | { found: false; retryAfterSeconds: number }
  | { found: true; trackingNumber: string; address: string; unsubscribed: boolean }
) &
  WithWords;

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  // The page's words in French (decision 030); none in English.
  const words = wordsFor(localeOf(request), "tracking");
  const wait = await limitLinkOpening(context);
  if (wait !== null)
    return tooManyRequests<UnsubscribeData>({ found: false, retryAfterSeconds: wait, words }, wait);
  const found = await findUnsubscribe({ db, token: params.token });
  if (!found) return data<UnsubscribeData>({ found: false, words }, { status: 404 });
  return data<UnsubscribeData>({ found: true, ...found, words });
}

export async function action({ params, context }: Route.ActionArgs) {
  const { db, logger } = context.get(servicesContext);
  const done = await unsubscribeByToken({ db, token: params.token });
  if (!done) return data({ unsubscribed: false }, { status: 404 });
  logger.info("A notification recipient unsubscribed from a shipment");
  return { unsubscribed: true };
}

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const t = useT();
  const to = useLocalePath();
  const unsubscribed = actionData?.unsubscribed === true || (loaderData.found && loaderData.unsubscribed);
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col justify-center gap-4 px-4 py-12">
      {"retryAfterSeconds" in loaderData ? (
        <TooManyRequests retryAfterSeconds={loaderData.retryAfterSeconds} />
      ) : !loaderData.found || actionData?.unsubscribed === false ? (
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
            <span translate="no">{loaderData.address}</span>{" "}
            {t("will receive no more updates about shipment")}{" "}
            <span translate="no">{loaderData.trackingNumber}</span>.
          </p>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold text-brand-900">
            {t("Stop updates about shipment")} <span translate="no">{loaderData.trackingNumber}</span>?
          </h1>
          <p className="text-slate-700">
            <span translate="no">{loaderData.address}</span>{" "}
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
