import { data, Form, Link, redirect, useNavigation } from "react-router";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { FieldError, Input, Label } from "#app/components/ui/field.tsx";
import { requestContext, servicesContext } from "#app/context.ts";
import { localeOf } from "#app/lib/i18n/locale.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import { useLocalePath, useT } from "#app/lib/i18n/use-words.ts";
import { localizedSeo, translateFromMatches } from "#app/lib/seo.ts";
import { displayTrackingNumber, parseTrackingNumber, trackingPath } from "#app/lib/tracking-number.ts";
import { translatorFor, wordsFor } from "#app/server/i18n/words.server.ts";
import { confirmPhoneSubscription } from "#app/server/notifications/subscription-confirmations.server.ts";
import { requestSubscription } from "#app/server/notifications/subscription-requests.server.ts";
import { isSmsSubscriptionAvailable } from "#app/server/notifications/subscriptions.server.ts";
import { readFormData, tooManySubmissionsMessage } from "#app/server/platform/forms.server.ts";
import { limitClientLookups } from "#app/server/platform/rate-limit.server.ts";
import { getPublicShipmentByTrackingNumber } from "#app/server/shipments/tracking.server.ts";
import type { Route } from "./+types/track.$tracking-number.updates";

// 'Get updates' for one shipment (decision 014): an e-mail address (confirmed by a link) or, when SMS is on, a
// mobile number (confirmed by a 6-digit code). A page of its own, not a part of the tracking page, so the
// tracking page's script stays within its budget; it works without JavaScript (plain forms, answers rendered
// on the server). The answer is the same whether or not the address was already subscribed.

// No import of app/lib/tracking-number.ts in what the browser runs: the loader gives the paths. Another route
// sharing that module would split it out of the tracking page's chunk into one more file (budget.spec.ts).
export const meta: Route.MetaFunction = (args) => {
  const { loaderData } = args;
  const found = loaderData?.kind === "found" ? loaderData : null;
  const t = translateFromMatches(args.matches);
  return localizedSeo(args, {
    title: found ? `${t("Get updates about")} ${found.number}` : "Get updates",
    description: "Updates about a shipment by e-mail or text message.",
    path: found ? `${found.trackingPath}/updates` : "/track",
    noindex: true,
  });
};

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { db, config } = context.get(servicesContext);
  const { clientIp } = context.get(requestContext);
  const locale = localeOf(request);
  // The page's words in French (decision 030); none in English.
  const words = wordsFor(locale, "tracking");
  const number = displayTrackingNumber(params.trackingNumber);
  // Counted like a tracking lookup: this page says whether a number exists, as the tracking page does.
  const limit = await limitClientLookups({ db, config, clientIp, kind: "track" });
  if (!limit.allowed) {
    return data(
      { kind: "rate-limited" as const, number, retryAfterSeconds: limit.retryAfterSeconds, words },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const shipment = parseTrackingNumber(params.trackingNumber).ok
    ? await getPublicShipmentByTrackingNumber({ db, trackingNumber: params.trackingNumber })
    : null;
  if (!shipment) return data({ kind: "not-found" as const, number, words }, { status: 404 });
  if (params.trackingNumber !== shipment.trackingNumber) {
    return redirect(localizePath(`${trackingPath(shipment.trackingNumber)}/updates`, locale), 301);
  }
  return {
    kind: "found" as const,
    number: shipment.trackingNumber,
    // The shipment's page in this page's language ('Back to shipment', the canonical address).
    trackingPath: localizePath(trackingPath(shipment.trackingNumber), locale),
    sms: isSmsSubscriptionAvailable(config),
    words,
  };
}

export type UpdatesReply =
  | { step: "email"; error: string; value: string }
  | { step: "email-sent"; address: string }
  | { step: "phone"; error: string; value: string }
  | { step: "code"; phone: string; error?: string }
  | { step: "confirmed"; phone: string }
  | { step: "full" }
  | { step: "failed"; error: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { clientIp } = context.get(requestContext);
  const formData = await readFormData(request);
  // The page's language: its messages in it, and the subscriber's messages later (issue 30).
  const locale = localeOf(request);
  const t = translatorFor(locale);
  const field = (name: string) => {
    const value = formData?.get(name);
    return typeof value === "string" ? value.slice(0, 300) : "";
  };
  const intent = formData?.getAll("intent");
  const step = intent?.length === 1 ? intent[0] : null;
  // Every message of the answer in the page's language (a finished English message is read back through
  // its template in the catalogs).
  const reply = (body: UpdatesReply, status = 200, headers?: HeadersInit) =>
    data<UpdatesReply>("error" in body && body.error ? { ...body, error: t(body.error) } : body, {
      status,
      headers,
    });
  if (step !== "email" && step !== "phone" && step !== "code") {
    return reply({ step: "failed", error: "The form could not be read. Please try again." }, 400);
  }
  const trackingNumber = params.trackingNumber;
  const limited = (seconds: number, body: UpdatesReply) =>
    reply(body, 429, { "Retry-After": String(seconds) });
  try {
    // Each form looks the number up: counted like a tracking lookup, before it (issue 32).
    const lookups = await limitClientLookups({
      db: services.db,
      config: services.config,
      clientIp,
      kind: "track",
    });
    if (!lookups.allowed) {
      return limited(lookups.retryAfterSeconds, {
        step: "failed",
        error: `Too many lookups from your address. Please try again in ${Math.max(1, Math.ceil(lookups.retryAfterSeconds / 60))} minutes.`,
      });
    }
    if (step === "code") {
      const phone = field("phone");
      const checked = await confirmPhoneSubscription({
        ...services,
        trackingNumber,
        phone,
        code: field("code"),
        clientAddress: clientIp,
      });
      switch (checked.outcome) {
        case "confirmed":
          return reply({ step: "confirmed", phone: checked.address });
        case "full":
          return reply({ step: "full" }, 409);
        case "rate-limited":
          return limited(checked.retryAfterSeconds, {
            step: "code",
            phone,
            error: tooManySubmissionsMessage(checked.retryAfterSeconds),
          });
        case "invalid":
          return reply({ step: "code", phone, error: checked.message }, 400);
        default:
          return reply(
            {
              step: "code",
              phone,
              error:
                "That code is not right, or it no longer works (a code works for 10 minutes and 5 tries). Check the text message, or ask for a new code.",
            },
            400,
          );
      }
    }
    const typed = field(step);
    const asked = await requestSubscription({
      ...services,
      trackingNumber,
      channel: step === "email" ? "email" : "sms",
      address: typed,
      clientAddress: clientIp,
      locale,
    });
    switch (asked.outcome) {
      case "sent":
        return step === "email"
          ? reply({ step: "email-sent", address: asked.address })
          : reply({ step: "code", phone: asked.address });
      case "invalid":
        return reply({ step, error: asked.message, value: typed }, 400);
      case "rate-limited":
        return limited(asked.retryAfterSeconds, {
          step,
          error: tooManySubmissionsMessage(asked.retryAfterSeconds),
          value: typed,
        });
      case "full":
        return reply({ step: "full" }, 409);
      default:
        return reply({ step: "failed", error: "This shipment does not exist." }, 404);
    }
  } catch (error) {
    services.logger.error({ err: error }, "A subscription request failed");
    return reply({ step: "failed", error: "Something went wrong. Please try again in a moment." }, 503);
  }
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const headers = new Headers({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

const BUTTON = buttonClass({ className: "mt-3 w-full sm:w-auto" });
const NOTE = "rounded-md border border-green-200 bg-green-50 p-4 text-green-900";

export default function TrackingUpdates({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const t = useT();
  const to = useLocalePath();
  if (loaderData.kind !== "found") {
    return (
      <section className="mx-auto flex wrap-anywhere max-w-xl flex-col gap-4 px-4 py-12">
        <h1 className="text-2xl font-bold text-brand-900">{t("Get updates")}</h1>
        {loaderData.kind === "rate-limited" ? (
          <p role="alert" className="text-slate-700">
            {t("Too many lookups from your address. Please try again in {minutes} minutes.", {
              minutes: Math.max(1, Math.ceil(loaderData.retryAfterSeconds / 60)),
            })}
          </p>
        ) : (
          <p className="break-words text-slate-700">
            {t("We couldn't find a shipment with tracking number:")}{" "}
            <span translate="no" className="font-mono font-semibold">
              {loaderData.number}
            </span>
          </p>
        )}
        <Link to={to("/track")} className="font-medium text-brand-700 underline">
          {t("Track a shipment")}
        </Link>
      </section>
    );
  }
  const { number, sms } = loaderData;
  const reply = actionData;
  return (
    <section className="mx-auto flex wrap-anywhere max-w-xl flex-col gap-6 px-4 py-10">
      <div>
        <h1 className="text-2xl font-bold break-words text-brand-900">
          {t("Get updates about")} <span translate="no">{number}</span>
        </h1>
        <p className="mt-2 text-slate-700">
          {t(
            "We send a message when this shipment's status changes, with nothing in it that its tracking page does not show. Every message says how to stop them.",
          )}
        </p>
      </div>
      {reply?.step === "failed" ? (
        <p role="alert" className="text-red-700">
          {reply.error}
        </p>
      ) : null}
      {reply?.step === "email-sent" ? (
        <div role="status" className={NOTE}>
          <p className="font-semibold">{t("Check your inbox")}</p>
          <p className="break-words">
            {t("If")} <span translate="no">{reply.address}</span>{" "}
            {t(
              "can receive updates about this shipment, a link to confirm is on its way. It works for 24 hours.",
            )}
          </p>
        </div>
      ) : reply?.step === "confirmed" ? (
        <div role="status" className={NOTE}>
          <p className="font-semibold">{t("You are subscribed")}</p>
          <p>
            <span translate="no">{reply.phone}</span>{" "}
            {t(
              "will get a text message when this shipment's status changes. Reply STOP to any of them to stop.",
            )}
          </p>
        </div>
      ) : reply?.step === "full" ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-900">
          {t(
            "This shipment already has as many subscribers as we can tell. Please follow it on its tracking page.",
          )}
        </p>
      ) : reply?.step === "code" ? (
        <Form method="post" noValidate aria-labelledby="code-title" className="flex flex-col">
          <h2 id="code-title" className="text-lg font-semibold text-slate-900">
            {t("Enter the code")}
          </h2>
          <p className="mb-3 text-slate-700">
            {t("If")} <span translate="no">{reply.phone}</span>{" "}
            {t(
              "can receive updates about this shipment, we have texted it a 6-digit code. It works for 10 minutes.",
            )}
          </p>
          <input type="hidden" name="intent" value="code" />
          <input type="hidden" name="phone" value={reply.phone} />
          <Label htmlFor="code">{t("6-digit code")}</Label>
          <Input
            id="code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            aria-invalid={reply.error ? true : undefined}
            aria-describedby={reply.error ? "code-error" : undefined}
          />
          <FieldError id="code-error" errors={reply.error ? [reply.error] : null} />
          <button type="submit" className={BUTTON} disabled={busy}>
            {t("Confirm")}
          </button>
          <Link to="." className="mt-4 font-medium text-brand-700 underline">
            {t("Ask for a new code, or use another number")}
          </Link>
        </Form>
      ) : (
        <>
          <AddressForm
            kind="email"
            title={t("By e-mail")}
            label={t("E-mail address")}
            type="email"
            autoComplete="email"
            button={t("Send me a confirmation link")}
            reply={reply}
            busy={busy}
          />
          {sms ? (
            <AddressForm
              kind="phone"
              title={t("By text message (SMS)")}
              label={t("Mobile number")}
              type="tel"
              autoComplete="tel"
              hint={t(
                "Liberian numbers as you dial them (0770 123 456); others with + and the country code.",
              )}
              button={t("Text me a code")}
              reply={reply}
              busy={busy}
            />
          ) : null}
        </>
      )}
      <Link to={loaderData.trackingPath} className="font-medium wrap-anywhere text-brand-700 underline">
        {t("Back to shipment")} <span translate="no">{number}</span>
      </Link>
    </section>
  );
}

function AddressForm({
  kind,
  title,
  label,
  type,
  autoComplete,
  hint,
  button,
  reply,
  busy,
}: {
  kind: "email" | "phone";
  title: string;
  label: string;
  type: string;
  autoComplete: string;
  hint?: string;
  button: string;
  reply: UpdatesReply | undefined;
  busy: boolean;
}) {
  const error = reply?.step === kind ? reply.error : undefined;
  const described = [hint ? `${kind}-hint` : "", error ? `${kind}-error` : ""].join(" ").trim();
  return (
    <Form
      method="post"
      noValidate
      aria-labelledby={`${kind}-title`}
      className="flex flex-col rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id={`${kind}-title`} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <input type="hidden" name="intent" value={kind} />
      <Label htmlFor={kind}>{label}</Label>
      <Input
        id={kind}
        name={kind}
        type={type}
        autoComplete={autoComplete}
        required
        defaultValue={reply?.step === kind ? reply.value : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      />
      {hint ? (
        <p id={`${kind}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${kind}-error`} errors={error ? [error] : null} />
      <button type="submit" className={BUTTON} disabled={busy}>
        {button}
      </button>
    </Form>
  );
}
