// The quote's PDF routes, called directly on a real database: the staff copy (session, versions) and the
// customer's copy behind their link (wrong, replaced and draft tokens, headers, the rate limit).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as staffLoader } from "#app/routes/resources/admin.quote-requests.$id.quote.pdf.ts";
import { loader as customerLoader } from "#app/routes/resources/quote.$token.pdf.ts";
import { quotes } from "#app/server/db/schema.ts";
import { decodePages, pdfPagesText } from "#app/server/documents/pdf-readers.test-support.ts";
import { createQuoteRequest } from "#app/server/quotes/quote-requests.server.ts";
import {
  defaultValidUntil,
  hashQuoteToken,
  saveQuoteDraft,
  sendQuote,
} from "#app/server/quotes/quotes.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { thrownStatus } from "#tests/setup/responses.ts";
import { signInStaff } from "#tests/setup/staff-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";
import { tamperedToken } from "#tests/setup/tokens.ts";

const SITE = "https://unitrans.example";
let services: Services;
let cookie: string;

beforeAll(async () => {
  services = await createTestServices({ SITE_URL: SITE, TRACK_RATE_LIMIT: "5" });
  ({ cookie } = await signInStaff({ ...services, email: "quote-pdf@example.com" }));
});
afterAll(() => services.close());

let serial = 0;
const settings = async () => services.siteSettings.get();

async function quotedRequest() {
  serial++;
  const { id } = await createQuoteRequest({
    db: services.db,
    input: {
      firstName: "Musu",
      lastName: `Flomo${serial}`,
      email: `musu${serial}@example.com`,
      cityDeparture: "Monrovia",
      deliveryCity: "Accra",
      parcelType: "Pallets",
      weight: "250 kg",
      specialInfo: "",
      freightTypes: ["sea"],
    },
    submissionKey: `quote-pdf-${serial}-key-0000`,
  });
  const { timeZone } = await settings();
  const draft = (amount: number) =>
    saveQuoteDraft({
      db: services.db,
      requestId: id!,
      input: {
        currency: "USD",
        validUntil: defaultValidUntil(timeZone),
        transitTime: "5-7 days",
        incoterm: "FOB",
        terms: "Payment before release.",
        note: null,
        lines: [{ description: "Ocean freight", amountMinor: amount }],
      },
      staffId: null,
      timeZone,
    });
  const send = async () => {
    const sent = await sendQuote({
      db: services.db,
      config: services.config,
      logger: services.logger,
      requestId: id!,
      staffId: null,
      settings: await settings(),
    });
    if (!sent.ok) throw new Error(sent.reason);
    return sent.token;
  };
  return { id: id!, draft, send };
}

const staff = (path: string, signedIn = true) =>
  staffLoader({
    request: new Request(`http://localhost${path}`, { headers: signedIn ? { cookie } : {} }),
    params: { id: path.split("/")[3]! },
    context: createTestContext(services),
  } as never);

const customer = (token: string, clientIp?: string) =>
  customerLoader({
    request: new Request(`http://localhost/quote/${token}/pdf`),
    params: { token },
    context: createTestContext(services, clientIp),
  } as never) as Promise<Response>;

describe("the staff copy", () => {
  it("prints the newest version or the one asked for, a draft marked as such, for signed-in staff only", async () => {
    const request = await quotedRequest();
    await request.draft(120000);
    await request.send();
    await request.draft(99000);
    const newest = (await staff(`/admin/quote-requests/${request.id}/quote.pdf`)) as Response;
    expect(newest.headers.get("Content-Type")).toBe("application/pdf");
    expect(newest.headers.get("Cache-Control")).toBe("private, no-store");
    expect(newest.headers.get("Content-Disposition")).toBe(
      `inline; filename="Quote-Q-${request.id.slice(0, 8).toUpperCase()}-v2.pdf"`,
    );
    const draftText = (await pdfPagesText(Buffer.from(await newest.arrayBuffer())))[0]!;
    expect(draftText).toContain("QUOTATION (DRAFT)");
    expect(draftText).toContain("990.00 USD");

    const first = (await staff(`/admin/quote-requests/${request.id}/quote.pdf?version=1`)) as Response;
    const firstPdf = Buffer.from(await first.arrayBuffer());
    const sentText = (await pdfPagesText(firstPdf))[0]!;
    expect(sentText).toContain("1,200.00 USD");
    expect(sentText).toContain(`Sent to musu${serial}@example.com`);
    expect(await decodePages(firstPdf)).toEqual([[]]);

    for (const path of [
      `/admin/quote-requests/${request.id}/quote.pdf?version=3`,
      `/admin/quote-requests/${request.id}/quote.pdf?version=0`,
      `/admin/quote-requests/${request.id}/quote.pdf?version=1e3`,
      "/admin/quote-requests/00000000-0000-4000-8000-000000000000/quote.pdf",
      "/admin/quote-requests/not-a-uuid/quote.pdf",
    ]) {
      expect(await thrownStatus(staff(path)), path).toBe(404);
    }
    const anonymous = await thrownStatus(staff(`/admin/quote-requests/${request.id}/quote.pdf`, false));
    expect(anonymous).toBe(302);
  });
});

describe("the customer's copy", () => {
  it("prints the sent version with its link, refuses a replaced or unknown one, and sends no referrer", async () => {
    const request = await quotedRequest();
    await request.draft(120000);
    const token = await request.send();
    const response = await customer(token);
    expect(response.status).toBe(200);
    expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const pdf = Buffer.from(await response.arrayBuffer());
    expect((await pdfPagesText(pdf))[0]).toContain("Accept or decline this quote online");
    expect((await decodePages(pdf)).flat()).toContainEqual({
      type: "QR-Code",
      data: `${SITE}/quote/${token}`,
    });

    await request.draft(110000);
    const newer = await request.send();
    const replaced = await customer(token);
    expect(replaced.status).toBe(410);
    expect(await replaced.text()).toContain("replaced by a newer version");
    expect((await customer(newer)).status).toBe(200);

    for (const wrong of [tamperedToken(token), "short", "a".repeat(43)]) {
      const answer = await customer(wrong);
      expect(answer.status, wrong).toBe(404);
      expect(await answer.text()).toBe("Page not found");
    }
  });

  it("answers an expired quote as its page does, with 410 and the date it ended", async () => {
    const request = await quotedRequest();
    await request.draft(90000);
    const token = await request.send();
    expect((await customer(token)).status).toBe(200);
    await services.db
      .update(quotes)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(quotes.tokenHash, hashQuoteToken(token)));
    const expired = await customer(token);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toMatch(
      /^This quote expired at the end of .+\. Contact us for a new quote\.$/,
    );
  });

  it("is rate limited like the quote page", async () => {
    const ip = "198.51.100.77";
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await customer("b".repeat(43), ip)).status);
    expect(statuses.slice(0, 5)).toEqual([404, 404, 404, 404, 404]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});
