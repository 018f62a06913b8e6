import { servicesContext } from "#app/context.ts";
import { localeOf } from "#app/lib/i18n/locale.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import { notFound, requireCustomer } from "#app/server/customers/customer-guards.server.ts";
import { findCompanyQuote } from "#app/server/customers/customer-quotes.server.ts";
import { customerQuotePdf } from "#app/server/quotes/quote-answer.server.ts";
import type { Route } from "./+types/account.quotes.$id.quote.pdf";

/**
 * One of the signed-in customer's quotes as a PDF (decision 029), built as the e-mail's link builds it (replaced and
 * expired versions refused alike), printing the account's page of it. Another company's quote answers 404.
 * In the address's language (/fr/compte/devis/:id/quote.pdf: French).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const customer = await requireCustomer({ request, context });
  const { db, config } = context.get(servicesContext);
  const found = await findCompanyQuote({ db, companyId: customer.companyId, quoteId: params.id });
  if (!found) notFound();
  const locale = localeOf(request);
  const response = await customerQuotePdf({
    context,
    found,
    link: `${config.siteUrl}${localizePath(`/account/quotes/${found.quote.id}`, locale)}`,
    locale,
  });
  return response;
}
