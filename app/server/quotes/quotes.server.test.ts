// Quotes from the draft to the customer's answer (docs/decisions/016): versions that never change once sent, the
// e-mail through a real SMTP server with its PDF, the link's token (only its hash stored), answers arriving at
// once, and the end of the validity. Booking the accepted quote: bookings.server.test.ts.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quoteRequestStage } from "#app/lib/quote-stage.ts";
import { quoteRequests, quotes } from "#app/server/db/schema.ts";
import { decodePages, pdfInfo, pdfPagesText } from "#app/server/documents/pdf-readers.test-support.ts";
import { answerQuote, findQuoteByToken } from "#app/server/quotes/quote-link.server.ts";
import { listQuotes, saveQuoteDraft, sendQuote, validityEnd } from "#app/server/quotes/quotes.server.ts";
import { input, NOW, quoteFixtures, SITE, settings, TZ } from "#app/server/quotes/quotes.test-support.ts";
import type { Services } from "#app/server/services.server.ts";
import { type SmtpTestServer, startSmtpTestServer } from "#tests/setup/smtp-test-server.ts";
import { createTestServices } from "#tests/setup/test-db.ts";
import { tamperedToken } from "#tests/setup/tokens.ts";

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
const { newRequest, sentQuote } = quoteFixtures(() => services);

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
