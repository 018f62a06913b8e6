import type { ReactNode } from "react";
import { PublicInvoicePage } from "#app/components/site/invoices/public-invoice-page.tsx";
import { secretPageHeaders } from "#app/lib/secret-page-headers.ts";
import { translateFromMatches } from "#app/lib/seo.ts";
import type { RootData } from "#app/root.tsx";
import { loadPublicInvoicePage } from "#app/server/payments/invoice-public-page.server.ts";
import type { Route } from "./+types/invoice.$token";

// The customer's invoice (decision 026), from the link of the invoice e-mail and the QR code on its PDF: the
// document, what was paid and what is still due, how to pay, and its PDF. Opening it changes nothing but the
// link's first opening (recorded once, in the invoice's history). No referrer leaves the page, it is never
// indexed or cached, a wrong or expired token is a plain 404, and every client is rate limited.

export const meta: Route.MetaFunction = ({ matches }) => {
  const company = (matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined)
    ?.settings.companyName;
  const title = translateFromMatches(matches)("Your invoice");
  return [
    { title: company ? `${title} | ${company}` : title },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
};

export const headers: Route.HeadersFunction = secretPageHeaders;

export function loader({ params, request, context }: Route.LoaderArgs) {
  return loadPublicInvoicePage({ request, context, token: params.token });
}

// The component as it is, not inside a function of this module: the page's script carries no more for being
// split in a route and a page (the check keeps its props those of the route).
export default PublicInvoicePage satisfies (props: Route.ComponentProps) => ReactNode;
