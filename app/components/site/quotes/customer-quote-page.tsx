import { useLocation, useNavigation } from "react-router";
import { LinkNotFound } from "#app/components/site/link-not-found.tsx";
import { CustomerQuote } from "#app/components/site/quotes/customer-quote.tsx";
import { useT } from "#app/lib/i18n/use-words.ts";
import type { CustomerQuotePageData, QuoteAnswerReply } from "#app/server/quotes/quote-views.ts";

const box = "mx-auto flex max-w-2xl flex-col gap-5 px-4 py-10";

/** The quote with its answer buttons, or why it cannot be shown (too many requests, no such link). */
export function CustomerQuotePage({
  loaderData,
  actionData,
}: {
  loaderData: CustomerQuotePageData;
  actionData: QuoteAnswerReply | undefined;
}) {
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
