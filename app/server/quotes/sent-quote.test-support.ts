import type { Locale } from "#app/lib/i18n/locale.ts";
import { createQuoteRequest } from "#app/server/quotes/quote-requests.server.ts";
import { saveQuoteDraft, sendQuote } from "#app/server/quotes/quotes.server.ts";
import type { Services } from "#app/server/services.server.ts";

// Tests' fixture: a quote request from Monrovia to Accra and its quote (sea freight 1,200.50 USD and customs
// clearance 45.00 unless `lines` say otherwise) sent to `email`, made through the same functions as the pages.

type QuoteDraft = Parameters<typeof saveQuoteDraft>[0]["input"];

let counter = 0;

export async function sentQuote({
  services,
  email,
  settings,
  validUntil,
  language = "en",
  currency = "USD",
  lines = [
    { description: "Sea freight", amountMinor: 120_050 },
    { description: "Customs clearance", amountMinor: 4_500 },
  ],
  now,
  requester = {},
}: {
  services: Pick<Services, "db" | "config" | "logger">;
  email: string;
  /** What else the requester typed on the quote form: their company, their phone (E.164). */
  requester?: { company?: string; phone?: string };
  settings: Parameters<typeof sendQuote>[0]["settings"];
  /** YYYY-MM-DD, after `now`'s date. */
  validUntil: string;
  /** The language of the page the request was sent from: the quote's e-mail is in it. */
  language?: Locale;
  currency?: QuoteDraft["currency"];
  lines?: QuoteDraft["lines"];
  now?: Date;
}): Promise<{ requestId: string; quoteId: string; token: string }> {
  counter += 1;
  const { db, config, logger } = services;
  const { id: requestId } = await createQuoteRequest({
    db,
    input: {
      firstName: "Ama",
      lastName: "Mensah",
      email,
      ...requester,
      cityDeparture: "Monrovia",
      deliveryCity: "Accra",
      parcelType: "Pallets",
      weight: "250 kg",
      specialInfo: "",
      freightTypes: ["sea"],
    },
    submissionKey: `sent-quote-${counter}-${Math.random()}`,
    language,
  });
  await saveQuoteDraft({
    db,
    requestId: requestId!,
    staffId: null,
    timeZone: settings.timeZone,
    input: { currency, validUntil, transitTime: null, incoterm: null, terms: null, note: null, lines },
  });
  const sent = await sendQuote({ db, config, logger, requestId: requestId!, staffId: null, settings, now });
  if (!sent.ok) throw new Error(sent.reason);
  return { requestId: requestId!, quoteId: sent.quoteId, token: sent.token };
}
