// The quote page's action, called as the browser posts it, on a real database: what the clerk sees on screen is
// what the customer gets (the e-mail, its PDF and the link's page), and the request is read once staff act on it.
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as quotePage from "#app/routes/admin/quote-requests.$id.quote.tsx";
import { outbox, outboxAttachments, quoteRequests, quotes } from "#app/server/db/schema.ts";
import { pdfPagesText } from "#app/server/documents/pdf-readers.test-support.ts";
import { createQuoteRequest } from "#app/server/quotes/quote-requests.server.ts";
import { defaultValidUntil, listQuotes } from "#app/server/quotes/quotes.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { signInStaff } from "#tests/setup/staff-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

const BASE = "http://localhost";
let services: Services;
let cookie: string;

beforeAll(async () => {
  services = await createTestServices(
    { SITE_URL: "https://unitrans.example" },
    { outbox: { autostart: false } },
  );
  ({ cookie } = await signInStaff({ ...services, email: "quote-page@example.com" }));
});
afterAll(() => services?.close());

let serial = 0;
async function newRequest({ lastName = "Flomo" }: { lastName?: string } = {}) {
  serial++;
  const { id } = await createQuoteRequest({
    db: services.db,
    input: {
      firstName: "Musu",
      lastName,
      email: `quote-page-${serial}@example.com`,
      phone: "+231770123456",
      cityDeparture: "Monrovia",
      deliveryCity: "Accra",
      parcelType: "Pallets",
      weight: "250 kg",
      readyDate: "2026-12-10",
      specialInfo: "Keep dry\nReady on 2026-12-10, 3 pallets 120x100x150 cm",
      freightTypes: ["sea", "road"],
    },
    submissionKey: `quote-page-${serial}-key-0000`,
  });
  return { id: id!, email: `quote-page-${serial}@example.com` };
}

async function post(id: string, intent: string, amount: string) {
  const { timeZone } = await services.siteSettings.get();
  const body = new URLSearchParams({
    intent,
    currency: "USD",
    validUntil: defaultValidUntil(timeZone),
    transitTime: "5-7 days",
    incoterm: "FOB",
    terms: "",
    note: "",
    lineDescription: "Ocean freight",
    lineAmount: amount,
  });
  const request = new Request(`${BASE}/admin/quote-requests/${id}/quote`, {
    method: "POST",
    body,
    headers: { cookie, origin: BASE },
  });
  try {
    return await quotePage.action({ request, context: createTestContext(services), params: { id } } as never);
  } catch (error) {
    return error;
  }
}

async function mailTo(email: string) {
  const rows = await services.db.select().from(outbox).where(eq(outbox.to, email));
  return rows;
}

describe("the quote page's action", () => {
  it("'Send quote' sends the amounts on screen, not the draft saved before them", async () => {
    const { id, email } = await newRequest();
    expect(((await post(id, "save-draft", "100")) as Response).status).toBe(302);
    // The clerk changes the amount and presses 'Send quote' without saving first.
    const sent = (await post(id, "send-quote", "250")) as Response;
    expect(sent.status).toBe(302);

    const [mail, ...more] = await mailTo(email);
    expect(more).toEqual([]);
    expect(mail!.text).toContain("Ocean freight: 250.00 USD");
    expect(mail!.text).toContain("Total: 250.00 USD");
    expect(mail!.text).not.toContain("100.00");
    const [attachment] = await services.db
      .select()
      .from(outboxAttachments)
      .where(eq(outboxAttachments.outboxId, mail!.id));
    const [pdfText] = await pdfPagesText(Buffer.from(attachment!.content));
    expect(pdfText).toMatch(/Total\s+250\.00 USD/);
    expect(pdfText).not.toContain("100.00");

    // One version, the one sent, holding what was on screen.
    const versions = await listQuotes({ db: services.db, requestId: id });
    expect(versions.map((q) => [q.version, q.state, q.totalMinor])).toEqual([[1, "sent", 25000]]);
  });

  it("sends at once without a saved draft, and after a sent version sends the next one as shown", async () => {
    const { id, email } = await newRequest();
    expect(((await post(id, "send-quote", "75")) as Response).status).toBe(302);
    expect(((await post(id, "send-quote", "80")) as Response).status).toBe(302);
    const mails = await mailTo(email);
    expect(mails.map((m) => /Total: (.+)/.exec(m.text)?.[1]).sort()).toEqual(["75.00 USD", "80.00 USD"]);
    const rows = await services.db
      .select({ version: quotes.version, total: quotes.totalMinor, replacedAt: quotes.replacedAt })
      .from(quotes)
      .where(eq(quotes.quoteRequestId, id))
      .orderBy(asc(quotes.version));
    expect(rows.map((r) => [r.version, r.total, r.replacedAt !== null])).toEqual([
      [1, 7500, true],
      [2, 8000, false],
    ]);
  });

  it("refuses to send a form with errors: nothing is saved or sent, the values typed come back", async () => {
    const { id, email } = await newRequest();
    expect(((await post(id, "save-draft", "100")) as Response).status).toBe(302);
    const refused = (await post(id, "send-quote", "-5")) as { data: unknown; init: ResponseInit };
    expect(refused.init.status).toBe(400);
    expect(refused.data).toMatchObject({
      intent: "send-quote",
      errors: { "lines.0.amount": "The amount cannot be negative" },
      values: { lines: [{ description: "Ocean freight", amount: "-5" }] },
    });
    expect(await mailTo(email)).toEqual([]);
    const versions = await listQuotes({ db: services.db, requestId: id });
    expect(versions.map((q) => [q.state, q.totalMinor])).toEqual([["draft", 10000]]);
  });

  it("shows the request it prices: contact, route, freight types, cargo and the special information", async () => {
    const { id } = await newRequest();
    const page = await quotePage.loader({
      request: new Request(`${BASE}/admin/quote-requests/${id}/quote`, { headers: { cookie } }),
      context: createTestContext(services),
      params: { id },
    } as never);
    expect(page.request).toMatchObject({
      name: "Musu Flomo",
      phone: "+231770123456",
      route: "Monrovia → Accra",
      freightTypes: ["Sea Freight", "Road Transport"],
      parcelType: "Pallets",
      weight: "250 kg",
      readyDate: "2026-12-10",
      specialInfo: "Keep dry\nReady on 2026-12-10, 3 pallets 120x100x150 cm",
    });
  });

  it("marks the request read when staff save or send its quote", async () => {
    const isRead = async (id: string) =>
      (await services.db.select().from(quoteRequests).where(eq(quoteRequests.id, id)))[0]!.isRead;
    const saved = await newRequest();
    expect(await isRead(saved.id)).toBe(false);
    await post(saved.id, "save-draft", "100");
    expect(await isRead(saved.id)).toBe(true);
    const sent = await newRequest();
    await post(sent.id, "send-quote", "100");
    expect(await isRead(sent.id)).toBe(true);
  });

  it("greets a requester who gave one name (the Services form's) without a stray space", async () => {
    const { id, email } = await newRequest({ lastName: "" });
    await post(id, "send-quote", "100");
    const [mail] = await mailTo(email);
    expect(mail!.text).toMatch(/^Dear Musu,\n/);
  });
});
