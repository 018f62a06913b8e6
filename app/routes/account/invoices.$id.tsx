import { InvoicePage } from "#app/components/account/billing/invoice-page.tsx";
import { localizedSeo } from "#app/lib/seo.ts";
import { invoicePageAction, loadInvoicePage } from "#app/server/customers/customer-billing-pages.server.ts";
import type { Route } from "./+types/invoices.$id";

// One of the customer's invoices or credit notes, as the e-mail's link shows it, with the payments
// received; 'Pay' opens the same payment page as that link (through a fresh link of its own). Another company's
// invoice answers 404, like none at all. Amounts and dates are written in the page's language (50,00 $US).

export const meta: Route.MetaFunction = (args) =>
  localizedSeo(args, { title: "Your invoice", description: "", path: "/account/invoices", noindex: true });

export function loader({ params, request, context }: Route.LoaderArgs) {
  return loadInvoicePage({ request, context, id: params.id });
}

export function action({ params, request, context }: Route.ActionArgs) {
  return invoicePageAction({ request, context, id: params.id });
}

export default function AccountInvoice({ loaderData, actionData }: Route.ComponentProps) {
  return <InvoicePage data={loaderData} reply={actionData} />;
}
