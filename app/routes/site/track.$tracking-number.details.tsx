import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Data, Filled, SLOT } from "#app/components/account/filled.tsx";
import { ShipmentFullDetails } from "#app/components/site/tracking/tracking-details.tsx";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { FieldError, Input, Label } from "#app/components/ui/field.tsx";
import { requestContext, servicesContext } from "#app/context.ts";
import { localeOf } from "#app/lib/i18n/locale.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import { useLocalePath, useT } from "#app/lib/i18n/use-words.ts";
import { localizedSeo, translateFromMatches } from "#app/lib/seo.ts";
import { displayTrackingNumber, parseTrackingNumber, trackingPath } from "#app/lib/tracking-number.ts";
import { codesPausedMessage } from "#app/server/auth/one-time-codes.server.ts";
import {
  detailsAttemptCookie,
  findDetailsShipment,
  findShipmentDetailsAccess,
  findShipmentDetailsAttempt,
  grantCookie,
  readDetailsAttemptToken,
  requestShipmentDetailsCode,
  verifyShipmentDetailsCode,
} from "#app/server/customers/shipment-details-access.server.ts";
import { getShipmentDetails } from "#app/server/customers/shipment-details-page.server.ts";
import type { DetailsPageData, DetailsReply } from "#app/server/customers/shipment-details-views.ts";
import { translatorFor, wordsFor } from "#app/server/i18n/words.server.ts";
import { isSmsSubscriptionAvailable } from "#app/server/notifications/subscriptions.server.ts";
import { readFormData, tooManySubmissionsMessage } from "#app/server/platform/forms.server.ts";
import { limitClientLookups } from "#app/server/platform/rate-limit.server.ts";
import type { Route } from "./+types/track.$tracking-number.details";

// 'Show full details' of one shipment (issue 29, tracking in tiers): its parties unmasked, its goods and its
// documents, for a signed-in customer of the shipment, or for 24 hours after a code sent to the e-mail or
// mobile number on file for its shipper or consignee. A page of its own, so the tracking page's script stays
// within its budget; it works without JavaScript (plain forms, answers rendered on the server). The answer to a
// contact is the same whether or not it is on file; every request counts as a tracking lookup, before it.

// No import of app/lib/tracking-number.ts in what the browser runs: the loader gives the paths (see the updates
// page: a module shared with the tracking page would split out of its chunk).
export const meta: Route.MetaFunction = (args) => {
  const { loaderData } = args;
  const found = loaderData?.kind === "details" || loaderData?.kind === "ask" ? loaderData : null;
  const t = translateFromMatches(args.matches);
  return localizedSeo(args, {
    title: found ? t("Full details of {number}", { number: found.number }) : "Full details",
    description: "A shipment's full details, for its shipper and its consignee.",
    path: found ? `${found.trackingPath}/details` : "/track",
    noindex: true,
  });
};

const lookupsMessage = (seconds: number) =>
  `Too many lookups from your address. Please try again in ${Math.max(1, Math.ceil(seconds / 60))} minutes.`;

export async function loader(args: Route.LoaderArgs) {
  const page = await loadDetailsPage(args);
  // The page's words (this page's, the details', the tracking page's), as loader data beside its answer.
  const words = wordsFor(localeOf(args.request), "account", "tracking");
  return words ? data({ ...page.data, words }, page.init ?? undefined) : page;
}

async function loadDetailsPage({ params, context, request }: Route.LoaderArgs) {
  const { db, config } = context.get(servicesContext);
  const { clientIp } = context.get(requestContext);
  const locale = localeOf(request);
  const number = displayTrackingNumber(params.trackingNumber);
  // Counted like a tracking lookup, before it: this page says whether a number exists, as the tracking page does.
  const limit = await limitClientLookups({ db, config, clientIp, kind: "track" });
  if (!limit.allowed) {
    return data<DetailsPageData>(
      { kind: "rate-limited", number, retryAfterSeconds: limit.retryAfterSeconds },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const shipment = parseTrackingNumber(params.trackingNumber).ok
    ? await findDetailsShipment({ db, trackingNumber: params.trackingNumber })
    : null;
  if (!shipment) return data<DetailsPageData>({ kind: "not-found", number }, { status: 404 });
  if (params.trackingNumber !== shipment.trackingNumber) {
    throw redirect(localizePath(`${trackingPath(shipment.trackingNumber)}/details`, locale), 301);
  }
  const path = localizePath(trackingPath(shipment.trackingNumber), locale);
  const access = await findShipmentDetailsAccess({ request, context, shipment });
  const details = access ? await getShipmentDetails({ db, shipmentId: shipment.id, locale }) : null;
  if (details) {
    return data<DetailsPageData>({
      kind: "details",
      number: shipment.trackingNumber,
      trackingPath: path,
      details,
      accountPath:
        access === "customer"
          ? localizePath(`/account/shipments/${encodeURIComponent(shipment.trackingNumber)}`, locale)
          : null,
    });
  }
  const attemptToken = readDetailsAttemptToken({ request, config, trackingNumber: shipment.trackingNumber });
  return data<DetailsPageData>({
    kind: "ask",
    number: shipment.trackingNumber,
    trackingPath: path,
    sms: isSmsSubscriptionAvailable(config),
    attempt: attemptToken
      ? await findShipmentDetailsAttempt({ db, attemptToken, shipmentId: shipment.id })
      : null,
  });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { db, config } = services;
  const { clientIp } = context.get(requestContext);
  const locale = localeOf(request);
  const t = translatorFor(locale);
  const formData = await readFormData(request);
  const intent = formData?.getAll("intent");
  const step = intent?.length === 1 ? intent[0] : null;
  const field = (name: string) => {
    const value = formData?.get(name);
    return typeof value === "string" ? value.slice(0, 300) : "";
  };
  // Every answer's message in the page's language.
  const reply = (body: DetailsReply, status = 200, headers?: HeadersInit) =>
    data<DetailsReply>({ ...body, error: t(body.error) } as DetailsReply, { status, headers });
  if (step !== "contact" && step !== "code" && step !== "restart") {
    return reply({ step: "failed", error: "The form could not be read. Please try again." }, 400);
  }
  const limited = (seconds: number, body: DetailsReply) =>
    reply(body, 429, { "Retry-After": String(seconds) });
  try {
    // Each form looks the number up: counted like a tracking lookup, before it (as 'Get updates' does).
    const lookups = await limitClientLookups({ db, config, clientIp, kind: "track" });
    if (!lookups.allowed) {
      return limited(lookups.retryAfterSeconds, {
        step: "failed",
        error: lookupsMessage(lookups.retryAfterSeconds),
      });
    }
    const shipment = parseTrackingNumber(params.trackingNumber).ok
      ? await findDetailsShipment({ db, trackingNumber: params.trackingNumber })
      : null;
    if (!shipment || shipment.trackingNumber !== params.trackingNumber) {
      return reply({ step: "failed", error: "This shipment does not exist.", status: "not-found" }, 404);
    }
    const trackingNumber = shipment.trackingNumber;
    const page = localizePath(`${trackingPath(trackingNumber)}/details`, locale);
    const goTo = (...cookies: string[]) => {
      const headers = new Headers({ "Cache-Control": "no-store" });
      for (const cookie of cookies) headers.append("Set-Cookie", cookie);
      return redirect(page, { headers });
    };
    const clearAttempt = detailsAttemptCookie({ config, trackingNumber, token: null });
    if (step === "restart") return goTo(...clearAttempt);

    if (step === "contact") {
      const typed = field("contact");
      const asked = await requestShipmentDetailsCode({
        db,
        config,
        logger: services.logger,
        shipment,
        typed,
        clientAddress: clientIp,
        locale,
      });
      if (asked.ok) {
        return goTo(...detailsAttemptCookie({ config, trackingNumber, token: asked.attemptToken }));
      }
      if ("message" in asked) return reply({ step: "contact", error: asked.message, value: typed }, 400);
      return limited(asked.retryAfterSeconds, {
        step: "contact",
        error: tooManySubmissionsMessage(asked.retryAfterSeconds),
        value: typed,
      });
    }

    const checked = await verifyShipmentDetailsCode({
      db,
      attemptToken: readDetailsAttemptToken({ request, config, trackingNumber }),
      code: field("code").slice(0, 20),
      shipmentId: shipment.id,
      clientAddress: clientIp,
    });
    switch (checked.outcome) {
      case "granted":
        return goTo(...grantCookie({ config, trackingNumber, token: checked.token }), ...clearAttempt);
      case "rate-limited":
      case "paused":
        return limited(checked.retryAfterSeconds, {
          step: "code",
          error:
            checked.outcome === "paused"
              ? codesPausedMessage(checked.retryAfterSeconds)
              : tooManySubmissionsMessage(checked.retryAfterSeconds),
        });
      case "expired":
        return reply(
          { step: "expired", error: checked.message },
          400,
          clearAttempt.map((cookie): [string, string] => ["Set-Cookie", cookie]),
        );
      default:
        return reply({ step: "code", error: checked.message }, 400);
    }
  } catch (error) {
    services.logger.error({ err: error }, "A shipment details request failed");
    return reply({ step: "failed", error: "Something went wrong. Please try again in a moment." }, 503);
  }
}

/** Full details are personal: never stored by a cache, never indexed. */
export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const headers = new Headers({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

const SECTION = "mx-auto flex wrap-anywhere max-w-xl flex-col gap-6 px-4 py-10";
const BUTTON = buttonClass({ className: "mt-4 w-full sm:w-auto" });

function NotShown({ page, reply }: { page: DetailsPageData; reply: DetailsReply | undefined }) {
  const t = useT();
  const to = useLocalePath();
  const number = "number" in page ? page.number : "";
  const rateLimited = page.kind === "rate-limited";
  return (
    <section className="mx-auto flex wrap-anywhere max-w-xl flex-col gap-4 px-4 py-12">
      <h1 className="text-2xl font-bold text-brand-900">{t("Full details")}</h1>
      {rateLimited ? (
        <p role="alert" className="text-slate-700">
          {t(lookupsMessage(page.retryAfterSeconds))}
        </p>
      ) : reply?.step === "failed" && reply.status !== "not-found" ? (
        <p role="alert" className="text-slate-700">
          {reply.error}
        </p>
      ) : (
        <p className="break-words text-slate-700">
          {t("We couldn't find a shipment with tracking number:")}{" "}
          <span className="font-mono font-semibold" translate="no">
            {number}
          </span>
        </p>
      )}
      <Link to={to("/track")} className="font-medium text-brand-700 underline">
        {t("Track a shipment")}
      </Link>
    </section>
  );
}

export default function TrackingDetails({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const t = useT();
  const to = useLocalePath();
  const page = loaderData as DetailsPageData;
  const reply = actionData as DetailsReply | undefined;
  if (
    page.kind === "rate-limited" ||
    page.kind === "not-found" ||
    (reply?.step === "failed" && reply.status === "not-found")
  ) {
    return <NotShown page={page} reply={reply} />;
  }
  const back = (
    <Link to={page.trackingPath} className="font-medium wrap-anywhere text-brand-700 underline">
      <Filled text={t("Back to shipment {number}", { number: SLOT })} value={<Data>{page.number}</Data>} />
    </Link>
  );
  if (page.kind === "details") {
    return (
      <section className="mx-auto flex wrap-anywhere max-w-3xl flex-col gap-6 px-4 py-10">
        <div>
          <h1 className="text-2xl font-bold break-words text-brand-900">
            <Filled
              text={t("Full details of {number}", { number: SLOT })}
              value={<Data>{page.number}</Data>}
            />
          </h1>
          <p className="mt-2 text-slate-700">
            {page.accountPath
              ? t("You see this shipment's full details because it is one of your company's shipments.")
              : t("This browser sees this shipment's full details for 24 hours after the code was typed.")}
          </p>
          {page.accountPath ? (
            <Link to={page.accountPath} className="mt-2 block w-fit font-medium text-brand-700 underline">
              {t("Open it in your account")}
            </Link>
          ) : null}
        </div>
        <ShipmentFullDetails details={page.details} />
        {back}
      </section>
    );
  }
  const failed = reply?.step === "failed" || reply?.step === "expired" ? reply.error : null;
  const attempt = reply?.step === "expired" ? null : page.attempt;
  // 8 digits once the site has seen many wrong codes (decision 029).
  const long = attempt?.digits === 8;
  return (
    <section className={SECTION}>
      <div>
        <h1 className="text-2xl font-bold break-words text-brand-900">
          <Filled text={t("Full details of {number}", { number: SLOT })} value={<Data>{page.number}</Data>} />
        </h1>
        <p className="mt-2 text-slate-700">
          {page.sms
            ? t(
                "The names, addresses, goods and documents of this shipment are shown to its shipper and its consignee. Type the e-mail address or mobile number we have for either of them, and we send it a code.",
              )
            : t(
                "The names, addresses, goods and documents of this shipment are shown to its shipper and its consignee. Type the e-mail address we have for either of them, and we send it a code.",
              )}
        </p>
      </div>
      {failed ? (
        <p role="alert" className="text-red-700">
          {failed}
        </p>
      ) : null}
      {attempt ? (
        <>
          <Form
            method="post"
            noValidate
            aria-labelledby="code-title"
            className="flex flex-col rounded-lg border border-slate-200 bg-white p-4"
          >
            <h2 id="code-title" className="text-lg font-semibold text-slate-900">
              {t("Enter the code")}
            </h2>
            <p className="mb-3 break-words text-slate-700">
              <Filled
                text={
                  attempt.channel === "email"
                    ? long
                      ? t(
                          "If {address} is on file for this shipment's shipper or consignee, we have e-mailed it an 8-digit code. It works for 10 minutes.",
                          { address: SLOT },
                        )
                      : t(
                          "If {address} is on file for this shipment's shipper or consignee, we have e-mailed it a 6-digit code. It works for 10 minutes.",
                          { address: SLOT },
                        )
                    : long
                      ? t(
                          "If {address} is on file for this shipment's shipper or consignee, we have texted it an 8-digit code. It works for 10 minutes.",
                          { address: SLOT },
                        )
                      : t(
                          "If {address} is on file for this shipment's shipper or consignee, we have texted it a 6-digit code. It works for 10 minutes.",
                          { address: SLOT },
                        )
                }
                value={<Data>{attempt.sentTo}</Data>}
              />
            </p>
            <input type="hidden" name="intent" value="code" />
            <Label htmlFor="code">{long ? t("8-digit code") : t("6-digit code")}</Label>
            <Input
              id="code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={long ? 9 : 7}
              required
              aria-invalid={reply?.step === "code" ? true : undefined}
              aria-describedby={reply?.step === "code" ? "code-error" : undefined}
            />
            <FieldError id="code-error" errors={reply?.step === "code" ? [reply.error] : null} />
            <button type="submit" className={BUTTON} disabled={busy}>
              {t("Confirm")}
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="restart" />
            <button type="submit" className="font-medium text-brand-700 underline" disabled={busy}>
              {t("Ask for a new code, or use another address")}
            </button>
          </Form>
        </>
      ) : (
        <ContactForm sms={page.sms} reply={reply} busy={busy} />
      )}
      <p className="text-slate-700">
        {t("Have a customer account?")}{" "}
        <Link to={to("/account")} className="font-medium text-brand-700 underline">
          {t("Sign in")}
        </Link>{" "}
        {t("to see all your shipments.")}
      </p>
      {back}
    </section>
  );
}

function ContactForm({ sms, reply, busy }: { sms: boolean; reply: DetailsReply | undefined; busy: boolean }) {
  const t = useT();
  const error = reply?.step === "contact" ? reply.error : undefined;
  const described = [sms ? "contact-hint" : "", error ? "contact-error" : ""].join(" ").trim();
  return (
    <Form
      method="post"
      noValidate
      aria-labelledby="contact-title"
      className="flex flex-col rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="contact-title" className="mb-3 text-lg font-semibold text-slate-900">
        {t("Get a code")}
      </h2>
      <input type="hidden" name="intent" value="contact" />
      <Label htmlFor="contact">{sms ? t("E-mail address or mobile number") : t("E-mail address")}</Label>
      <Input
        id="contact"
        name="contact"
        type={sms ? "text" : "email"}
        autoComplete={sms ? "username" : "email"}
        required
        defaultValue={reply?.step === "contact" ? reply.value : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      />
      {sms ? (
        <p id="contact-hint" className="mt-1 text-xs text-slate-600">
          {t("Liberian numbers as you dial them (0770 123 456); others with + and the country code.")}
        </p>
      ) : null}
      <FieldError id="contact-error" errors={error ? [error] : null} />
      <button type="submit" className={BUTTON} disabled={busy}>
        {t("Send me a code")}
      </button>
    </Form>
  );
}
