import { Link, useNavigation } from "react-router";
import { CustomerQuote } from "#app/components/site/quotes/customer-quote.tsx";
import { useLocalePath, useT } from "#app/lib/i18n/use-words.ts";
import type { AccountQuoteData } from "#app/server/customers/customer-billing-views.ts";
import type { QuoteAnswerReply } from "#app/server/quotes/quote-views.ts";

/** One of the company's quotes as the e-mail's link shows it, under a link back to the list. */
export function QuotePage({ data, reply }: { data: AccountQuoteData; reply: QuoteAnswerReply | undefined }) {
  const navigation = useNavigation();
  const t = useT();
  const to = useLocalePath();
  return (
    <>
      <p>
        <Link to={to("/account/quotes")} className="text-sm font-medium text-brand-700 underline">
          {t("All your quotes")}
        </Link>
      </p>
      <CustomerQuote
        quote={data.quote}
        reply={reply}
        busy={navigation.state !== "idle"}
        pdfHref={data.pdfHref}
        defaultName={data.defaultName}
        className="flex max-w-2xl flex-col gap-5 py-4"
      />
    </>
  );
}
