import { data, type RouterContextProvider } from "react-router";
import { formatCalendarDate } from "#app/lib/format.ts";
import { formatMoneyIn } from "#app/lib/i18n/format.ts";
import type { Locale } from "#app/lib/i18n/locale.ts";
import {
  CONTROL_CHARACTER,
  CONTROL_CHARACTER_EXCEPT_LINES,
  normalizeLineBreaks,
} from "#app/schemas/rules/form-rules.ts";
import {
  documentContext,
  documentRefusal,
  pdfResponse,
} from "#app/server/documents/document-response.server.ts";
import {
  type AnswerResult,
  answerQuote,
  type PublicQuote,
  type QuoteAnswer,
  type QuoteKey,
  queueQuoteAnswerMail,
} from "#app/server/quotes/quote-link.server.ts";
import { quoteDocument, renderQuotePdf } from "#app/server/quotes/quote-pdf.server.ts";
import {
  type CustomerQuoteView,
  QUOTE_ANSWER_LIMITS,
  type QuoteAnswerReply,
} from "#app/server/quotes/quote-views.ts";
import type { Services } from "#app/server/services.server.ts";

// The customer's side of a sent quote (decision 016; decision 029 for the account): what the page shows and what
// 'Accept quote' and 'Decline' do. The e-mail's link (/quote/:token) and the account (/account/quotes/:id) both
// come here, so an answer from either is the same event under the same rules.

/** A quote as its customer reads it, its money in the page's language ('150 000 F CFA' in French). */
export function customerQuoteView(
  { quote, status, request }: PublicQuote,
  locale: Locale = "en",
): CustomerQuoteView {
  return {
    status,
    customer: `${request.firstName} ${request.lastName}`,
    route: `${request.cityDeparture} ${locale === "fr" ? "→" : "to"} ${request.deliveryCity}`,
    version: quote.version,
    lines: quote.lines.map((line) => ({
      description: line.description,
      amount: formatMoneyIn(locale, line.amountMinor, quote.currency),
    })),
    total: formatMoneyIn(locale, quote.totalMinor, quote.currency),
    validUntil: quote.validUntil,
    transitTime: quote.transitTime,
    incoterm: quote.incoterm,
    terms: quote.terms,
    note: quote.note,
    acceptedName: quote.acceptedName,
    acceptedAt: quote.acceptedAt?.toISOString() ?? null,
    declinedAt: quote.declinedAt?.toISOString() ?? null,
  };
}

const refuse = (errors: Extract<QuoteAnswerReply, { ok: false }>["errors"], status = 400) =>
  data<QuoteAnswerReply>({ ok: false, errors }, { status });

/** The answer a posted form gives ('accept' with a name, 'decline' with an optional comment), or its refusal. */
function readQuoteAnswer({
  formData,
  request,
  clientIp,
}: {
  formData: FormData | null;
  request: Request;
  clientIp: string;
}): { ok: true; answer: QuoteAnswer } | { ok: false; reply: ReturnType<typeof refuse> } {
  const intent = formData?.get("intent");
  const field = (name: string) => {
    const value = formData?.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  if (intent === "accept") {
    const name = field("name");
    if (name === "") return { ok: false, reply: refuse({ name: "Enter your name" }) };
    // The name heads the staff's e-mail: a line break in it could add lines of its own.
    if (CONTROL_CHARACTER.test(name))
      return { ok: false, reply: refuse({ name: "Your name contains characters that are not allowed." }) };
    if (name.length > QUOTE_ANSWER_LIMITS.name)
      return { ok: false, reply: refuse({ name: `At most ${QUOTE_ANSWER_LIMITS.name} characters` }) };
    const userAgent = request.headers.get("user-agent")?.slice(0, 500) ?? null;
    return { ok: true, answer: { kind: "accept", name, ip: clientIp, userAgent } };
  }
  if (intent === "decline") {
    const comment = normalizeLineBreaks(field("comment"));
    if (CONTROL_CHARACTER_EXCEPT_LINES.test(comment))
      return {
        ok: false,
        reply: refuse({ comment: "Your comment contains characters that are not allowed." }),
      };
    if (comment.length > QUOTE_ANSWER_LIMITS.comment)
      return { ok: false, reply: refuse({ comment: `At most ${QUOTE_ANSWER_LIMITS.comment} characters` }) };
    return { ok: true, answer: { kind: "decline", comment: comment === "" ? null : comment } };
  }
  return { ok: false, reply: refuse({ form: "The form could not be read. Please try again." }) };
}

/**
 * 'Accept quote' or 'Decline' posted for the quote `key` names: the answer recorded (answerQuote: once, while
 * the quote is open), the staff told by e-mail. 400 for a form that does not read, 404 for no such quote, 409
 * when it is no longer open (answered, expired or replaced meanwhile: the page reloads and says which).
 */
export async function answerQuoteForm({
  services,
  clientIp,
  request,
  formData,
  key,
}: {
  services: Pick<Services, "db" | "config" | "logger" | "siteSettings">;
  clientIp: string;
  request: Request;
  formData: FormData | null;
  key: QuoteKey;
}) {
  const { db, config, logger, siteSettings } = services;
  const read = readQuoteAnswer({ formData, request, clientIp });
  if (!read.ok) return read.reply;
  const result: AnswerResult = await answerQuote({ db, answer: read.answer, ...key });
  if (result.outcome === "not-found") return refuse({}, 404);
  if (result.outcome === "closed") return refuse({}, 409);
  logger.info({ quoteId: result.quoteId, outcome: result.outcome }, "A customer answered a quote");
  try {
    await queueQuoteAnswerMail({
      db,
      config,
      logger,
      requestId: result.requestId,
      quoteId: result.quoteId,
      settings: await siteSettings.get(),
    });
  } catch (error) {
    // The answer is recorded and the bell hears it; a failed staff e-mail must not undo it.
    logger.error(
      { err: error, quoteId: result.quoteId },
      "Queuing the staff e-mail about a quote answer failed",
    );
  }
  return { ok: true, outcome: result.outcome } satisfies QuoteAnswerReply;
}

/**
 * A sent quote's PDF for its customer, printing `link` (the page it was opened from). A version replaced by a
 * newer one is not offered (the newer e-mail has its own link), nor an expired one: no price sheet
 * that looks valid after its validity.
 */
export async function customerQuotePdf({
  context,
  found,
  link,
  locale,
}: {
  context: Readonly<RouterContextProvider>;
  found: PublicQuote;
  link: string;
  /** The language of the address it is opened from (decision 030). */
  locale: Locale;
}): Promise<Response> {
  if (found.status === "draft") return documentRefusal("Page not found", 404);
  if (found.status === "replaced") {
    return documentRefusal(
      "This quote was replaced by a newer version, sent to you by e-mail. Please use the link in that message.",
      410,
    );
  }
  if (found.status === "expired") {
    return documentRefusal(
      `This quote expired at the end of ${formatCalendarDate(found.quote.validUntil)}. Contact us for a new quote.`,
      410,
    );
  }
  const { pdf, filename } = await renderQuotePdf({
    document: quoteDocument({ request: found.request, quote: found.quote, lines: found.quote.lines, link }),
    context: await documentContext(context, undefined, locale),
  });
  return pdfResponse(pdf, filename);
}
