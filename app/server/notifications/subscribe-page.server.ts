// /subscribe/:token, the link of a 'Get updates' confirmation e-mail (decision 014): the loader and the action.
// Opening it (GET) confirms nothing: mail scanners open every link. The page's 'Confirm' button (a POST) does,
// as long as the link has not expired (24 hours) and the shipment has fewer than 10 confirmed subscribers.
import { data, type RouterContextProvider } from "react-router";
import { servicesContext } from "#app/context.ts";
import { localeOf } from "#app/lib/i18n/locale.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import { trackingPath } from "#app/lib/tracking-number.ts";
import { wordsFor } from "#app/server/i18n/words.server.ts";
import {
  confirmEmailSubscription,
  findEmailSubscription,
} from "#app/server/notifications/subscription-confirmations.server.ts";
import type { SubscribeData } from "#app/server/notifications/subscription-views.ts";
import { limitLinkOpening, tooManyRequests } from "#app/server/platform/forms.server.ts";

type PageArgs = { request: Request; context: Readonly<RouterContextProvider>; token: string };

export async function loadSubscribePage({ request, context, token }: PageArgs) {
  const { db } = context.get(servicesContext);
  const locale = localeOf(request);
  // The page's words in French (decision 030); none in English.
  const words = wordsFor(locale, "tracking");
  const wait = await limitLinkOpening(context);
  if (wait !== null)
    return tooManyRequests<SubscribeData>({ found: false, retryAfterSeconds: wait, words }, wait);
  const found = await findEmailSubscription({ db, token });
  if (!found) return data<SubscribeData>({ found: false, words }, { status: 404 });
  // The path made here: app/lib/tracking-number.ts stays out of this page's script (see the updates route).
  return data<SubscribeData>({
    found: true,
    ...found,
    trackingPath: localizePath(trackingPath(found.trackingNumber), locale),
    words,
  });
}

export async function subscribePageAction({ context, token }: Omit<PageArgs, "request">) {
  const { db, config, logger } = context.get(servicesContext);
  const wait = await limitLinkOpening(context);
  if (wait !== null)
    return tooManyRequests({ outcome: "rate-limited" as const, retryAfterSeconds: wait }, wait);
  const outcome = await confirmEmailSubscription({ db, config, token });
  if (outcome === "invalid") return data({ outcome }, { status: 404 });
  if (outcome === "full") return data({ outcome }, { status: 409 });
  logger.info("A public subscriber confirmed by e-mail");
  return { outcome };
}
