// Longer than 450 lines: quotes from the draft to the booking share one database, one SMTP server and the
// request fixtures.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatMinor, parseAmount } from "#app/lib/money.ts";
import { quoteRequestStage } from "#app/lib/quote-stage.ts";
import { readQuoteForm, validateQuoteForm } from "#app/schemas/quote.ts";
import { shipmentSchema } from "#app/schemas/shipment.ts";
import { quoteRequests, quotes, shipments, shippers } from "#app/server/db/schema.ts";
import { decodePages, pdfInfo, pdfPagesText } from "#app/server/documents/pdf-readers.test-support.ts";
import {
  bookingPrefill,
  bookShipment,
  findOrCreateShipperForRequest,
  getQuoteRequestForBooking,
} from "#app/server/quotes/bookings.server.ts";
import { answerQuote, findQuoteByToken } from "#app/server/quotes/quote-link.server.ts";
import { createQuoteRequest } from "#app/server/quotes/quote-requests.server.ts";
import { listQuotes, saveQuoteDraft, sendQuote, validityEnd } from "#app/server/quotes/quotes.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { createShipment } from "#app/server/shipments/shipments.server.ts";
import { type SmtpTestServer, startSmtpTestServer } from "#tests/setup/smtp-test-server.ts";
import { createTestServices } from "#tests/setup/test-db.ts";
import { tamperedToken } from "#tests/setup/tokens.ts";

const SITE = "https://freight.example";
const TZ = "Africa/Monrovia";
const NOW = new Date("2026-11-23T10:00:00Z");
const settings = {
  companyName: "Unitrans",
  timeZone: TZ,
  email: "ops@unitrans.example",
  phone: "+231 555 0100",
  address: "Freeport of Monrovia, Bushrod Island",
};

let services: Services;
let smtp: SmtpTestServer;
beforeAll(async () => {
  smtp = await startSmtpTestServer();
  services = await createTestServices(
    { SMTP_URL: smtp.url, SITE_URL: SITE },
    { outbox: { autostart: false } },
  );
});
afterAll(async () => {
  await services?.close();
  await smtp?.close();
});

let counter = 0;
async function newRequest(
  overrides: Partial<{ email: string; weight: string; freightTypes: string[] }> = {},
) {
  counter += 1;
  const { id } = await createQuoteRequest({
    db: services.db,
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

const input = (lines: [string, number][], validUntil = "2026-12-07") => ({
  currency: "USD" as const,
  validUntil,
  transitTime: "12 days",
  incoterm: "FOB" as const,
  terms: "Payment before release.",
  note: null,
  lines: lines.map(([description, amountMinor]) => ({ description, amountMinor })),
});

async function sentQuote(requestId: string) {
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

describe("amounts in minor units", () => {
  it("reads typed amounts exactly and refuses bad ones", () => {
    expect(parseAmount("1,250.50", "USD")).toEqual({ ok: true, minor: 125050 });
    expect(parseAmount("0.1", "USD")).toEqual({ ok: true, minor: 10 });
    expect(parseAmount("999999999999.99", "USD")).toEqual({ ok: true, minor: 99999999999999 });
    expect(parseAmount("1500", "JPY")).toEqual({ ok: true, minor: 1500 });
    expect(parseAmount("15.5", "JPY").ok).toBe(false);
    expect(parseAmount("1.005", "USD").ok).toBe(false);
    expect(parseAmount("-1", "USD").ok).toBe(false);
    expect(parseAmount("1e5", "USD").ok).toBe(false);
    expect(parseAmount("1234567890123", "USD").ok).toBe(false);
    expect(formatMinor(125050, "USD")).toBe("1,250.50");
    expect(formatMinor(5, "USD")).toBe("0.05");
  });

  it("validates the form: at least one line, no past validity, messages per field", () => {
    const form = new FormData();
    form.set("currency", "USD");
    form.set("validUntil", "2026-11-22");
    form.append("lineDescription", "Freight");
    form.append("lineAmount", "-5");
    form.append("lineDescription", "");
    form.append("lineAmount", "");
    const result = validateQuoteForm(readQuoteForm(form), { today: "2026-11-23" });
    expect(result).toEqual({
      ok: false,
      errors: {
        validUntil: "The validity date cannot be in the past",
        "lines.0.amount": "The amount cannot be negative",
      },
    });
    const empty = new FormData();
    empty.set("currency", "USD");
    empty.set("validUntil", "2026-11-23");
    expect(validateQuoteForm(readQuoteForm(empty), { today: "2026-11-23" })).toEqual({
      ok: false,
      errors: { lines: "A quote needs at least one line" },
    });
  });
});

describe("quotes", () => {
  it("keeps drafts editable, computes the total on the server, and never changes a sent version", async () => {
    const requestId = await newRequest();
    const first = await saveQuoteDraft({
      db: services.db,
      requestId,
      input: input([["Freight", 100]]),
      staffId: null,
      timeZone: TZ,
    });
    const edited = await saveQuoteDraft({
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
    expect(first).toMatchObject({ ok: true, version: 1, created: true });
    expect(edited).toMatchObject({ ok: true, version: 1, created: false });
    let [latest] = await listQuotes({ db: services.db, requestId });
    expect(latest!.totalMinor).toBe(124551);
    expect(latest!.lines.map((l) => l.amountMinor)).toEqual([120050, 4500, 1]);
    expect(latest!.expiresAt).toEqual(validityEnd("2026-12-07", TZ));

    const sent = await sendQuote({
      db: services.db,
      config: services.config,
      logger: services.logger,
      requestId,
      staffId: null,
      settings,
      now: NOW,
    });
    expect(sent).toMatchObject({ ok: true, version: 1, mailQueued: true });
    const v1Token = sent.ok ? sent.token : "";

    const v2 = await saveQuoteDraft({
      db: services.db,
      requestId,
      input: input([["Freight", 99]]),
      staffId: null,
      timeZone: TZ,
    });
    expect(v2).toMatchObject({ ok: true, version: 2, created: true });
    [latest] = await listQuotes({ db: services.db, requestId });
    const all = await listQuotes({ db: services.db, requestId });
    expect(all.map((q) => [q.version, q.state, q.totalMinor])).toEqual([
      [2, "draft", 99],
      [1, "sent", 124551],
    ]);
    expect((await findQuoteByToken({ db: services.db, token: v1Token, now: NOW }))?.status).toBe("open");

    const sent2 = await sendQuote({
      db: services.db,
      config: services.config,
      logger: services.logger,
      requestId,
      staffId: null,
      settings,
      now: NOW,
    });
    expect(sent2.ok).toBe(true);
    expect((await findQuoteByToken({ db: services.db, token: v1Token, now: NOW }))?.status).toBe("replaced");
    const v2Token = sent2.ok ? sent2.token : "";
    expect((await findQuoteByToken({ db: services.db, token: v2Token, now: NOW }))?.quote.version).toBe(2);
    expect(
      await answerQuote({
        db: services.db,
        token: v1Token,
        answer: { kind: "decline", comment: null },
        now: NOW,
      }),
    ).toEqual({ outcome: "closed", status: "replaced" });
  });

  it("stores only the token's hash and answers 'not found' for any other token", async () => {
    const requestId = await newRequest();
    const { token } = await sentQuote(requestId);
    const [row] = await services.db.select().from(quotes).where(eq(quotes.quoteRequestId, requestId));
    expect(row!.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(await findQuoteByToken({ db: services.db, token: tamperedToken(token), now: NOW })).toBeNull();
    expect(await findQuoteByToken({ db: services.db, token: "short", now: NOW })).toBeNull();
  });

  it("e-mails the customer through SMTP with the summary and the link", async () => {
    const requestId = await newRequest({ email: "smtp-customer@example.com" });
    const { token } = await sentQuote(requestId);
    await services.outbox.drain();
    const mail = smtp.received.find((m) => m.to.includes("smtp-customer@example.com"));
    expect(mail).toBeDefined();
    const body = mail!.raw.replace(/=\r?\n/g, "");
    expect(body).toContain(`${SITE}/quote/${token}`);
    expect(body).toContain("Total: 1,245.51 USD");
    expect(body).toContain("Customs clearance: 0.01 USD");

    // The quote's PDF rides along: read from the raw message, its text and its QR code decoded for real.
    const attachment = pdfAttachment(mail!.raw);
    expect(attachment.filename).toBe(`Quote-Q-${requestId.slice(0, 8).toUpperCase()}-v1.pdf`);
    expect((await pdfInfo(attachment.pdf)).pages).toBe(1);
    const [text] = await pdfPagesText(attachment.pdf);
    expect(text).toContain("QUOTATION");
    expect(text).toContain("Unitrans");
    expect(text).toContain("Freeport of Monrovia");
    expect(text).toContain("Customs clearance");
    expect(text).toMatch(/Total\s+1,245\.51 USD/);
    expect(text).not.toContain("DRAFT");
    const codes = (await decodePages(attachment.pdf)).flat();
    expect(codes).toContainEqual({ type: "QR-Code", data: `${SITE}/quote/${token}` });
  });

  it("accepting and declining at once from two tabs ends with one outcome", async () => {
    for (let round = 0; round < 5; round++) {
      const requestId = await newRequest();
      const { token } = await sentQuote(requestId);
      const results = await Promise.all([
        answerQuote({
          db: services.db,
          token,
          answer: { kind: "accept", name: "Ama Mensah", ip: "203.0.113.9", userAgent: "Phone" },
          now: NOW,
        }),
        answerQuote({ db: services.db, token, answer: { kind: "decline", comment: "Too dear" }, now: NOW }),
      ]);
      const done = results.filter((r) => r.outcome === "accepted" || r.outcome === "declined");
      expect(done).toHaveLength(1);
      const [row] = await services.db.select().from(quotes).where(eq(quotes.quoteRequestId, requestId));
      expect(row!.state).toBe(done[0]!.outcome);
      expect(row!.acceptedAt !== null && row!.declinedAt !== null).toBe(false);
      const [request] = await services.db.select().from(quoteRequests).where(eq(quoteRequests.id, requestId));
      expect(request!.quoteState).toBe(row!.state);
    }
  });

  it("accepting twice records the first acceptance only, with name, time, address and browser", async () => {
    const requestId = await newRequest();
    const { token } = await sentQuote(requestId);
    const accept = (name: string) =>
      answerQuote({
        db: services.db,
        token,
        answer: { kind: "accept", name, ip: "203.0.113.9", userAgent: "UA" },
        now: NOW,
      });
    const results = await Promise.all([accept("First"), accept("Second")]);
    expect(results.filter((r) => r.outcome === "accepted")).toHaveLength(1);
    expect(results.filter((r) => r.outcome === "closed")).toEqual([
      { outcome: "closed", status: "accepted" },
    ]);
    const [row] = await services.db.select().from(quotes).where(eq(quotes.quoteRequestId, requestId));
    expect(row).toMatchObject({ acceptedAt: NOW, acceptedIp: "203.0.113.9", acceptedUserAgent: "UA" });
    expect(["First", "Second"]).toContain(row!.acceptedName);
  });

  it("expires at the end of the validity date in the company's time zone (read from the clock)", async () => {
    const requestId = await newRequest();
    const { token } = await sentQuote(requestId); // valid until 2026-12-07, Monrovia is UTC+0
    const lastMinute = new Date("2026-12-07T23:59:00Z");
    const after = new Date("2026-12-08T00:00:00Z");
    expect((await findQuoteByToken({ db: services.db, token, now: lastMinute }))?.status).toBe("open");
    expect((await findQuoteByToken({ db: services.db, token, now: after }))?.status).toBe("expired");
    const [request] = await services.db.select().from(quoteRequests).where(eq(quoteRequests.id, requestId));
    expect(quoteRequestStage(request!, lastMinute)).toBe("Quoted");
    expect(quoteRequestStage(request!, after)).toBe("Expired");
    expect(
      await answerQuote({
        db: services.db,
        token,
        answer: { kind: "accept", name: "Late", ip: null, userAgent: null },
        now: after,
      }),
    ).toEqual({ outcome: "closed", status: "expired" });
  });

  it("refuses to send a draft whose validity date has passed", async () => {
    const requestId = await newRequest();
    await saveQuoteDraft({
      db: services.db,
      requestId,
      input: input([["Freight", 1]], "2026-11-23"),
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
      now: new Date("2026-11-24T09:00:00Z"),
    });
    expect(sent).toEqual({ ok: false, reason: "validity-past" });
  });
});

describe("booking", () => {
  it("prefills route, weight, mode, goods (parcel type and weight, the message as the note) and the shipper matched by e-mail or created", async () => {
    const [existing] = await services.db
      .insert(shippers)
      .values({ name: "Kofi Ltd", email: "Kofi@Example.com" })
      .returning();
    const matched = await findOrCreateShipperForRequest({
      db: services.db,
      request: { firstName: "Kofi", lastName: "A", email: "kofi@example.COM" },
    });
    expect(matched).toEqual({ id: existing!.id, created: false });
    const both = await Promise.all([
      findOrCreateShipperForRequest({
        db: services.db,
        request: { firstName: "New", lastName: "One", email: "new@example.com" },
      }),
      findOrCreateShipperForRequest({
        db: services.db,
        request: { firstName: "New", lastName: "One", email: "NEW@example.com" },
      }),
    ]);
    expect(both[0].id).toBe(both[1].id);
    expect(both.filter((b) => b.created)).toHaveLength(1);
    // A request sent from a French page books a French-speaking shipper (issue 30).
    const french = await findOrCreateShipperForRequest({
      db: services.db,
      request: { firstName: "Awa", lastName: "Traoré", email: "awa@abidjan.example", language: "fr" },
    });
    const [awa] = await services.db.select().from(shippers).where(eq(shippers.id, french.id));
    expect(awa?.language).toBe("fr");

    const requestId = await newRequest({ weight: "2 tons", freightTypes: ["sea"] });
    const found = await getQuoteRequestForBooking({ db: services.db, id: requestId });
    expect(bookingPrefill({ ...found!, shipperId: "s1", today: "2026-11-24" })).toEqual({
      originLocation: "Monrovia",
      destinationLocation: "Accra",
      weight: "2000",
      transportMode: "sea",
      goodsDescription: "Pallets, 2 tons",
      notes: "Fragile",
      incoterm: "",
      estimatedDelivery: "",
      shipperId: "s1",
    });
    // An accepted quote's transit time gives the estimated delivery (its longer end), and its incoterm.
    const quoted = { incoterm: "FOB", transitTime: "5-7 days" };
    expect(
      bookingPrefill({ ...found!, acceptedQuote: quoted, shipperId: "s1", today: "2026-11-24" }),
    ).toMatchObject({ incoterm: "FOB", estimatedDelivery: "2026-12-01" });
    // Cargo ready later than today: the transit counts from that day; a ready date already past counts from today.
    const ready = (readyDate: string) => ({ ...found!, request: { ...found!.request, readyDate } });
    expect(
      bookingPrefill({ ...ready("2026-12-10"), acceptedQuote: quoted, shipperId: "s1", today: "2026-11-24" }),
    ).toMatchObject({ estimatedDelivery: "2026-12-17" });
    expect(
      bookingPrefill({ ...ready("2026-11-01"), acceptedQuote: quoted, shipperId: "s1", today: "2026-11-24" }),
    ).toMatchObject({ estimatedDelivery: "2026-12-01" });
    const vague = await newRequest({ weight: "10 kg, 2 tons", freightTypes: ["sea", "air"] });
    const vagueFound = await getQuoteRequestForBooking({ db: services.db, id: vague });
    expect(
      bookingPrefill({
        ...vagueFound!,
        acceptedQuote: { incoterm: null, transitTime: "depends on the vessel" },
        shipperId: null,
        today: "2026-11-24",
      }),
    ).toMatchObject({ weight: "", transportMode: "", estimatedDelivery: "", shipperId: "requester" });
  });

  it("books once under two parallel calls, linked to the request and its accepted quote", async () => {
    const requestId = await newRequest();
    const { token, quoteId } = await sentQuote(requestId);
    await answerQuote({
      db: services.db,
      token,
      answer: { kind: "accept", name: "Ama", ip: null, userAgent: null },
      now: NOW,
    });
    const shipment = (n: string) =>
      shipmentSchema.parse({
        trackingNumber: `UTG-9${n}`,
        status: "Pending",
        originLocation: "Monrovia",
        destinationLocation: "Accra",
        estimatedDelivery: "2026-12-20",
        weight: "250",
        dimensions: "120x100x150 cm",
      });
    const results = await Promise.all([
      bookShipment({ db: services.db, requestId, input: shipment(`${counter}001`) }),
      bookShipment({ db: services.db, requestId, input: shipment(`${counter}002`) }),
    ]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const rows = await services.db.select().from(shipments).where(eq(shipments.quoteRequestId, requestId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.quoteId).toBe(quoteId);
    const [request] = await services.db.select().from(quoteRequests).where(eq(quoteRequests.id, requestId));
    expect(request!.bookedShipmentId).toBe(rows[0]!.id);
    expect(quoteRequestStage(request!, NOW)).toBe("Booked");
    // Booking is staff acting on it: the request leaves the unread count (the customer's answer had put it back).
    expect(request!.isRead).toBe(true);
    const again = results.find((r) => !r.created);
    expect(again).toEqual({ created: false, shipmentId: rows[0]!.id });
  });

  it("creates the requester as shipper inside the booking: once, and not at all when the booking fails", async () => {
    const email = `booker-${counter}@example.com`;
    const requestId = await newRequest({ email });
    const partiesWithEmail = async () =>
      services.db.select().from(shippers).where(sql`lower(${shippers.email}) = ${email}`);
    const input = (trackingNumber: string) =>
      shipmentSchema.parse({
        trackingNumber,
        status: "Pending",
        originLocation: "Monrovia",
        destinationLocation: "Accra",
        estimatedDelivery: "2026-12-20",
        dimensions: "1x1x1 m",
      });
    // A tracking number another shipment has: the booking fails and leaves no party behind.
    const taken = `UTG-7${counter}000`;
    await createShipment({ db: services.db, input: input(taken) });
    await expect(
      bookShipment({ db: services.db, requestId, input: input(taken), shipperFromRequest: true }),
    ).rejects.toThrow();
    expect(await partiesWithEmail()).toEqual([]);
    const results = await Promise.all([
      bookShipment({
        db: services.db,
        requestId,
        input: input(`UTG-8${counter}001`),
        shipperFromRequest: true,
      }),
      bookShipment({
        db: services.db,
        requestId,
        input: input(`UTG-8${counter}002`),
        shipperFromRequest: true,
      }),
    ]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const parties = await partiesWithEmail();
    expect(parties).toHaveLength(1);
    const [booked] = await services.db
      .select()
      .from(shipments)
      .where(eq(shipments.quoteRequestId, requestId));
    expect(booked!.shipperId).toBe(parties[0]!.id);
  });
});

/** The PDF part of a raw MIME message (base64, as nodemailer writes it) and its file name. */
function pdfAttachment(raw: string): { filename: string; pdf: Buffer } {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  if (!boundary) throw new Error("Not a multipart message");
  const part = raw.split(`--${boundary}`).find((p) => /Content-Type:\s*application\/pdf/i.test(p));
  if (!part) throw new Error("No PDF part");
  const [head, ...body] = part.split(/\r?\n\r?\n/);
  const filename = /filename="?([^";\r\n]+)"?/i.exec(head!)?.[1] ?? "";
  return { filename, pdf: Buffer.from(body.join("").replace(/[\r\n]/g, ""), "base64") };
}
