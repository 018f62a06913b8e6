import { expect } from "vitest";
import { createQuoteRequest } from "#app/server/quotes/quote-requests.server.ts";
import { answerQuote, saveQuoteDraft, sendQuote } from "#app/server/quotes/quotes.server.ts";
import type { Services } from "#app/server/services.server.ts";

// Tests' fixture: a quote request whose quote (sea freight 1,200.50 USD and customs clearance 45.00) the customer
// accepted, made through the same functions as the pages (issue 28's invoices start from it).

let counter = 0;

export async function acceptedQuote({
  services,
  email,
  settings,
  validUntil,
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
  now?: Date;
}): Promise<string> {
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
    submissionKey: `accepted-quote-${counter}-${Math.random()}`,
  });
  await saveQuoteDraft({
    db,
    requestId: requestId!,
    staffId: null,
    timeZone: settings.timeZone,
    input: {
      currency: "USD",
      validUntil,
      transitTime: null,
      incoterm: null,
      terms: null,
      note: null,
      lines: [
        { description: "Sea freight", amountMinor: 120_050 },
        { description: "Customs clearance", amountMinor: 4_500 },
      ],
    },
  });
  const sent = await sendQuote({ db, config, logger, requestId: requestId!, staffId: null, settings, now });
  if (!sent.ok) throw new Error(sent.reason);
  const answered = await answerQuote({
    db,
    token: sent.token,
    answer: { kind: "accept", name: "Ama Mensah", ip: "203.0.113.9", userAgent: "Phone" },
    now,
  });
  expect(answered.outcome).toBe("accepted");
  return sent.quoteId;
}
