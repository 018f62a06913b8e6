import { servicesContext } from "#app/context.ts";
import { localeOf } from "#app/lib/i18n/locale.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import { notFound, requireCustomer } from "#app/server/customers/customer-guards.server.ts";
import { findCompanyInvoice } from "#app/server/customers/customer-invoices.server.ts";
import { documentContext, pdfResponse } from "#app/server/documents/document-response.server.ts";
import { renderInvoicePdf } from "#app/server/invoices/invoice-pdf.server.ts";
import type { Route } from "./+types/account.invoices.$id.invoice.pdf";

/**
 * One of the signed-in customer's invoices or credit notes as a PDF (decision 029): the customer's copy, as the
 * e-mail's link gives it, with the QR code and address of the account's page of it. Another company's invoice
 * answers 404. In the address's language (/fr/compte/factures/:id/invoice.pdf: French).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const customer = await requireCustomer({ request, context });
  const { db, config } = context.get(servicesContext);
  const found = await findCompanyInvoice({ db, companyId: customer.companyId, invoiceId: params.id });
  if (!found) notFound();
  const locale = localeOf(request);
  const rendered = await renderInvoicePdf({
    db,
    id: found.id,
    context: await documentContext(context, undefined, locale),
    link: `${config.siteUrl}${localizePath(`/account/invoices/${found.id}`, locale)}`,
  });
  if (!rendered) notFound();
  return pdfResponse(rendered.pdf, rendered.filename);
}
