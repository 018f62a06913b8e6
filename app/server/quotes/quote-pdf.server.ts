import { freightTypeLabels } from "#app/lib/freight-terms.ts";
import { NOT_GIVEN } from "#app/schemas/rules/quote-request-rules.ts";
import type { quoteLines, quoteRequests, quotes } from "#app/server/db/schema.ts";
import type { DocumentContext } from "#app/server/documents/document-context.server.ts";
import type { QuoteDocument } from "#app/server/documents/quote-document.server.ts";

// The quote's PDF (decision 016): what is printed, from a version and its request, and the rendering, whose PDF code
// loads at the first document (not with the app).

type QuoteRequestRow = typeof quoteRequests.$inferSelect;
type Quote = typeof quotes.$inferSelect;
type QuoteLine = typeof quoteLines.$inferSelect;

/** What the PDF of a version prints; `link` is the customer's page of a sent version (null for a draft). */
export function quoteDocument({
  request,
  quote,
  lines,
  link,
}: {
  request: QuoteRequestRow;
  quote: Quote;
  lines: QuoteLine[];
  link: string | null;
}): Omit<QuoteDocument, "reference"> & { requestId: string } {
  return {
    requestId: request.id,
    version: quote.version,
    draft: quote.state === "draft",
    sentAt: quote.sentAt,
    validUntil: quote.validUntil,
    currency: quote.currency,
    totalMinor: quote.totalMinor,
    lines: lines.map((line) => ({ description: line.description, amountMinor: line.amountMinor })),
    transitTime: quote.transitTime,
    incoterm: quote.incoterm,
    terms: quote.terms,
    note: quote.note,
    customer: { name: `${request.firstName} ${request.lastName}`.trim(), email: request.email },
    request: {
      route: `${request.cityDeparture} to ${request.deliveryCity}`,
      places: { from: request.cityDeparture, to: request.deliveryCity },
      parcelType: request.parcelType ?? NOT_GIVEN,
      weight: request.weight ?? NOT_GIVEN,
      freightTypes: freightTypeLabels(request.freightTypes),
    },
    link,
  };
}

/** The PDF and its file name ('Quote-Q-3F2A9C1B-v2.pdf'). */
export async function renderQuotePdf({
  document,
  context,
}: {
  document: ReturnType<typeof quoteDocument>;
  context: DocumentContext;
}): Promise<{ pdf: Buffer; filename: string }> {
  const { renderQuote, quoteReference, quoteFilename } = await import(
    "#app/server/documents/quote-document.server.ts"
  );
  const { requestId, ...rest } = document;
  const pdf = await renderQuote({ quote: { ...rest, reference: quoteReference(requestId) }, context });
  return { pdf, filename: quoteFilename(requestId, document.version) };
}
