// The customer's quote (decision 016), from the link in the quote e-mail (app/routes/site/quote.$token.tsx).
// Opening it (GET) changes nothing; 'Accept quote' and 'Decline' are POSTs and work without JavaScript. A wrong
// token is a plain 404, and every client is rate limited.
import { data, type RouterContextProvider } from "react-router";
import { requestContext, servicesContext } from "#app/context.ts";
import { localeOf } from "#app/lib/i18n/locale.ts";
import { wordsFor } from "#app/server/i18n/words.server.ts";
import { readFormData } from "#app/server/platform/forms.server.ts";
import { consumeRateLimit } from "#app/server/platform/rate-limit.server.ts";
import { answerQuoteForm, customerQuoteView } from "#app/server/quotes/quote-answer.server.ts";
import { findQuoteByToken, limitQuoteLinks } from "#app/server/quotes/quote-link.server.ts";
import type { QuoteAnswerReply } from "#app/server/quotes/quote-views.ts";

/** The request, and the token of the link in the quote e-mail. */
type QuotePageArgs = { request: Request; context: Readonly<RouterContextProvider>; token: string };

export async function loadCustomerQuotePage({ request, context, token }: QuotePageArgs) {
  const { db, config } = context.get(servicesContext);
  const locale = localeOf(request);
  // The page's words in French (its refusals too); none in English.
  const words = wordsFor(locale, "quote");
  const { clientIp } = context.get(requestContext);
  const limit = await limitQuoteLinks({ db, config, clientIp });
  if (!limit.allowed) {
    return data(
      { kind: "rate-limited" as const, retryAfterSeconds: limit.retryAfterSeconds, words },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const found = await findQuoteByToken({ db, token });
  if (!found) return data({ kind: "not-found" as const, words }, { status: 404 });
  return { kind: "found" as const, ...customerQuoteView(found, locale), words };
}

/** 'Accept quote' or 'Decline', within the public forms' rate limit. */
export async function customerQuotePageAction({ request, context, token }: QuotePageArgs) {
  const services = context.get(servicesContext);
  const { db, config } = services;
  const { clientIp } = context.get(requestContext);
  const limit = await consumeRateLimit({
    db,
    key: `form:${clientIp}`,
    limit: config.FORM_RATE_LIMIT,
    windowSeconds: config.FORM_RATE_WINDOW_SECONDS,
  });
  if (!limit.allowed) {
    return data<QuoteAnswerReply>(
      { ok: false, errors: { form: "Too many attempts. Please wait a few minutes and try again." } },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const formData = await readFormData(request);
  return answerQuoteForm({ services, clientIp, request, formData, key: { token } });
}
