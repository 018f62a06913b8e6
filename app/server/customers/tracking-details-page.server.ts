// /track/:trackingNumber/details ('Show full details', decision 029, tracking in tiers): the loader and the action of
// the page that shows one shipment's full details to a signed-in customer of it, or for 24 hours after a code
// sent to the e-mail or mobile number on file for its shipper or consignee (docs/decisions/029). Here, among the
// customers' modules, because who may see them depends on the customer session. The answer to a contact is the
// same whether or not it is on file; every request counts as a tracking lookup, before it.
import { data, type RouterContextProvider, redirect } from "react-router";
import { requestContext, servicesContext } from "#app/context.ts";
import { localeOf } from "#app/lib/i18n/locale.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
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
import {
  type DetailsPageData,
  type DetailsReply,
  tooManyLookupsMessage,
} from "#app/server/customers/shipment-details-views.ts";
import { translatorFor, wordsFor } from "#app/server/i18n/words.server.ts";
import { isSmsSubscriptionAvailable } from "#app/server/notifications/subscriptions.server.ts";
import { readFormData, tooManySubmissionsMessage } from "#app/server/platform/forms.server.ts";
import { limitClientLookups } from "#app/server/platform/rate-limit.server.ts";

type Ctx = Readonly<RouterContextProvider>;
type PageArgs = { request: Request; context: Ctx; trackingNumber: string };

export async function loadTrackingDetailsPage(args: PageArgs) {
  const page = await loadDetailsPage(args);
  // The page's words (this page's, the details', the tracking page's), as loader data beside its answer.
  const words = wordsFor(localeOf(args.request), "account", "tracking");
  return words ? data({ ...page.data, words }, page.init ?? undefined) : page;
}

async function loadDetailsPage({ request, context, trackingNumber }: PageArgs) {
  const { db, config } = context.get(servicesContext);
  const { clientIp } = context.get(requestContext);
  const locale = localeOf(request);
  const number = displayTrackingNumber(trackingNumber);
  // Counted like a tracking lookup, before it: this page says whether a number exists, as the tracking page does.
  const limit = await limitClientLookups({ db, config, clientIp, kind: "track" });
  if (!limit.allowed) {
    return data<DetailsPageData>(
      { kind: "rate-limited", number, retryAfterSeconds: limit.retryAfterSeconds },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const shipment = parseTrackingNumber(trackingNumber).ok
    ? await findDetailsShipment({ db, trackingNumber })
    : null;
  if (!shipment) return data<DetailsPageData>({ kind: "not-found", number }, { status: 404 });
  if (trackingNumber !== shipment.trackingNumber) {
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

export async function trackingDetailsPageAction({ request, context, trackingNumber: typedNumber }: PageArgs) {
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
        error: tooManyLookupsMessage(lookups.retryAfterSeconds),
      });
    }
    const shipment = parseTrackingNumber(typedNumber).ok
      ? await findDetailsShipment({ db, trackingNumber: typedNumber })
      : null;
    if (!shipment || shipment.trackingNumber !== typedNumber) {
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
