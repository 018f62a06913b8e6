import { requestContext, servicesContext } from "#app/context.ts";
import { formatCalendarDate } from "#app/lib/format.ts";
import {
  documentContext,
  documentRefusal,
  pdfResponse,
} from "#app/server/documents/document-response.server.ts";
import { quoteDocument, renderQuotePdf } from "#app/server/quotes/quote-pdf.server.ts";
import { findQuoteByToken, limitQuoteLinks, quotePath } from "#app/server/quotes/quotes.server.ts";
import type { Route } from "./+types/quote.$token.pdf";

/**
 * The customer's quote as a PDF, from the link of the quote e-mail (issue 17): the same rules as its page (a
 * wrong token is a plain 404, every client is rate limited, nothing is cached, no referrer leaves). A version
 * replaced by a newer one is not offered: the newer e-mail has its own link.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = context.get(servicesContext);
  const { clientIp } = context.get(requestContext);
  const limit = await limitQuoteLinks({ db, config, clientIp });
  if (!limit.allowed) {
    const refused = documentRefusal("Too many requests. Please wait a few minutes and try again.", 429);
    refused.headers.set("Retry-After", String(limit.retryAfterSeconds));
    return refused;
  }
  const found = await findQuoteByToken({ db, token: params.token });
  if (!found || found.status === "draft") return documentRefusal("Page not found", 404);
  if (found.status === "replaced") {
    return documentRefusal(
      "This quote was replaced by a newer version, sent to you by e-mail. Please use the link in that message.",
      410,
    );
  }
  // An expired quote answers as its page says (issue 32): no price sheet that looks valid after its validity.
  if (found.status === "expired") {
    return documentRefusal(
      `This quote expired at the end of ${formatCalendarDate(found.quote.validUntil)}. Contact us for a new quote.`,
      410,
    );
  }
  const { pdf, filename } = await renderQuotePdf({
    document: quoteDocument({
      request: found.request,
      quote: found.quote,
      lines: found.quote.lines,
      link: `${config.siteUrl}${quotePath(params.token)}`,
    }),
    context: await documentContext(context),
  });
  const response = pdfResponse(pdf, filename);
  response.headers.set("Referrer-Policy", "no-referrer");
  return response;
}
