import { Link, useNavigation } from "react-router";
import { CustomerQuote } from "#app/components/site/quotes/customer-quote.tsx";
import { requestContext, servicesContext } from "#app/context.ts";
import { localeOf } from "#app/lib/i18n/locale.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import { useLocalePath, useT, type WithWords } from "#app/lib/i18n/use-words.ts";
import { localizedSeo } from "#app/lib/seo.ts";
import type { AccountQuoteData } from "#app/server/customers/customer-billing-views.ts";
import { getCustomer, notFound, requireCustomer } from "#app/server/customers/customer-guards.server.ts";
import { findCompanyQuote } from "#app/server/customers/customer-quotes.server.ts";
import { wordsFor } from "#app/server/i18n/words.server.ts";
import { readFormData } from "#app/server/platform/forms.server.ts";
import { answerQuoteForm, customerQuoteView } from "#app/server/quotes/quote-answer.server.ts";
import type { Route } from "./+types/quotes.$id";

// One of the customer's quotes (issue 29), as the e-mail's link shows it: 'Accept quote' and 'Decline' are the
// same answer under the same rules (answerQuoteForm). Another company's quote answers 404, like none at all.

export const meta: Route.MetaFunction = (args) =>
  localizedSeo(args, { title: "Your quote", description: "", path: "/account/quotes", noindex: true });

export async function loader({
  params,
  request,
  context,
}: Route.LoaderArgs): Promise<AccountQuoteData & WithWords> {
  const locale = localeOf(request);
  const customer = getCustomer(context);
  const { db } = context.get(servicesContext);
  const found = await findCompanyQuote({ db, companyId: customer.companyId, quoteId: params.id });
  if (!found) notFound();
  return {
    id: found.quote.id,
    quote: customerQuoteView(found),
    defaultName: customer.name,
    // The PDF in the page's language (its French address).
    pdfHref: localizePath(`/account/quotes/${found.quote.id}/quote.pdf`, locale),
    // The quote's own words (its component's) beside the account's.
    words: wordsFor(locale, "quote", "forms"),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const customer = await requireCustomer({ request, context });
  const services = context.get(servicesContext);
  const { clientIp } = context.get(requestContext);
  const found = await findCompanyQuote({
    db: services.db,
    companyId: customer.companyId,
    quoteId: params.id,
  });
  if (!found) notFound();
  const formData = await readFormData(request);
  return answerQuoteForm({ services, clientIp, request, formData, key: { quoteId: found.quote.id } });
}

export default function AccountQuote({ loaderData, actionData }: Route.ComponentProps) {
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
        quote={loaderData.quote}
        reply={actionData}
        busy={navigation.state !== "idle"}
        pdfHref={loaderData.pdfHref}
        defaultName={loaderData.defaultName}
        className="flex max-w-2xl flex-col gap-5 py-4"
      />
    </>
  );
}
