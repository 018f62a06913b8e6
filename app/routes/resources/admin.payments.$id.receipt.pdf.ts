import { data } from "react-router";
import { servicesContext } from "#app/context.ts";
import { askedLanguage, paymentLanguage } from "#app/server/documents/document-language.server.ts";
import { documentContext, pdfResponse } from "#app/server/documents/document-response.server.ts";
import { renderReceiptPdf } from "#app/server/payments/payment-pages.server.ts";
import { requireAdmin } from "#app/server/staff/staff-guards.server.ts";
import type { Route } from "./+types/admin.payments.$id.receipt.pdf";

/**
 * A payment's receipt for staff (Administrators, Accounts): a reversed one prints 'REVERSED'. Never cached. In
 * the payer's language, or the one `?lang=en|fr` asks.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const { db } = context.get(servicesContext);
  const locale = askedLanguage(request) ?? (await paymentLanguage(db, params.id));
  const rendered = await renderReceiptPdf({
    db,
    id: params.id,
    context: await documentContext(context, undefined, locale),
  });
  if (!rendered) throw data(null, { status: 404 });
  return pdfResponse(rendered.pdf, rendered.filename);
}
