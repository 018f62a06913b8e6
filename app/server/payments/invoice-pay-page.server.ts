// /invoice/:token/pay, paying an invoice by MTN Mobile Money (decision 027): the loader and the action.
// Both are rate limited per client; what the page shows and what its form does is mobile-money/pay-page.server.ts.
import { data, type RouterContextProvider, redirect } from "react-router";
import { requestContext, servicesContext } from "#app/context.ts";
import { localeOf } from "#app/lib/i18n/locale.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import { wordsFor } from "#app/server/i18n/words.server.ts";
import { loadPayPage, submitPayForm } from "#app/server/payments/mobile-money/pay-page.server.ts";
import type { PayActionData, PayPageData } from "#app/server/payments/payment-views.ts";
import { readFormData } from "#app/server/platform/forms.server.ts";
import { consumeRateLimit } from "#app/server/platform/rate-limit.server.ts";

type PageArgs = { request: Request; context: Readonly<RouterContextProvider>; token: string };

export async function loadInvoicePayPage({ request, context, token }: PageArgs) {
  const services = context.get(servicesContext);
  const { clientIp } = context.get(requestContext);
  const locale = localeOf(request);
  // The page's words in French (its messages too); none in English.
  const words = wordsFor(locale, "invoice");
  const limit = await consumeRateLimit({
    db: services.db,
    key: `invoice-pay:${clientIp}`,
    limit: services.config.TRACK_RATE_LIMIT,
    windowSeconds: services.config.TRACK_RATE_WINDOW_SECONDS,
  });
  if (!limit.allowed) {
    return data<PayPageData>(
      { kind: "rate-limited" as const, words },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const page = await loadPayPage({
    services,
    token,
    requestId: new URL(request.url).searchParams.get("request"),
    locale,
  });
  const answer: PayPageData = { ...page, words };
  return page.kind === "not-found" ? data(answer, { status: 404 }) : answer;
}

export async function invoicePayPageAction({ request, context, token }: PageArgs) {
  const services = context.get(servicesContext);
  const { clientIp } = context.get(requestContext);
  const limit = await consumeRateLimit({
    db: services.db,
    key: `form:${clientIp}`,
    limit: services.config.FORM_RATE_LIMIT,
    windowSeconds: services.config.FORM_RATE_WINDOW_SECONDS,
  });
  if (!limit.allowed) {
    return data<PayActionData>(
      { errors: { form: "Too many attempts. Please wait a few minutes and try again." } },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const result = await submitPayForm({
    services,
    token,
    form: await readFormData(request),
    locale: localeOf(request),
  });
  if (result.ok)
    return redirect(localizePath(`/invoice/${token}/pay?request=${result.requestId}`, localeOf(request)));
  return data<PayActionData>({ errors: result.errors }, { status: result.status });
}
