import { QuotesPage } from "#app/components/account/billing/quotes-page.tsx";
import { localizedSeo } from "#app/lib/seo.ts";
import { loadQuotesPage } from "#app/server/customers/customer-billing-pages.server.ts";
import type { Route } from "./+types/quotes";

// The customer's quotes: every quote sent to their company, newest first, with its state.

export const meta: Route.MetaFunction = (args) =>
  localizedSeo(args, { title: "Your quotes", description: "", path: "/account/quotes", noindex: true });

export function loader({ request, context }: Route.LoaderArgs) {
  return loadQuotesPage({ request, context });
}

export default function AccountQuotes({ loaderData }: Route.ComponentProps) {
  return <QuotesPage data={loaderData} />;
}
