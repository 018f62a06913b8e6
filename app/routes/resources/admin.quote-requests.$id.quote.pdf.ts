import { data } from "react-router";
import { servicesContext } from "#app/context.ts";
import { askedLanguage } from "#app/server/documents/document-language.server.ts";
import { documentContext, pdfResponse } from "#app/server/documents/document-response.server.ts";
import { quoteDocument, renderQuotePdf } from "#app/server/quotes/quote-pdf.server.ts";
import { getQuoteRequestById } from "#app/server/quotes/quote-requests.server.ts";
import { listQuotes } from "#app/server/quotes/quotes.server.ts";
import { requireAdmin } from "#app/server/staff/staff-guards.server.ts";
import type { Route } from "./+types/admin.quote-requests.$id.quote.pdf";

/**
 * The PDF of a request's quote for staff: the newest version, or `?version=N`; a draft prints 'DRAFT'. The staff
 * copy of a sent version has no link (its token is stored only as a hash); the customer's copy, attached to
 * the e-mail and behind their link, has it. In the request's language, or the one `?lang=en|fr` asks.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const { db } = context.get(servicesContext);
  const quoteRequest = await getQuoteRequestById({ db, id: params.id });
  if (!quoteRequest) throw data(null, { status: 404 });
  const asked = new URL(request.url).searchParams.get("version");
  if (asked !== null && !/^[1-9]\d{0,5}$/.test(asked)) throw data(null, { status: 404 });
  const versions = await listQuotes({ db, requestId: quoteRequest.id });
  const quote = asked === null ? versions[0] : versions.find((v) => v.version === Number(asked));
  if (!quote) throw data(null, { status: 404 });
  const { pdf, filename } = await renderQuotePdf({
    document: quoteDocument({ request: quoteRequest, quote, lines: quote.lines, link: null }),
    context: await documentContext(context, undefined, askedLanguage(request) ?? quoteRequest.language),
  });
  return pdfResponse(pdf, filename);
}
