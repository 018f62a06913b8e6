import { servicesContext } from "#app/context.ts";
import { localeOf } from "#app/lib/i18n/locale.ts";
import {
  documentContext,
  documentRefusal,
  pdfResponse,
} from "#app/server/documents/document-response.server.ts";
import { documentWords } from "#app/server/documents/document-words.server.ts";
import { renderPublicInvoicePdf } from "#app/server/payments/invoice-public.server.ts";
import { limitLinkOpening } from "#app/server/platform/forms.server.ts";
import type { Route } from "./+types/invoice.$token.invoice.pdf";

/**
 * The customer's invoice as a PDF, from its page `/invoice/:token` (decision 026): the same rules as the page (a
 * wrong or expired token is a plain 404, every client is rate limited, nothing is cached, no referrer leaves),
 * with the QR code of that page on it. In the address's language (/fr/facture/:token/invoice.pdf: French).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const locale = localeOf(request);
  const { t } = documentWords({ locale });
  const secret = (response: Response) => {
    response.headers.set("Referrer-Policy", "no-referrer");
    response.headers.set("X-Robots-Tag", "noindex");
    return response;
  };
  const wait = await limitLinkOpening(context);
  if (wait !== null) {
    const refusal = documentRefusal(t("Too many requests. Please wait a few minutes and try again."), 429);
    refusal.headers.set("Retry-After", String(wait));
    return secret(refusal);
  }
  const rendered = await renderPublicInvoicePdf({
    db,
    token: params.token,
    context: await documentContext(context, undefined, locale),
  });
  if (!rendered) return secret(documentRefusal(t("Page not found"), 404));
  return secret(pdfResponse(rendered.pdf, rendered.filename));
}
