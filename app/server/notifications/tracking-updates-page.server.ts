// /track/:trackingNumber/updates ('Get updates' for one shipment, decision 014): the loader and the action of the
// page that takes an e-mail address (confirmed by a link) or, when SMS is on, a mobile number (confirmed by a
// 6-digit code). The answer is the same whether or not the address was already subscribed.
import { data, type RouterContextProvider, redirect } from "react-router";
import { requestContext, servicesContext } from "#app/context.ts";
import { localeOf } from "#app/lib/i18n/locale.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import { displayTrackingNumber, parseTrackingNumber, trackingPath } from "#app/lib/tracking-number.ts";
import { translatorFor, wordsFor } from "#app/server/i18n/words.server.ts";
import { confirmPhoneSubscription } from "#app/server/notifications/subscription-confirmations.server.ts";
import { requestSubscription } from "#app/server/notifications/subscription-requests.server.ts";
import type { UpdatesPageData, UpdatesReply } from "#app/server/notifications/subscription-views.ts";
import { isSmsSubscriptionAvailable } from "#app/server/notifications/subscriptions.server.ts";
import { readFormData, tooManySubmissionsMessage } from "#app/server/platform/forms.server.ts";
import { limitClientLookups } from "#app/server/platform/rate-limit.server.ts";
import { getPublicShipmentByTrackingNumber } from "#app/server/shipments/tracking.server.ts";

type PageArgs = { request: Request; context: Readonly<RouterContextProvider>; trackingNumber: string };

export async function loadTrackingUpdatesPage({ request, context, trackingNumber }: PageArgs) {
  const { db, config } = context.get(servicesContext);
  const { clientIp } = context.get(requestContext);
  const locale = localeOf(request);
  // The page's words in French (decision 030); none in English.
  const words = wordsFor(locale, "tracking");
  const number = displayTrackingNumber(trackingNumber);
  // Counted like a tracking lookup: this page says whether a number exists, as the tracking page does.
  const limit = await limitClientLookups({ db, config, clientIp, kind: "track" });
  if (!limit.allowed) {
    return data<UpdatesPageData>(
      { kind: "rate-limited" as const, number, retryAfterSeconds: limit.retryAfterSeconds, words },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const shipment = parseTrackingNumber(trackingNumber).ok
    ? await getPublicShipmentByTrackingNumber({ db, trackingNumber: trackingNumber })
    : null;
  if (!shipment) return data<UpdatesPageData>({ kind: "not-found" as const, number, words }, { status: 404 });
  if (trackingNumber !== shipment.trackingNumber) {
    return redirect(localizePath(`${trackingPath(shipment.trackingNumber)}/updates`, locale), 301);
  }
  const found: UpdatesPageData = {
    kind: "found" as const,
    number: shipment.trackingNumber,
    // The shipment's page in this page's language ('Back to shipment', the canonical address).
    trackingPath: localizePath(trackingPath(shipment.trackingNumber), locale),
    sms: isSmsSubscriptionAvailable(config),
    words,
  };
  return found;
}

export async function trackingUpdatesPageAction({ request, context, trackingNumber }: PageArgs) {
  const services = context.get(servicesContext);
  const { clientIp } = context.get(requestContext);
  const formData = await readFormData(request);
  // The page's language: its messages in it, and the subscriber's messages later (decision 030).
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
  const limited = (seconds: number, body: UpdatesReply) =>
    reply(body, 429, { "Retry-After": String(seconds) });
  try {
    // Each form looks the number up: counted like a tracking lookup, before it.
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
