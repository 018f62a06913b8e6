import { data } from "react-router";
import { servicesContext } from "#app/context.ts";
import { askedLanguage } from "#app/server/documents/document-language.server.ts";
import { documentContext, pdfResponse } from "#app/server/documents/document-response.server.ts";
import { renderStaffInvoicePdf } from "#app/server/invoices/invoice-pdf.server.ts";
import { requireAdmin } from "#app/server/staff/staff-guards.server.ts";
import type { Route } from "./+types/admin.invoices.$id.invoice.pdf";

/**
 * The PDF of an invoice or a credit note for staff (Administrators, Accounts, Operations): a draft prints
 * 'DRAFT' and has no number, a void one prints 'VOID' and keeps its number. Never cached (it holds the
 * customer's details). In the billed party's language, or the one `?lang=en|fr` asks. An issued invoice with
 * something owed prints the customer's link and its QR code, as their copy does (the same link every download).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireAdmin({ request, context });
  const { db } = context.get(servicesContext);
  const rendered = await renderStaffInvoicePdf({
    db,
    id: params.id,
    staffId: user.id,
    context: await documentContext(context, undefined, askedLanguage(request)),
  });
  if (!rendered) throw data(null, { status: 404 });
  return pdfResponse(rendered.pdf, rendered.filename);
}
