// /unsubscribe/:token, the link every notification carries (decision 013): the loader and the action. Opening it
// (GET) never unsubscribes: mail scanners open every link. A POST does: the page's button, or the mail client's
// one-click POST (RFC 8058). Opening the page is rate limited per client; the POST is not: a mail service sends
// every one-click unsubscribe of its users from a few addresses, and the 256-bit token cannot be guessed.
import { data, type RouterContextProvider } from "react-router";
import { servicesContext } from "#app/context.ts";
import { localeOf } from "#app/lib/i18n/locale.ts";
import { wordsFor } from "#app/server/i18n/words.server.ts";
import type { UnsubscribeData } from "#app/server/notifications/subscription-views.ts";
import { findUnsubscribe, unsubscribeByToken } from "#app/server/notifications/unsubscribe-links.server.ts";
import { limitLinkOpening, tooManyRequests } from "#app/server/platform/forms.server.ts";

type PageArgs = { request: Request; context: Readonly<RouterContextProvider>; token: string };

export async function loadUnsubscribePage({ request, context, token }: PageArgs) {
  const { db } = context.get(servicesContext);
  // The page's words in French (decision 030); none in English.
  const words = wordsFor(localeOf(request), "tracking");
  const wait = await limitLinkOpening(context);
  if (wait !== null)
    return tooManyRequests<UnsubscribeData>({ found: false, retryAfterSeconds: wait, words }, wait);
  const found = await findUnsubscribe({ db, token });
  if (!found) return data<UnsubscribeData>({ found: false, words }, { status: 404 });
  return data<UnsubscribeData>({ found: true, ...found, words });
}

export async function unsubscribePageAction({ context, token }: Omit<PageArgs, "request">) {
  const { db, logger } = context.get(servicesContext);
  const done = await unsubscribeByToken({ db, token });
  if (!done) return data({ unsubscribed: false }, { status: 404 });
  logger.info("A notification recipient unsubscribed from a shipment");
  return { unsubscribed: true };
}
