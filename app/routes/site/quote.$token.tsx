import { data, useLocation, useNavigation } from "react-router";
import { LinkNotFound } from "#app/components/site/link-not-found.tsx";
import { CustomerQuote } from "#app/components/site/quotes/customer-quote.tsx";
import { requestContext, servicesContext } from "#app/context.ts";
import { localeOf } from "#app/lib/i18n/locale.ts";
import { useT } from "#app/lib/i18n/use-words.ts";
import { secretPageHeaders } from "#app/lib/secret-page-headers.ts";
import { translateFromMatches } from "#app/lib/seo.ts";
import type { RootData } from "#app/root.tsx";
import { wordsFor } from "#app/server/i18n/words.server.ts";
import { readFormData } from "#app/server/platform/forms.server.ts";
import { consumeRateLimit } from "#app/server/platform/rate-limit.server.ts";
import { answerQuoteForm, customerQuoteView } from "#app/server/quotes/quote-answer.server.ts";
import { findQuoteByToken, limitQuoteLinks } from "#app/server/quotes/quote-link.server.ts";
import type { QuoteAnswerReply } from "#app/server/quotes/quote-views.ts";
import type { Route } from "./+types/quote.$token";

// The customer's quote (issue 17, decision 016), from the link in the quote e-mail. Opening it (GET) changes
// nothing; 'Accept quote' and 'Decline' are POSTs and work without JavaScript. No referrer leaves the page, it
// is never indexed or cached, a wrong token is a plain 404, and every client is rate limited.

export const meta: Route.MetaFunction = ({ matches }) => {
  const company = (matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined)
    ?.settings.companyName;
  const title = translateFromMatches(matches)("Your quote");
  return [
    { title: company ? `${title} | ${company}` : title },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
};

export const headers: Route.HeadersFunction = secretPageHeaders;

export async function loader({ params, request, context }: Route.LoaderArgs) {
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
  const found = await findQuoteByToken({ db, token: params.token });
  if (!found) return data({ kind: "not-found" as const, words }, { status: 404 });
  return { kind: "found" as const, ...customerQuoteView(found, locale), words };
}

export async function action({ params, request, context }: Route.ActionArgs) {
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
  return answerQuoteForm({ services, clientIp, request, formData, key: { token: params.token } });
}

const box = "mx-auto flex max-w-2xl flex-col gap-5 px-4 py-10";

export default function QuotePage({ loaderData, actionData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const t = useT();
  if (loaderData.kind === "rate-limited") {
    return (
      <section className={box}>
        <h1 className="text-2xl font-bold text-brand-900">{t("Too many requests")}</h1>
        <p className="text-slate-700">{t("Please wait a minute and open the link again.")}</p>
      </section>
    );
  }
  if (loaderData.kind === "not-found") {
    return <LinkNotFound className={box} />;
  }
  return (
    <CustomerQuote
      quote={loaderData}
      reply={actionData}
      busy={navigation.state !== "idle"}
      pdfHref={`${pathname}/pdf`}
      className={box}
    />
  );
}
