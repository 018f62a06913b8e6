import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as pdfLoader } from "#app/routes/resources/account.quotes.$id.quote.pdf.ts";
import { loader as publicLoader } from "#app/routes/site/quote.$token.tsx";
import {
  bodyOf,
  callAccount,
  signedInCustomer,
  statusOf,
  type TestCustomer,
} from "#app/server/customers/customer-billing.test-support.ts";
import { outbox, quoteRequests, quotes, shipments } from "#app/server/db/schema.ts";
import { pdfPagesText } from "#app/server/documents/pdf-readers.test-support.ts";
import { createQuoteRequest } from "#app/server/quotes/quote-requests.server.ts";
import { defaultValidUntil, saveQuoteDraft, sendQuote } from "#app/server/quotes/quotes.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";
import { action, loader } from "./quotes.$id.tsx";
import { loader as listLoader } from "./quotes.tsx";

let services: Services;
let ama: TestCustomer;
let kofi: TestCustomer;
beforeAll(async () => {
  services = await createTestServices({ SITE_URL: "https://freight.example" });
  ama = await signedInCustomer(services, { company: "Mensah Trading", memberEmail: "ama@mensah.example" });
  kofi = await signedInCustomer(services, {
    company: "Boateng Imports",
    memberEmail: "kofi@boateng.example",
  });
});
afterAll(() => services?.close());

/** A quote request from `email` with a quote of `amount` (minor units); sent unless `draft`. */
async function quoteFor(email: string, { amountMinor = 50000, draft = false, city = "Accra" } = {}) {
  const { id } = await createQuoteRequest({
    db: services.db,
    input: {
      firstName: "Ama",
      lastName: "Mensah",
      email,
      cityDeparture: "Monrovia",
      deliveryCity: city,
      parcelType: "Pallets",
      weight: "250 kg",
      specialInfo: "",
      freightTypes: ["sea"],
    },
    submissionKey: crypto.randomUUID(),
  });
  const settings = await services.siteSettings.get();
  const saved = await saveQuoteDraft({
    db: services.db,
    requestId: id!,
    input: {
      currency: "USD",
      validUntil: defaultValidUntil(settings.timeZone),
      transitTime: null,
      incoterm: null,
      terms: null,
      note: null,
      lines: [{ description: "Freight", amountMinor }],
    },
    staffId: null,
    timeZone: settings.timeZone,
  });
  if (!saved.ok) throw new Error(saved.reason);
  if (draft) return { requestId: id!, quoteId: saved.quoteId, token: null };
  const sent = await sendQuote({
    db: services.db,
    config: services.config,
    logger: services.logger,
    requestId: id!,
    staffId: null,
    settings,
  });
  if (!sent.ok) throw new Error(sent.reason);
  return { requestId: id!, quoteId: saved.quoteId, token: sent.token };
}

const page = (id: string, customer: TestCustomer) =>
  callAccount(services, loader, { path: `/account/quotes/${id}`, params: { id }, customer });
const answer = (id: string, customer: TestCustomer, form: Record<string, string>) =>
  callAccount(services, action, { path: `/account/quotes/${id}`, params: { id }, customer, form });
const pdf = (id: string, customer: TestCustomer) =>
  callAccount(services, pdfLoader, { path: `/account/quotes/${id}/quote.pdf`, params: { id }, customer });
const list = (customer: TestCustomer, query = "") =>
  callAccount(services, listLoader, { path: `/account/quotes${query}`, customer });

describe("the account's quotes", () => {
  it("lists the company's sent quotes (by member, party e-mail or booking), newest first, never drafts or others'", async () => {
    const byMember = await quoteFor("AMA@Mensah.example", { city: "Accra" });
    const byParty = await quoteFor(ama.shipper.email, { city: "Lagos" });
    const booked = await quoteFor("someone-else@example.com", { city: "Dakar" });
    const [shipment] = await services.db
      .insert(shipments)
      .values({
        trackingNumber: `UTG-${Date.now()}`,
        status: "Pending",
        originLocation: "Monrovia",
        destinationLocation: "Dakar",
        shipperId: ama.shipper.id,
      })
      .returning();
    await services.db
      .update(quoteRequests)
      .set({ bookedShipmentId: shipment!.id })
      .where(eq(quoteRequests.id, booked.requestId));
    const draft = await quoteFor("ama@mensah.example", { draft: true, city: "Abidjan" });
    const theirs = await quoteFor("kofi@boateng.example", { city: "Tema" });

    const mine = bodyOf<{ rows: { id: string; route: string; statusLabel: string }[] }>(await list(ama));
    const ids = mine.rows.map((row) => row.id);
    expect(ids).toEqual([booked.quoteId, byParty.quoteId, byMember.quoteId]);
    expect(ids).not.toContain(draft.quoteId);
    expect(ids).not.toContain(theirs.quoteId);
    expect(mine.rows[0]).toMatchObject({ route: "Monrovia to Dakar", statusLabel: "Awaiting your answer" });
    const other = bodyOf<{ rows: { id: string }[] }>(await list(kofi));
    expect(other.rows.map((row) => row.id)).toEqual([theirs.quoteId]);

    // Another company's quote, a draft and an id of nothing answer alike: 404, for the page, the PDF and the action.
    for (const id of [theirs.quoteId, draft.quoteId, crypto.randomUUID(), "not-an-id"]) {
      expect(statusOf(await page(id, ama))).toBe(404);
      expect(statusOf(await pdf(id, ama))).toBe(404);
      expect(statusOf(await answer(id, ama, { intent: "accept", name: "Ama" }))).toBe(404);
    }
    const [theirRow] = await services.db.select().from(quotes).where(eq(quotes.id, theirs.quoteId));
    expect(theirRow!.state).toBe("sent");
  });

  it("accepts from the account as from the e-mail's link: the same record, the same refusal a second time", async () => {
    const { quoteId, token, requestId } = await quoteFor("ama@mensah.example", { city: "Freetown" });
    const shown = bodyOf<{ quote: Record<string, unknown>; defaultName: string }>(await page(quoteId, ama));
    expect(shown.quote).toMatchObject({ status: "open", total: "500.00 USD", route: "Monrovia to Freetown" });
    expect(shown.defaultName).toBe("Ama Kofi Mensah");
    // The page shows what the e-mail's page shows.
    const fromLink = bodyOf(
      await publicLoader({
        request: new Request(`https://freight.example/quote/${token}`),
        params: { token: token! },
        context: createTestContext(services),
      } as never),
    );
    expect(fromLink).toEqual({ kind: "found", ...shown.quote });

    expect(statusOf(await answer(quoteId, ama, { intent: "accept", name: " " }))).toBe(400);
    expect(bodyOf(await answer(quoteId, ama, { intent: "accept", name: "Ama Mensah" }))).toEqual({
      ok: true,
      outcome: "accepted",
    });
    const [row] = await services.db.select().from(quotes).where(eq(quotes.id, quoteId));
    expect(row).toMatchObject({
      state: "accepted",
      acceptedName: "Ama Mensah",
      acceptedUserAgent: "PhoneBrowser",
    });
    expect(row!.acceptedIp).toBeTruthy();
    const [request] = await services.db.select().from(quoteRequests).where(eq(quoteRequests.id, requestId));
    expect(request).toMatchObject({ quoteState: "accepted", isRead: false });
    const settings = await services.siteSettings.get();
    const staffMail = await services.db.select().from(outbox).where(eq(outbox.to, settings.email));
    expect(staffMail.filter((mail) => mail.dedupeKey === `quote-answer:${quoteId}`)).toHaveLength(1);

    const again = await answer(quoteId, ama, { intent: "decline", comment: "" });
    expect(statusOf(again)).toBe(409);
    expect(bodyOf(again)).toEqual({ ok: false, errors: {} });
    expect(bodyOf<{ quote: { status: string } }>(await page(quoteId, ama)).quote.status).toBe("accepted");
  });

  it("gives the quote's PDF as the e-mail's link does, printing the account's page", async () => {
    const { quoteId } = await quoteFor(ama.shipper.email, { amountMinor: 123456, city: "Conakry" });
    const response = (await pdf(quoteId, ama)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    const text = (await pdfPagesText(Buffer.from(await response.arrayBuffer()))).join("\n");
    expect(text).toContain("Monrovia to Conakry");
    expect(text).toContain("1,234.56");
    expect(text).toContain(`freight.example/account/quotes/${quoteId}`);
  });

  it("says so when there are no quotes", async () => {
    const nobody = await signedInCustomer(services, { company: "Quiet Ltd" });
    expect(bodyOf(await list(nobody, "?page=abc"))).toEqual({
      rows: [],
      paging: { page: 1, pages: 1, total: 0 },
    });
  });
});
