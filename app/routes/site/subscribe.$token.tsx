import { data, Form, Link, useNavigation } from "react-router";
import { TooManyRequests } from "#app/components/site/too-many-requests.tsx";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { servicesContext } from "#app/context.ts";
import { secretPageHeaders } from "#app/lib/secret-page-headers.ts";
import { trackingPath } from "#app/lib/tracking-number.ts";
import type { RootData } from "#app/root.tsx";
import {
  confirmEmailSubscription,
  findEmailSubscription,
} from "#app/server/notifications/subscriptions.server.ts";
import { limitLinkOpening, tooManyRequests } from "#app/server/platform/forms.server.ts";
import type { Route } from "./+types/subscribe.$token";

// The link of a 'Get updates' confirmation e-mail (decision 014). Opening it (GET) confirms nothing: mail
// scanners open every link. The page's 'Confirm' button (a POST) does, as long as the link has not expired
// (24 hours) and the shipment has fewer than 10 confirmed subscribers.

export const meta: Route.MetaFunction = ({ matches }) => {
  const company = (matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined)
    ?.settings.companyName;
  return [
    { title: company ? `Confirm updates | ${company}` : "Confirm updates" },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
};

export const headers: Route.HeadersFunction = secretPageHeaders;

export type SubscribeData =
  | { found: false }
  | { found: false; retryAfterSeconds: number }
  | { found: true; trackingNumber: string; trackingPath: string; address: string; confirmed: boolean };

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const wait = await limitLinkOpening(context);
  if (wait !== null) return tooManyRequests<SubscribeData>({ found: false, retryAfterSeconds: wait }, wait);
  const found = await findEmailSubscription({ db, token: params.token });
  if (!found) return data<SubscribeData>({ found: false }, { status: 404 });
  // The path made here: app/lib/tracking-number.ts stays out of this page's script (see the updates route).
  return data<SubscribeData>({ found: true, ...found, trackingPath: trackingPath(found.trackingNumber) });
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
  const outcome = actionData?.outcome;
  const back = loaderData.found ? (
    <Link to={loaderData.trackingPath} className="font-medium wrap-anywhere text-brand-700 underline">
      Track shipment {loaderData.trackingNumber}
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
          <h1 className="text-2xl font-bold text-brand-900">This confirmation link is not valid</h1>
          <p className="text-slate-700">
            It may have expired (a link works for 24 hours) or been mistyped. You can ask for a new one with
            'Get updates' on the shipment's tracking page.
          </p>
          <Link to="/track" className="font-medium text-brand-700 underline">
            Track a shipment
          </Link>
        </>
      ) : outcome === "full" ? (
        <>
          <h1 className="text-2xl font-bold text-brand-900">This shipment has enough subscribers</h1>
          <p role="status" className="text-slate-700">
            It already has as many subscribers as we can tell, so {loaderData.address} was not added. Please
            follow it on its tracking page.
          </p>
          {back}
        </>
      ) : outcome === "confirmed" || loaderData.confirmed ? (
        <>
          <h1 className="text-2xl font-bold text-brand-900">You are subscribed</h1>
          <p role="status" className="text-slate-700">
            {loaderData.address} will receive a message when the status of shipment{" "}
            {loaderData.trackingNumber} changes. Each message has a link to unsubscribe.
          </p>
          {back}
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold text-brand-900">
            Get updates about shipment {loaderData.trackingNumber}?
          </h1>
          <p className="text-slate-700">
            {loaderData.address} will receive a message when this shipment's status changes.
          </p>
          <Form method="post">
            <button type="submit" disabled={navigation.state === "submitting"} className={buttonClass()}>
              Confirm
            </button>
          </Form>
          {back}
        </>
      )}
    </section>
  );
}
