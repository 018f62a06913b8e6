import type { ReactNode } from "react";
import { InvoicePayPage } from "#app/components/site/invoices/invoice-pay-page.tsx";
import { secretPageHeaders } from "#app/lib/secret-page-headers.ts";
import { translateFromMatches } from "#app/lib/seo.ts";
import type { RootData } from "#app/root.tsx";
import { invoicePayPageAction, loadInvoicePayPage } from "#app/server/payments/invoice-pay-page.server.ts";
import type { Route } from "./+types/invoice.$token.pay";

// Paying an invoice by MTN Mobile Money (decision 027), from the customer's invoice page. The form
// asks for the wallet number and the amount (the balance, or part of it); after it, the page says to approve on
// the phone and looks again every few seconds (a meta refresh without JavaScript, a revalidation with it, and a
// 'Check again' link) until the payment is in, refused (with MTN's reason) or still waiting; the customer may
// cancel a waiting request, or pay from another number at once, and one nobody approves ends by itself after a
// few minutes (decision 027). The payer's number is shown masked. Like every page
// whose address holds a secret: never cached, never indexed, no referrer; every client is rate limited.

export const meta: Route.MetaFunction = ({ matches }) => {
  const company = (matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined)
    ?.settings.companyName;
  const title = translateFromMatches(matches)("Pay by mobile money");
  return [
    { title: company ? `${title} | ${company}` : title },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
};

export const headers: Route.HeadersFunction = secretPageHeaders;

export function loader({ params, request, context }: Route.LoaderArgs) {
  return loadInvoicePayPage({ request, context, token: params.token });
}

export function action({ params, request, context }: Route.ActionArgs) {
  return invoicePayPageAction({ request, context, token: params.token });
}

// The component as it is, not inside a function of this module: the page's script carries no more for being
// split in a route and a page (the check keeps its props those of the route).
export default InvoicePayPage satisfies (props: Route.ComponentProps) => ReactNode;
