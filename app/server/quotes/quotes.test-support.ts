import { createQuoteRequest } from "#app/server/quotes/quote-requests.server.ts";
import { saveQuoteDraft, sendQuote } from "#app/server/quotes/quotes.server.ts";
import type { Services } from "#app/server/services.server.ts";

// Tests' fixtures for quotes.server.test.ts and bookings.server.test.ts: the company (in Monrovia, UTC+0) and its
// clock, a quote request from Monrovia to Accra, a draft's input and a sent quote (three lines, 1,245.51 USD,
// valid until 2026-12-07), made through the same functions as the pages. Each test file opens its own services
// and hands them over as a getter, read when a fixture runs (after its beforeAll).

export const SITE = "https://freight.example";
export const TZ = "Africa/Monrovia";
export const NOW = new Date("2026-11-23T10:00:00Z");
export const settings = {
  companyName: "Unitrans",
  timeZone: TZ,
  email: "ops@unitrans.example",
  phone: "+231 555 0100",
  address: "Freeport of Monrovia, Bushrod Island",
};

/** How many requests newRequest made: tests put it in addresses and tracking numbers to keep them unique. */
export let counter = 0;

export const input = (lines: [string, number][], validUntil = "2026-12-07") => ({
  currency: "USD" as const,
  validUntil,
  transitTime: "12 days",
  incoterm: "FOB" as const,
  terms: "Payment before release.",
  note: null,
  lines: lines.map(([description, amountMinor]) => ({ description, amountMinor })),
});

export function quoteFixtures(getServices: () => Services) {
  async function newRequest(
    overrides: Partial<{ email: string; weight: string; freightTypes: string[] }> = {},
  ) {
    counter += 1;
    const { id } = await createQuoteRequest({
      db: getServices().db,
      input: {
        firstName: "Ama",
        lastName: "Mensah",
        email: overrides.email ?? `ama${counter}@example.com`,
        cityDeparture: "Monrovia",
        deliveryCity: "Accra",
        parcelType: "Pallets",
        weight: overrides.weight ?? "250 kg",
        specialInfo: "Fragile",
        freightTypes: (overrides.freightTypes ?? ["sea"]) as ["sea"],
      },
      submissionKey: `k-${counter}-${Math.random()}`,
    });
    return id!;
  }

  async function sentQuote(requestId: string) {
    const services = getServices();
    await saveQuoteDraft({
      db: services.db,
      requestId,
      input: input([
        ["Freight", 120050],
        ["Origin charges", 4500],
        ["Customs clearance", 1],
      ]),
      staffId: null,
      timeZone: TZ,
    });
    const sent = await sendQuote({
      db: services.db,
      config: services.config,
      logger: services.logger,
      requestId,
      staffId: null,
      settings,
      now: NOW,
    });
    if (!sent.ok) throw new Error(sent.reason);
    return sent;
  }

  return { newRequest, sentQuote };
}
