import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "#app/routes/site/quote.$token.tsx";
import { outbox, quoteRequests, quotes } from "#app/server/db/schema.ts";
import { createQuoteRequest } from "#app/server/quotes/quote-requests.server.ts";
import { defaultValidUntil, saveQuoteDraft, sendQuote } from "#app/server/quotes/quotes.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
beforeAll(async () => {
  services = await createTestServices({ SITE_URL: "https://freight.example" });
});
afterAll(() => services?.close());

type Result = { data?: unknown; init?: { status?: number } | null } & Record<string, unknown>;
const status = (result: unknown) => (result as Result).init?.status ?? 200;
const body = (result: unknown) => ((result as Result).data ?? result) as Record<string, unknown>;

async function sentQuote() {
  const { id } = await createQuoteRequest({
    db: services.db,
    input: {
      firstName: "Ama",
      lastName: "Mensah",
      email: "ama@example.com",
      cityDeparture: "Monrovia",
      deliveryCity: "Accra",
      parcelType: "Pallets",
      weight: "250 kg",
      specialInfo: "",
      freightTypes: ["sea"],
    },
    submissionKey: crypto.randomUUID(),
  });
  const settings = await services.siteSettings.get();
  await saveQuoteDraft({
    db: services.db,
    requestId: id!,
    input: {
      currency: "USD",
      validUntil: defaultValidUntil(settings.timeZone),
      transitTime: null,
      incoterm: null,
      terms: "<script>alert(1)</script>",
      note: null,
      lines: [{ description: "Freight", amountMinor: 50000 }],
    },
    staffId: null,
    timeZone: settings.timeZone,
  });
  const sent = await sendQuote({
    db: services.db,
    config: services.config,
    logger: services.logger,
    requestId: id!,
    staffId: null,
    settings,
  });
  if (!sent.ok) throw new Error(sent.reason);
  return { requestId: id!, token: sent.token };
}

const call = (fn: typeof loader | typeof action, token: string, form?: Record<string, string>) => {
  const url = `https://freight.example/quote/${token}`;
  const request = form
    ? new Request(url, {
        method: "POST",
        body: new URLSearchParams(form),
        headers: { "User-Agent": "PhoneBrowser" },
      })
    : new Request(url);
  return fn({
    request,
    url: new URL(url),
    pattern: "/quote/:token",
    params: { token } as { token: string },
    context: createTestContext(services),
  } as never);
};

describe("/quote/:token", () => {
  it("answers a wrong token with a plain 404", async () => {
    const result = await call(loader, "A".repeat(43));
    expect(status(result)).toBe(404);
    expect(body(result)).toEqual({ kind: "not-found" });
  });

  it("shows the quote; accepting needs a name; accepting records it once and tells staff by e-mail", async () => {
    const { requestId, token } = await sentQuote();
    const page = body(await call(loader, token));
    expect(page).toMatchObject({ kind: "found", status: "open", total: "500.00 USD" });

    const noName = await call(action, token, { intent: "accept", name: "  " });
    expect(status(noName)).toBe(400);
    expect(
      (await services.db.select().from(quotes).where(eq(quotes.quoteRequestId, requestId)))[0]!.state,
    ).toBe("sent");

    const accepted = await call(action, token, { intent: "accept", name: "Ama Mensah" });
    expect(body(accepted)).toEqual({ ok: true, outcome: "accepted" });
    const [row] = await services.db.select().from(quotes).where(eq(quotes.quoteRequestId, requestId));
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
    expect(staffMail.some((mail) => mail.subject === "Quote accepted by Ama Mensah")).toBe(true);

    const declineAfter = await call(action, token, { intent: "decline", comment: "" });
    expect(status(declineAfter)).toBe(409);
    expect(body(await call(loader, token))).toMatchObject({ status: "accepted" });
  });

  it("refuses an unknown intent and a too long comment, changing nothing", async () => {
    const { requestId, token } = await sentQuote();
    expect(status(await call(action, token, { intent: "delete" }))).toBe(400);
    expect(status(await call(action, token, { intent: "decline", comment: "x".repeat(1001) }))).toBe(400);
    const [row] = await services.db.select().from(quotes).where(eq(quotes.quoteRequestId, requestId));
    expect(row!.state).toBe("sent");
  });

  it("refuses control characters in the typed name and comment, which head the staff's e-mail", async () => {
    const { requestId, token } = await sentQuote();
    for (const name of ["Ama\r\nBcc: victim@example.com", "Ama\nMensah", "Ama\u0000"]) {
      const answer = await call(action, token, { intent: "accept", name });
      expect(status(answer), JSON.stringify(name)).toBe(400);
      expect(body(answer)).toMatchObject({
        ok: false,
        errors: { name: expect.stringContaining("not allowed") },
      });
    }
    expect(status(await call(action, token, { intent: "decline", comment: "No\u0007thanks" }))).toBe(400);
    const [row] = await services.db.select().from(quotes).where(eq(quotes.quoteRequestId, requestId));
    expect(row!.state).toBe("sent");
    const mails = await services.db.select().from(outbox);
    expect(mails.some((mail) => mail.subject?.includes("Bcc"))).toBe(false);
  });
});
