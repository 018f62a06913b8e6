import { InvoicesPage } from "#app/components/account/billing/invoices-page.tsx";
import { localizedSeo } from "#app/lib/seo.ts";
import { loadInvoicesPage } from "#app/server/customers/customer-billing-pages.server.ts";
import type { Route } from "./+types/invoices";

// The customer's invoices and credit notes: open, paid and overdue, what is owed per currency, and
// a statement of account per billed party; newest first, paged.

export const meta: Route.MetaFunction = (args) =>
  localizedSeo(args, { title: "Your invoices", description: "", path: "/account/invoices", noindex: true });

export function loader({ request, context }: Route.LoaderArgs) {
  return loadInvoicesPage({ request, context });
}

export default function AccountInvoices({ loaderData }: Route.ComponentProps) {
  return <InvoicesPage data={loaderData} />;
}
