import { incotermName } from "#app/lib/freight-terms.ts";
import { drawQr } from "#app/server/documents/barcodes.server.ts";
import { type DocumentContext, printedDate } from "#app/server/documents/document-context.server.ts";
import {
  A4_MARGIN,
  cell,
  frame,
  letterhead,
  rule,
  watermark,
} from "#app/server/documents/document-parts.server.ts";
import { documentWords } from "#app/server/documents/document-words.server.ts";
import {
  caption,
  createPdf,
  finishPdf,
  fitLine,
  flowText,
  PAGE_SIZES,
} from "#app/server/documents/pdf-document.server.ts";

// A quote as the customer receives it (decision 016): one A4 page with the company's letterhead, the
// request it answers, the price lines and total in the quote's currency, validity, transit time, incoterm, note
// and terms, and (once sent) the link to accept or decline it online, in text and as a QR code. A draft prints
// 'DRAFT' across the page. Every text has its box; what does not fit is cut with '…', so the page count is 1.

export type QuoteDocument = {
  /** The request's reference and the version: 'Q-3F2A9C1B', 2. */
  reference: string;
  version: number;
  draft: boolean;
  sentAt: Date | null;
  validUntil: string;
  currency: string;
  totalMinor: number;
  lines: { description: string; amountMinor: number }[];
  transitTime: string | null;
  incoterm: string | null;
  terms: string | null;
  note: string | null;
  customer: { name: string; email: string };
  request: {
    route: string;
    /** The route's two places, as the customer typed them: printed 'Monrovia to Accra' in the reader's words. */
    places?: { from: string; to: string };
    parcelType: string;
    weight: string;
    freightTypes: string[];
  };
  /** The public page of a sent quote (accept or decline). Null for a draft, and for the staff's copy of a sent
   * version (the link's token is stored only as a hash). */
  link: string | null;
};

/** A quote request's printed reference: 'Q-' and the first eight characters of its id. */
export const quoteReference = (requestId: string) => `Q-${requestId.slice(0, 8).toUpperCase()}`;

/** The PDF's file name: 'Quote-Q-3F2A9C1B-v2.pdf'. */
export const quoteFilename = (requestId: string, version: number) =>
  `Quote-${quoteReference(requestId)}-v${version}.pdf`;

const ROW = 15;

export async function renderQuote({
  quote,
  context,
}: {
  quote: QuoteDocument;
  context: DocumentContext;
}): Promise<Buffer> {
  const w = documentWords(context);
  const { t } = w;
  const validUntil = printedDate(new Date(`${quote.validUntil}T12:00:00Z`), "UTC", w.locale);
  const doc = createPdf({
    title: t("Quote {reference} version {version}", { reference: quote.reference, version: quote.version }),
    author: context.company.companyName,
  });
  doc.addPage({ size: [...PAGE_SIZES.a4], margin: 0 });
  const x = A4_MARGIN;
  const width = doc.page.width - 2 * A4_MARGIN;

  let y = letterhead(
    doc,
    { ...context, now: quote.sentAt ?? context.now },
    {
      title: quote.draft ? t("QUOTATION (DRAFT)") : t("QUOTATION"),
      subtitle: t("Version {version}", { version: quote.version }),
      number: quote.reference,
    },
  );

  // Who it is for and what they asked.
  const half = (width - 10) / 2;
  const { places } = quote.request;
  cell(doc, t("Prepared for"), `${quote.customer.name} · ${quote.customer.email}`, x, y, half, 32);
  cell(
    doc,
    t("Route"),
    places ? t("{from} to {to}", places) : quote.request.route,
    x + half + 10,
    y,
    half,
    32,
  );
  y += 32;
  const third = width / 3;
  // The goods' kind, 'Not given' and the freight types are the form's own words; a weight is as typed.
  cell(doc, t("Goods"), w.word(quote.request.parcelType), x, y, third, 32);
  cell(doc, t("Weight (as requested)"), w.word(quote.request.weight), x + third, y, third, 32);
  const freight = quote.request.freightTypes.map((type) => w.word(type)).join(", ");
  cell(doc, t("Freight"), freight, x + 2 * third, y, third, 32);
  y += 42;

  // The price lines, amounts right-aligned, and the total.
  const amountWidth = 130;
  const descriptionWidth = width - amountWidth - 10;
  caption(doc, t("Description"), x, y, descriptionWidth);
  caption(
    doc,
    t("Amount ({currency})", { currency: quote.currency }),
    x + descriptionWidth + 10,
    y,
    amountWidth,
  );
  y += 10;
  rule(doc, x, y, width);
  y += 4;
  for (const line of quote.lines) {
    fitLine(doc, line.description, x, y, descriptionWidth, { size: 9.5, minSize: 7 });
    fitLine(doc, w.money(line.amountMinor, quote.currency), x + descriptionWidth + 10, y, amountWidth, {
      size: 9.5,
      minSize: 7,
      align: "right",
    });
    y += ROW;
  }
  rule(doc, x, y, width);
  y += 5;
  fitLine(doc, t("Total"), x, y, descriptionWidth, { size: 11, bold: true });
  fitLine(doc, w.money(quote.totalMinor, quote.currency), x + descriptionWidth + 10, y, amountWidth, {
    size: 11,
    minSize: 8,
    bold: true,
    align: "right",
  });
  y += 24;

  const incoterm = quote.incoterm ? `${quote.incoterm} (${incotermName(quote.incoterm, w.locale)})` : "";
  cell(doc, t("Valid until"), validUntil, x, y, third, 32);
  cell(doc, t("Transit time"), quote.transitTime ?? "", x + third, y, third, 32);
  cell(doc, t("Incoterm (2020)"), incoterm, x + 2 * third, y, third, 32);
  y += 40;

  if (quote.note) {
    frame(doc, x, y, width, 52);
    caption(doc, t("Note"), x + 5, y + 4, width - 10);
    flowText(doc, quote.note, x + 5, y + 15, width - 10, 34, { size: 8.5 });
    y += 60;
  }
  const termsHeight = Math.max(60, Math.min(150, doc.page.height - A4_MARGIN - y - 110));
  frame(doc, x, y, width, termsHeight);
  caption(doc, t("Terms"), x + 5, y + 4, width - 10);
  flowText(doc, quote.terms ?? "", x + 5, y + 15, width - 10, termsHeight - 19, { size: 7.5 });
  y += termsHeight + 10;

  if (quote.link) {
    const qr = 84;
    drawQr(doc, quote.link, x + width - qr, y, qr);
    fitLine(doc, t("Accept or decline this quote online:"), x, y + 14, width - qr - 10, {
      size: 10,
      bold: true,
    });
    fitLine(doc, quote.link, x, y + 32, width - qr - 10, { size: 8, minSize: 5.5 });
    fitLine(
      doc,
      t("This quote is valid until the end of {date}.", { date: validUntil }),
      x,
      y + 50,
      width - qr - 10,
      { size: 8.5 },
    );
  } else if (quote.draft) {
    fitLine(doc, t("A draft: not sent to the customer, and it cannot be accepted."), x, y + 14, width, {
      size: 9,
    });
  } else {
    fitLine(
      doc,
      quote.sentAt
        ? t(
            "Sent to {email} on {date}: the customer accepts or declines it through the link in that e-mail.",
            { email: quote.customer.email, date: printedDate(quote.sentAt, context.timeZone, w.locale) },
          )
        : t("Sent to {email}: the customer accepts or declines it through the link in that e-mail.", {
            email: quote.customer.email,
          }),
      x,
      y + 14,
      width,
      { size: 9, minSize: 7 },
    );
  }

  if (quote.draft) watermark(doc, t("DRAFT"));
  return finishPdf(doc);
}
