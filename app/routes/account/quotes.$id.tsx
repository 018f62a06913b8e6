import { QuotePage } from "#app/components/account/billing/quote-page.tsx";
import { localizedSeo } from "#app/lib/seo.ts";
import { loadQuotePage, quotePageAction } from "#app/server/customers/customer-billing-pages.server.ts";
import type { Route } from "./+types/quotes.$id";

// One of the customer's quotes, as the e-mail's link shows it: 'Accept quote' and 'Decline' are the
// same answer under the same rules (answerQuoteForm). Another company's quote answers 404, like none at all.

export const meta: Route.MetaFunction = (args) =>
  localizedSeo(args, { title: "Your quote", description: "", path: "/account/quotes", noindex: true });

export function loader({ params, request, context }: Route.LoaderArgs) {
  return loadQuotePage({ request, context, id: params.id });
}

export function action({ params, request, context }: Route.ActionArgs) {
  return quotePageAction({ request, context, id: params.id });
}

export default function AccountQuote({ loaderData, actionData }: Route.ComponentProps) {
  return <QuotePage data={loaderData} reply={actionData} />;
}
