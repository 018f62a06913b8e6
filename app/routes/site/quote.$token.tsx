import { CustomerQuotePage } from "#app/components/site/quotes/customer-quote-page.tsx";
import { secretPageHeaders } from "#app/lib/secret-page-headers.ts";
import { translateFromMatches } from "#app/lib/seo.ts";
import type { RootData } from "#app/root.tsx";
import {
  customerQuotePageAction,
  loadCustomerQuotePage,
} from "#app/server/quotes/customer-quote-page.server.ts";
import type { Route } from "./+types/quote.$token";

// The customer's quote (decision 016), from the link in the quote e-mail. Opening it (GET) changes nothing;
// 'Accept quote' and 'Decline' are POSTs and work without JavaScript. No referrer leaves the page, it is never
// indexed or cached, a wrong token is a plain 404, and every client is rate limited (customer-quote-page.server.ts).
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

export function loader({ params, request, context }: Route.LoaderArgs) {
  return loadCustomerQuotePage({ request, context, token: params.token });
}

export function action({ params, request, context }: Route.ActionArgs) {
  return customerQuotePageAction({ request, context, token: params.token });
}

// The page component is the route's own export, not wrapped in one more function that would add to
// the page's script (docs/decisions/023-public-page-weight.md).
export default CustomerQuotePage;
