import { expect } from "vitest";
import { answerQuote } from "#app/server/quotes/quote-link.server.ts";
import type { sendQuote } from "#app/server/quotes/quotes.server.ts";
import { sentQuote } from "#app/server/quotes/sent-quote.test-support.ts";
import type { Services } from "#app/server/services.server.ts";

// Tests' fixture: a quote request whose quote (sea freight 1,200.50 USD and customs clearance 45.00) the customer
// accepted, made through the same functions as the pages (invoices start from it).

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
  const sent = await sentQuote({ services, email, requester, settings, validUntil, now });
  const answered = await answerQuote({
    db: services.db,
    token: sent.token,
    answer: { kind: "accept", name: "Ama Mensah", ip: "203.0.113.9", userAgent: "Phone" },
    now,
  });
  expect(answered.outcome).toBe("accepted");
  return sent.quoteId;
}
